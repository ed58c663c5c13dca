import { COPYRIGHT_YEAR } from '@sheetforms/contract';
import { Logo } from '@/components/ui/logo';

export const COPYRIGHT_TEXT = `© ${COPYRIGHT_YEAR} SheetForms. All rights reserved.`;

export function Footer() {
  return (
    <footer className="border-slate-200 border-t bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6 lg:px-8">
        <div className="flex items-center gap-2 text-slate-700">
          <Logo className="size-6" />
          <span className="font-semibold">SheetForms</span>
          <span className="hidden text-slate-400 text-sm sm:inline">· Google Sheets, turned into forms</span>
        </div>
        <p className="text-slate-500 text-sm">{COPYRIGHT_TEXT}</p>
      </div>
    </footer>
  );
}
