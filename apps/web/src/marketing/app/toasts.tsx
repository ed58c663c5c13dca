import { TOAST_AUTO_CLOSE_MS } from '@sheetforms/contract';
import { useEffect, useSyncExternalStore } from 'react';
import type { FlashMessage } from '@/lib/flash-message';

/**
 * Toasts for the public pages (spec 000 section 9: top right, 5000 ms, pausing on hover and focus loss).
 * react-toastify and its styles load on the first toast, not with the page: most visits show none.
 * The one container lives in the layout; a page that toasts by itself (chat support) calls
 * `loadToasts()` so the container is there.
 */
type Toastify = typeof import('react-toastify');

let toastify: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
const queued: FlashMessage[] = [];
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Toastify> {
  loading ??= Promise.all([
    import('react-toastify'),
    import('react-toastify/ReactToastify.css'),
    import('./toasts.css'),
  ]).then(([module]) => {
    toastify = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** Shows a toast once the container is up. */
export function notify(message: FlashMessage): void {
  queued.push(message);
  for (const listener of listeners) listener();
  void loadToasts();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const module = useSyncExternalStore(
    subscribe,
    () => toastify,
    () => null,
  );
  const pending = useSyncExternalStore(
    subscribe,
    () => queued.length,
    () => 0,
  );

  // The container below registers in its own effect, which runs before this one: toasts reach it.
  useEffect(() => {
    if (!module || pending === 0) return;
    for (const message of queued.splice(0)) module.toast[message.kind](message.text);
  }, [module, pending]);

  if (!module) return null;
  return (
    <module.ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
    />
  );
}
