import type { ContactMessage } from '@sheetforms/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { MESSAGES_TEXTS } from '../logic/messages';

export interface DeleteMessageDialogProps {
  /** The message to delete; null keeps the dialog closed. */
  message: ContactMessage | null;
  deleting: boolean;
  onConfirm: (message: ContactMessage) => void;
  onClose: () => void;
}

/** The confirm step before a message is deleted for good. */
export function DeleteMessageDialog({ message, deleting, onConfirm, onClose }: DeleteMessageDialogProps) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {message ? (
        <DialogContent title={MESSAGES_TEXTS.deleteTitle}>
          <DialogBody>
            <p className="break-words text-slate-700 text-sm">
              {MESSAGES_TEXTS.deleteDescription(message.name)}
            </p>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{MESSAGES_TEXTS.cancel}</Button>
            </DialogClose>
            <Button variant="danger" isLoading={deleting} onClick={() => onConfirm(message)}>
              {MESSAGES_TEXTS.delete}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
