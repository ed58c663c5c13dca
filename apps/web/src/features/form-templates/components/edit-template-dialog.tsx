import type { FormTemplate } from '@sheetforms/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TEMPLATES_TEXT } from '../logic/messages';
import { validateTemplateEdit } from '../logic/template-source';

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

  const nameInvalid = error !== null && name.trim() === '';
  const urlInvalid = error !== null && !nameInvalid;
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
            <div>
              <Label htmlFor={`${id}-name`}>{TEMPLATES_TEXT.nameLabel}</Label>
              <Input
                ref={nameRef}
                id={`${id}-name`}
                value={name}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={nameInvalid || undefined}
                aria-describedby={nameInvalid ? `${id}-error` : undefined}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-url`}>{TEMPLATES_TEXT.urlLabel}</Label>
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                value={url}
                autoComplete="off"
                onChange={(event) => setUrl(event.target.value)}
                aria-invalid={urlInvalid || undefined}
                aria-describedby={urlInvalid ? `${id}-error` : undefined}
              />
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-red-600 text-sm">
                {error}
              </p>
            ) : null}
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
