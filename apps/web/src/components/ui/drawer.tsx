import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

/**
 * The root of a side panel (a Radix Dialog that slides in from the right): `open`/`onOpenChange`, or a
 * `DrawerTrigger` inside. Modal like the Dialog: focus stays inside, Escape and a click outside close it,
 * focus returns to the opener.
 */
export const Drawer = DialogPrimitive.Root;

/** The button that opens the drawer; `asChild` to use the kit's Button. */
export const DrawerTrigger = DialogPrimitive.Trigger;

/** Closes the drawer when pressed; `asChild` to make a Button close it. */
export const DrawerClose = DialogPrimitive.Close;

/** Widths from 640 px: md ≈ 28rem, lg ≈ 42rem. On phones the drawer takes the whole width. */
export type DrawerSize = 'md' | 'lg';

const widths: Record<DrawerSize, string> = { md: 'sm:max-w-md', lg: 'sm:max-w-2xl' };

export interface DrawerContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title' | 'asChild'> {
  /** The panel's heading and accessible name. */
  title: ReactNode;
  /** A sentence under the title; it becomes the panel's accessible description. */
  description?: ReactNode;
  size?: DrawerSize;
  /** Focused when the drawer opens; without it Radix focuses the first focusable element (the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The accessible name of the × button in the header. */
  closeLabel?: string;
}

/** The panel along the right edge, full height, with a header; put a `DrawerBody` (and a `DrawerFooter`) inside. */
export function DrawerContent({
  title,
  description,
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close panel',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DrawerContentProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          returnFocus.remember();
          onOpenAutoFocus?.(event);
          const target = initialFocusRef?.current;
          if (target && !event.defaultPrevented) {
            event.preventDefault();
            target.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus.restore(event);
        }}
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col bg-white text-slate-800 shadow-2xl outline-none sm:border-slate-200 sm:border-l',
          'transition-transform duration-200 ease-out starting:translate-x-full motion-reduce:transition-none',
          widths[size],
          className,
        )}
        {...rest}
      >
        <div className="flex shrink-0 items-start justify-between gap-4 border-slate-200 border-b px-5 py-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="break-words font-semibold text-lg text-slate-900">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-slate-600 text-sm">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close className="-mr-2 shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2">
            <CloseIcon className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The drawer's scrolling content area. */
export function DrawerBody({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 py-5', className)} {...rest} />;
}

/** Buttons pinned to the bottom of the drawer, right-aligned. */
export function DrawerFooter({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex shrink-0 flex-wrap justify-end gap-3 border-slate-200 border-t bg-slate-50 px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]',
        className,
      )}
      {...rest}
    />
  );
}
