import type { FormTemplate } from '@sheetforms/contract';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { deleteConfirmText, TEMPLATES_TEXT } from '../logic/messages';

export interface DeleteTemplateDialogProps {
  template: FormTemplate;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Deleting cannot be undone, so it is confirmed; Cancel has the focus. */
export function DeleteTemplateDialog({
  template,
  isDeleting,
  onConfirm,
  onClose,
}: DeleteTemplateDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isDeleting) onClose();
      }}
    >
      <DialogContent
        title="Delete template?"
        description={deleteConfirmText(template.name)}
        initialFocusRef={cancelRef}
      >
        <DialogFooter>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={isDeleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isDeleting}>
            {isDeleting ? TEMPLATES_TEXT.deleting : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
