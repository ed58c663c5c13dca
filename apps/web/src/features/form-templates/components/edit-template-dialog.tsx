import type { FormTemplate } from '@sheetforms/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { TEMPLATES_TEXT } from '../logic/messages';
import { validateTemplateEdit } from '../logic/template-source';
import { TemplateSourceFields } from './template-source-fields';

export interface EditTemplateDialogProps {
  template: FormTemplate;
  isSaving: boolean;
  /** Re-imports the document and saves; resolves true when it was saved. */
  onSave: (name: string, url: string) => Promise<boolean>;
  onClose: () => void;
}

/** Rename a template or point it at another document; saving imports the document again. */
export function EditTemplateDialog({ template, isSaving, onSave, onClose }: EditTemplateDialogProps) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(template.name);
  const [url, setUrl] = useState(template.googleDocsUrl);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const problem = validateTemplateEdit(name, url);
    setError(problem);
    if (problem) return;
    if (await onSave(name, url)) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
    >
      <DialogContent
        title="Edit template"
        description="Saving imports the document again, so the template matches it as it is now."
        initialFocusRef={nameRef}
      >
        <form
          noValidate
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody className="space-y-4">
            <TemplateSourceFields
              id={id}
              name={name}
              url={url}
              onNameChange={setName}
              onUrlChange={setUrl}
              error={error}
              nameRef={nameRef}
            />
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSaving}>
              {isSaving ? TEMPLATES_TEXT.saving : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
