import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { cn } from './cn';
import { PanelHeader } from './panel-header';
import { usePanelFocus } from './use-return-focus';

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

/** The edge it slides in from: right for a detail panel, left for a navigation menu (18rem wide). */
export type DrawerSide = 'left' | 'right';

const widths: Record<DrawerSize, string> = { md: 'sm:max-w-md', lg: 'sm:max-w-2xl' };

export interface DrawerContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title' | 'asChild'> {
  /** The panel's heading and accessible name. */
  title: ReactNode;
  /** A sentence under the title; it becomes the panel's accessible description. */
  description?: ReactNode;
  size?: DrawerSize;
  /** Default right; a left drawer is the phone's menu and ignores `size`. */
  side?: DrawerSide;
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
  side = 'right',
  initialFocusRef,
  closeLabel = 'Close panel',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DrawerContentProps) {
  const focus = usePanelFocus({ initialFocusRef, onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        className={cn(
          'fixed inset-y-0 z-50 flex h-dvh flex-col bg-white text-slate-800 shadow-2xl outline-none',
          'transition-transform duration-200 ease-out motion-reduce:transition-none',
          side === 'left'
            ? 'left-0 w-72 max-w-[85vw] border-slate-200 border-r starting:-translate-x-full'
            : cn('right-0 w-full sm:border-slate-200 sm:border-l starting:translate-x-full', widths[size]),
          className,
        )}
        {...rest}
      >
        <PanelHeader
          title={title}
          description={description}
          closeLabel={closeLabel}
          titleClassName="break-words"
        />
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
