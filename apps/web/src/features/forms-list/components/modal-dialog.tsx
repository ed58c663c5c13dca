import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

export interface ModalDialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom, right-aligned. */
  footer: ReactNode;
  /** Focused when the dialog opens; otherwise the browser focuses the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'md' | 'lg';
  dialogRef?: RefObject<HTMLDialogElement | null>;
}

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape closes it, a click on the backdrop closes it, and focus returns to the opener when it closes.
 * Render it only while open.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  children,
  footer,
  initialFocusRef,
  size = 'md',
  dialogRef,
}: ModalDialogProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;
  const titleId = useId();
  const descriptionId = useId();
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    initialFocusRef?.current?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, initialFocusRef]);

  return (
    // Escape is the dialog's keyboard way out (the cancel event); the backdrop click is a mouse extra.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard equivalent is Escape, handled by onCancel
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // Escape pressed again quickly can close it natively; keep the state in step. The close event is
      // queued, so one from an earlier close() (StrictMode's remount) arrives while the dialog is open again.
      onClose={(event) => {
        if (!event.currentTarget.open) onCloseRef.current();
      }}
      // A click on the backdrop closes it; a drag that started inside (selecting text) does not.
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onCloseRef.current();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px] ${
        size === 'lg' ? 'max-w-2xl' : 'max-w-lg'
      }`}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
          <div>
            <h2 id={titleId} className="font-semibold text-lg text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-slate-600 text-sm">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            className="-mr-2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span className="sr-only">Close dialog</span>
          </button>
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
        <div className="flex flex-wrap justify-end gap-3 border-slate-200 border-t bg-slate-50 px-6 py-4">
          {footer}
        </div>
      </div>
    </dialog>
  );
}
