import { type RefObject, useRef } from 'react';

/**
 * Returns focus to whatever opened a dialog or drawer. Radix only refocuses its own Trigger, but the
 * features open dialogs from state (a button in a table row) and render them only while open; without
 * this, focus would fall to <body> when they close. `remember` runs in onOpenAutoFocus (before Radix
 * moves focus in), `restore` in onCloseAutoFocus; when the opener is gone, Radix's default applies.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    restore(event: Event) {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

type AutoFocusHandler = (event: Event) => void;

/**
 * The open and close focus handlers a dialog and a drawer both need: the opener remembered and focused
 * again on close, and `initialFocusRef` (when given) focused on open instead of Radix's first focusable
 * element. The caller's own handlers run first and may prevent either default.
 */
export function usePanelFocus(options: {
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  onOpenAutoFocus?: AutoFocusHandler | undefined;
  onCloseAutoFocus?: AutoFocusHandler | undefined;
}) {
  const returnFocus = useReturnFocus();
  return {
    onOpenAutoFocus(event: Event) {
      returnFocus.remember();
      options.onOpenAutoFocus?.(event);
      const target = options.initialFocusRef?.current;
      if (target && !event.defaultPrevented) {
        event.preventDefault();
        target.focus();
      }
    },
    onCloseAutoFocus(event: Event) {
      options.onCloseAutoFocus?.(event);
      if (!event.defaultPrevented) returnFocus.restore(event);
    },
  };
}
