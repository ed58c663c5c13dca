import type { FormTemplate } from '@sheetforms/contract';
import { Dialog, DialogBody, DialogContent } from '@/components/ui/dialog';
import { ChevronRightIcon, DocumentIcon } from '@/components/ui/icons';

export interface ExportTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  templates: readonly FormTemplate[];
  /** Called after the dialog closed itself; the caller starts the download. */
  onChoose: (template: FormTemplate) => void;
}

/** Spec 001: the 'Export Template' modal listing the form's templates; choosing one downloads a PDF. */
export function ExportTemplateDialog({
  open,
  onOpenChange,
  title,
  description,
  templates,
  onChoose,
}: ExportTemplateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <DialogBody>
          <ul className="flex flex-col gap-2">
            {templates.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  onClick={() => {
                    onOpenChange(false);
                    onChoose(template);
                  }}
                  className="flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left hover:border-emerald-300 hover:bg-emerald-50/60 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700"
                  >
                    <DocumentIcon className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1 break-words font-medium text-slate-900 text-sm">
                    {template.name || 'Untitled template'}
                  </span>
                  <ChevronRightIcon className="size-4 shrink-0 text-slate-400" />
                </button>
              </li>
            ))}
          </ul>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
