import type { Notify } from '../logic/submit';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (items: readonly ToastItem[]) => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(items);
}

function push(kind: ToastKind, message: string) {
  // The same message twice in a row (a double click, a retried request) shows once.
  const last = items[items.length - 1];
  if (last && last.kind === kind && last.message === message) return;
  items = [...items, { id: nextId++, kind, message }].slice(-4);
  emit();
}

/**
 * A tiny toast store for the public bundle (react-toastify alone would add about 10 kB gzip of
 * JavaScript and 3 kB of CSS to a page whose whole point is being small). Rendered by <Toaster/>.
 */
export const toast: Notify & { dismiss(id: number): void; subscribe(listener: Listener): () => void } = {
  success: (message) => push('success', message),
  error: (message) => push('error', message),
  info: (message) => push('info', message),
  warning: (message) => push('warning', message),
  dismiss(id) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  subscribe(listener) {
    listeners.add(listener);
    listener(items);
    return () => listeners.delete(listener);
  },
};
