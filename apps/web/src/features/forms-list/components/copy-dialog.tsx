import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/ui/button';
import { copyText } from '../logic/clipboard';
import { CheckCircleIcon, CopyIcon } from './icons';
import { ModalDialog } from './modal-dialog';

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

/** Spec 000 section 2: a read-only text area, Close, and 'Copy to Clipboard'. */
export function CopyDialog({
  title,
  description,
  label,
  text,
  successMessage,
  rows = 3,
  onClose,
}: CopyDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
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
    <ModalDialog
      title={title}
      description={description}
      onClose={onClose}
      dialogRef={dialogRef}
      initialFocusRef={copyRef}
      footer={
        <>
          {copied ? (
            // The toast announces it; this mark is for the eye, as the backdrop dims the toast.
            <span
              aria-hidden="true"
              className="mr-auto inline-flex items-center gap-1.5 self-center font-medium text-emerald-700 text-sm"
            >
              <CheckCircleIcon />
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
        </>
      }
    >
      <label htmlFor={textAreaId} className="mb-1.5 block font-medium text-slate-700 text-sm">
        {label}
      </label>
      <textarea
        ref={textAreaRef}
        id={textAreaId}
        readOnly
        rows={rows}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-slate-800 text-sm focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600/30"
      />
    </ModalDialog>
  );
}
