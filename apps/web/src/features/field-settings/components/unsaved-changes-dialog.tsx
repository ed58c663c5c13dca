import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { UNSAVED_CHANGES_TEXT, type UnsavedChangesGuard } from '../use-unsaved-changes-guard';

/** The question of useUnsavedChangesGuard: Stay (focused, the safe answer) or Leave. */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesGuard }) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={guard.isAsking}
      onOpenChange={(open) => {
        // Escape, a click outside and the × button all mean Stay.
        if (!open) guard.stay();
      }}
    >
      <DialogContent
        title={UNSAVED_CHANGES_TEXT.title}
        description={UNSAVED_CHANGES_TEXT.body}
        initialFocusRef={stayRef}
        role="alertdialog"
      >
        <DialogFooter>
          <Button ref={stayRef} variant="secondary" onClick={guard.stay}>
            {UNSAVED_CHANGES_TEXT.stay}
          </Button>
          <Button variant="danger" onClick={guard.leave}>
            {UNSAVED_CHANGES_TEXT.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
