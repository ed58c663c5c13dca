import { type FormField, type FormResponse, type FormTemplate, fillTemplate } from '@sheetforms/contract';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { TEMPLATES_TEXT } from '../logic/messages';
import { previewDocument } from '../logic/preview-document';
import { previewData } from '../logic/preview-values';

export interface TemplatePreviewDialogProps {
  template: FormTemplate;
  fields: readonly FormField[];
  latest: FormResponse | undefined;
  onClose: () => void;
}

/**
 * The template filled as a PDF would be: with the latest response, or sample answers when there is none.
 * The HTML was sanitized by the server; it is still shown in a sandboxed frame that runs no script.
 */
export function TemplatePreviewDialog({ template, fields, latest, onClose }: TemplatePreviewDialogProps) {
  const { html, source } = useMemo(() => {
    const data = previewData(fields, latest);
    return { html: previewDocument(fillTemplate(template.content, data.values)), source: data.source };
  }, [template.content, fields, latest]);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        size="lg"
        title={`Preview: ${template.name}`}
        description={
          source === 'latest-response' ? TEMPLATES_TEXT.previewFromLatest : TEMPLATES_TEXT.previewFromSample
        }
      >
        <DialogBody>
          <iframe
            title={`Preview of ${template.name}`}
            sandbox=""
            srcDoc={html}
            className="h-[60dvh] w-full rounded-lg border border-slate-200 bg-white"
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
