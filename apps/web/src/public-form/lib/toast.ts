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

/**
 * One toast at a time: a respondent's page says one thing at once, and a stack of them covered the
 * result on a phone (and left an earlier error beside the success). A new message replaces the old.
 */
function push(kind: ToastKind, message: string) {
  // The same message twice in a row (a double click, a retried request) shows once.
  const current = items[0];
  if (current && current.kind === kind && current.message === message) return;
  items = [{ id: nextId++, kind, message }];
  emit();
}

export interface ToastStore extends Notify {
  dismiss(id: number): void;
  /** Drops whatever shows: the page moved on and it no longer describes what is on screen. */
  clear(): void;
  subscribe(listener: Listener): () => void;
}

/**
 * A tiny toast store for the public bundle (react-toastify alone would add about 10 kB gzip of
 * JavaScript and 3 kB of CSS to a page whose whole point is being small). Rendered by <Toaster/>.
 */
export const toast: ToastStore = {
  success: (message) => push('success', message),
  error: (message) => push('error', message),
  info: (message) => push('info', message),
  warning: (message) => push('warning', message),
  dismiss(id) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  clear() {
    if (items.length === 0) return;
    items = [];
    emit();
  },
  subscribe(listener) {
    listeners.add(listener);
    listener(items);
    return () => listeners.delete(listener);
  },
};
