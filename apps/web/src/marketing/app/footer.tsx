import { COPYRIGHT_YEAR } from '@sheetforms/contract';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { NAV_LINKS } from './top-bar';

export const COPYRIGHT_TEXT = `© ${COPYRIGHT_YEAR} SheetForms. All rights reserved.`;

/** The public pages' footer (spec 000 section 2): the copyright line, with the pages again. */
export function Footer() {
  return (
    <footer className="border-slate-200 border-t bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:px-6 md:flex-row lg:px-8">
        <div className="flex items-center gap-2 text-slate-700">
          <Logo className="size-6" />
          <span className="font-semibold">SheetForms</span>
          <span className="hidden text-slate-600 text-sm sm:inline">· Google Sheets, turned into forms</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-1 gap-y-1 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-block rounded px-2 py-2 text-slate-700 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-slate-600 text-sm">{COPYRIGHT_TEXT}</p>
      </div>
    </footer>
  );
}
