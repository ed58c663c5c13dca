import { useRef } from 'react';

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
