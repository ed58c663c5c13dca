import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ChatBubbleProps {
  /** 'own' messages sit on the right in the brand colour; the other side's on the left. */
  side: 'own' | 'other';
  /** Who wrote it, for assistive technology (e.g. 'You', 'Support'). */
  author: string;
  /** The time (or state) under the bubble. */
  meta?: ReactNode;
  /** Outlined: a message still on its way. */
  pending?: boolean;
  /** Marked in red: a message that was not delivered. */
  failed?: boolean;
  children: ReactNode;
}

/** One chat message: text in a bubble, its author for screen readers, its time or state below. */
export function ChatBubble({
  side,
  author,
  meta,
  pending = false,
  failed = false,
  children,
}: ChatBubbleProps) {
  const own = side === 'own';
  // One colour set per state (cn joins, it does not override). Pending is not faded: white on a faded
  // brand colour fell below 4.5:1; a dashed outline on a pale fill says 'on its way' at about 9:1.
  const colours = failed
    ? 'bg-red-50 text-red-900 ring-1 ring-red-300'
    : pending
      ? 'border border-emerald-400 border-dashed bg-emerald-50 text-emerald-900'
      : own
        ? 'bg-emerald-700 text-white'
        : 'bg-slate-100 text-slate-900';
  return (
    <div className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm [overflow-wrap:anywhere] sm:max-w-[75%]',
          own ? 'rounded-br-md' : 'rounded-bl-md',
          colours,
        )}
      >
        <span className="sr-only">{author}: </span>
        {children}
      </div>
      {meta ? <div className="mt-1 flex items-center gap-2 px-1 text-slate-500 text-xs">{meta}</div> : null}
    </div>
  );
}
