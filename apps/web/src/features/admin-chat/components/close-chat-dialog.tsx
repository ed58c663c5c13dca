import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { CANCEL, CLOSE_CHAT, CLOSE_CHAT_DESCRIPTION, CLOSE_CHAT_TITLE } from '../logic/texts';

export interface CloseChatDialogProps {
  userName: string;
  isClosing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Closing cannot be undone, so it is confirmed; Cancel has the focus. */
export function CloseChatDialog({ userName, isClosing, onConfirm, onCancel }: CloseChatDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isClosing) onCancel();
      }}
    >
      <DialogContent
        title={CLOSE_CHAT_TITLE}
        description={`${userName}: ${CLOSE_CHAT_DESCRIPTION}`}
        initialFocusRef={cancelRef}
      >
        <DialogFooter>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isClosing}>
            {CANCEL}
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isClosing}>
            {CLOSE_CHAT}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
