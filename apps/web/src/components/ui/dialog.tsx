import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { cn } from './cn';
import { PanelHeader } from './panel-header';
import { usePanelFocus } from './use-return-focus';

/**
 * The root of a modal dialog (Radix Dialog): `open`/`onOpenChange` to control it, or a `DialogTrigger`
 * inside. Radix keeps focus inside while it is open, closes it on Escape and on a click outside, hides
 * the rest of the page from assistive technology and returns focus to the opener when it closes.
 */
export const Dialog = DialogPrimitive.Root;

/** The button that opens the dialog; `asChild` to use the kit's Button. Focus returns here on close. */
export const DialogTrigger = DialogPrimitive.Trigger;

/** Closes the dialog when pressed; `asChild` to make a footer Button close it. */
export const DialogClose = DialogPrimitive.Close;

/** Widths on tablets and desktops: md ≈ 32rem, lg ≈ 42rem. On phones the dialog is always full width. */
export type DialogSize = 'md' | 'lg';

const widths: Record<DialogSize, string> = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

export interface DialogContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title' | 'asChild'> {
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** A sentence under the title; it becomes the dialog's accessible description. */
  description?: ReactNode;
  size?: DialogSize;
  /** Focused when the dialog opens; without it Radix focuses the first focusable element (the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The accessible name of the × button in the header. */
  closeLabel?: string;
}

/**
 * The dialog's panel with its header (title, description, × button). Put a `DialogBody` and a
 * `DialogFooter` inside. On phones it is a sheet along the bottom edge; from 640 px a centred card.
 */
export function DialogContent({
  title,
  description,
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close dialog',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DialogContentProps) {
  const focus = usePanelFocus({ initialFocusRef, onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
      <DialogPrimitive.Content
        // Without a description Radix must not point aria-describedby at a missing element.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-1rem)] w-full flex-col overflow-hidden rounded-t-2xl bg-white text-slate-800 shadow-2xl outline-none',
          'transition duration-200 starting:translate-y-8 starting:opacity-0 motion-reduce:transition-none',
          'sm:inset-0 sm:m-auto sm:h-fit sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:rounded-2xl sm:starting:translate-y-2',
          widths[size],
          className,
        )}
        {...rest}
      >
        <PanelHeader title={title} description={description} closeLabel={closeLabel} className="sm:px-6" />
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's content area; it scrolls when the content is taller than the screen. */
export function DialogBody({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6', className)} {...rest} />;
}

/** The row of buttons at the bottom, right-aligned; it stays visible while the body scrolls. */
export function DialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex shrink-0 flex-wrap justify-end gap-3 border-slate-200 border-t bg-slate-50 px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-4',
        className,
      )}
      {...rest}
    />
  );
}
