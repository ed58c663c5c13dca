import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { CheckCircleIcon, CopyIcon } from '@/components/ui/icons';
import { Label } from '@/components/ui/label';
import { copyText } from '@/lib/clipboard';

export const COPY_BUTTON_TEXT = 'Copy to Clipboard';
export const COPY_FAILED_TEXT = 'Could not copy automatically. Select the text and copy it yourself.';

export interface CopyDialogProps {
  title: string;
  description: string;
  /** The label of the read-only text area. */
  label: string;
  text: string;
  /** Shown when the copy worked, e.g. 'Iframe code copied to clipboard!'. */
  successMessage: string;
  rows?: number;
  onClose: () => void;
}

/** Spec 000 section 2: a read-only text area, Close, and 'Copy to Clipboard'. Render it only while open. */
export function CopyDialog({
  title,
  description,
  label,
  text,
  successMessage,
  rows = 3,
  onClose,
}: CopyDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const textAreaId = useId();
  const [copying, setCopying] = useState(false);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    setCopying(true);
    const ok = await copyText(text, dialogRef.current ?? document.body);
    setCopying(false);
    setCopied(ok);
    if (ok) {
      toast.success(successMessage);
    } else {
      textAreaRef.current?.select();
      toast.error(COPY_FAILED_TEXT);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent ref={dialogRef} title={title} description={description} initialFocusRef={copyRef}>
        <DialogBody>
          <Label htmlFor={textAreaId}>{label}</Label>
          <textarea
            ref={textAreaRef}
            id={textAreaId}
            readOnly
            rows={rows}
            value={text}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-slate-800 text-sm focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600/30"
          />
        </DialogBody>
        <DialogFooter>
          {copied ? (
            // The toast announces it; this mark is for the eye, as the backdrop dims the toast.
            <span
              aria-hidden="true"
              className="mr-auto inline-flex items-center gap-1.5 self-center font-medium text-emerald-700 text-sm"
            >
              <CheckCircleIcon className="size-4" />
              Copied
            </span>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <button
            ref={copyRef}
            type="button"
            className={buttonClasses('primary')}
            onClick={() => void copy()}
            disabled={copying}
            aria-busy={copying || undefined}
          >
            <CopyIcon className="size-4" />
            {COPY_BUTTON_TEXT}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
