import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { CONFLICT_TEXT } from '../logic/messages';

export interface SaveConflictDialogProps {
  open: boolean;
  /** Said inside the dialog (a toast outside a modal dialog is hidden from screen readers). */
  problem: string | null;
  /** Keep editing: the dialog closes, the draft stays, Update Form will be refused again. */
  onKeepEditing: () => void;
  /** Drop this editor's changes and show the form as it is now. */
  onLoadLatest: () => void;
  /** Replace the other save with this editor's version. */
  onSaveMine: () => void;
  isSaving: boolean;
}

/**
 * A save refused because the form was saved elsewhere after this editor loaded it (409 FORM_CHANGED,
 * decision 0041). Keep editing is focused: the answer that changes nothing.
 */
export function SaveConflictDialog({
  open,
  problem,
  onKeepEditing,
  onLoadLatest,
  onSaveMine,
  isSaving,
}: SaveConflictDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // The buttons are disabled while a save runs, which drops the focus: give it back to the safe answer.
  useEffect(() => {
    if (open && !isSaving) keepRef.current?.focus();
  }, [open, isSaving]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Escape, a click outside and the × button all mean Keep editing (not while a save runs).
        if (!next && !isSaving) onKeepEditing();
      }}
    >
      <DialogContent
        title={CONFLICT_TEXT.title}
        description={CONFLICT_TEXT.body}
        initialFocusRef={keepRef}
        role="alertdialog"
        // Wide enough for the three answers on one line from tablets up.
        size="lg"
      >
        <DialogBody className="space-y-3">
          <p className="text-slate-600 text-sm">{CONFLICT_TEXT.choices}</p>
          {problem ? (
            <p role="alert" className="font-medium text-red-700 text-sm">
              {problem}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button ref={keepRef} variant="secondary" onClick={onKeepEditing} disabled={isSaving}>
            {CONFLICT_TEXT.keepEditing}
          </Button>
          <Button variant="secondary" onClick={onLoadLatest} disabled={isSaving}>
            {CONFLICT_TEXT.loadLatest}
          </Button>
          <Button variant="danger" onClick={onSaveMine} isLoading={isSaving}>
            {CONFLICT_TEXT.saveMine}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
