import { useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '../lib/constants';
import { type ToastItem, toast } from '../lib/toast';

const styles: Record<ToastItem['kind'], { bar: string; icon: string; path: string }> = {
  success: { bar: 'bg-emerald-500', icon: 'text-emerald-600', path: 'M5 13l4 4L19 7' },
  error: { bar: 'bg-red-500', icon: 'text-red-600', path: 'M6 6l12 12M18 6L6 18' },
  warning: { bar: 'bg-amber-500', icon: 'text-amber-600', path: 'M12 8v5m0 3.5v.5' },
  info: { bar: 'bg-sky-500', icon: 'text-sky-600', path: 'M12 11v6m0-9.5v.5' },
};

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  const style = styles[item.kind];
  const urgent = item.kind === 'error' || item.kind === 'warning';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: role is status or alert; hover and focus only pause the timer.
    <div
      role={urgent ? 'alert' : 'status'}
      data-kind={item.kind}
      className="pf-toast pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl bg-white py-3 pr-2 pl-4 text-slate-800 text-sm shadow-lg ring-1 ring-slate-900/10"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${style.bar}`} />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`mt-0.5 size-4 shrink-0 ${style.icon}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      >
        <path d={style.path} />
      </svg>
      <p className="flex-1 font-medium leading-snug">{item.message}</p>
      <button
        type="button"
        onClick={() => toast.dismiss(item.id)}
        className="-my-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label="Dismiss notification"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The toast (spec 001 section 9: 5000 ms, top right), paused while hovered or focused. It sits in the
 * page's flow above the card and only sticks to the top once the page is scrolled: at 390 px a fixed
 * toast covered the 'Thank You!' card, while in the flow it pushes the card down instead. A long form
 * scrolled to its Submit button still sees a failure, stuck over the form's fields.
 */
export function Toaster() {
  const [items, setItems] = useState<readonly ToastItem[]>([]);
  useEffect(() => toast.subscribe(setItems), []);
  return (
    <section aria-label="Notifications" className="pf-toaster pointer-events-none sticky top-0 z-50">
      {items.length > 0 ? (
        <div className="mx-auto flex w-full max-w-2xl justify-end px-3 pt-3 sm:px-6">
          <div className="w-full sm:w-80">
            {items.map((item) => (
              <Toast key={item.id} item={item} />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
