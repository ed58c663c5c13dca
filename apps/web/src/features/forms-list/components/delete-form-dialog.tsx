import type { FormListItem } from '@sheetforms/contract';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteForm } from '../api/delete-form';

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this form?';
export const DELETE_FAILED_TEXT = 'Failed to delete form. Please try again.';

/** The dialog's heading (its accessible name) names the form, so no one deletes the wrong one (issue 22). */
export function deleteDialogTitle(name: string): string {
  return `Delete “${name}”?`;
}

/** What goes with the form: its responses, counted as the list counts them. */
export function deleteConsequenceText(responseCount: number): string {
  if (responseCount === 0) return 'It has no responses. This cannot be undone.';
  if (responseCount === 1) return 'Its 1 response is deleted with it. This cannot be undone.';
  return `Its ${responseCount.toLocaleString()} responses are deleted with it. This cannot be undone.`;
}

/**
 * Spec 000 section 5: deleting a form asks 'Are you sure you want to delete this form?' first, and says
 * which form and how many responses go with it. Cancel has the focus; the dialog stays open (its Delete
 * busy) until the server answers. After a delete the row is gone, so focus goes to the list (onDeleted)
 * rather than back to the row's button.
 */
export function DeleteFormDialog({
  form,
  onClose,
  onDeleted,
}: {
  form: FormListItem;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteForm();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const confirm = () => {
    remove.mutate(form.formId, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Form deleted successfully');
        deleted.current = true;
        onClose();
      },
      onError: (error) => {
        console.error('Deleting the form failed:', getErrorMessage(error, DELETE_FAILED_TEXT));
        toast.error(DELETE_FAILED_TEXT);
        onClose();
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent
        title={deleteDialogTitle(form.name)}
        description={
          <>
            <span className="block">{DELETE_CONFIRM_TEXT}</span>
            <span className="mt-2 block font-medium text-slate-700">
              {deleteConsequenceText(form.responseCount)}
            </span>
          </>
        }
        initialFocusRef={cancelRef}
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <DialogFooter>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} isLoading={remove.isPending}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
