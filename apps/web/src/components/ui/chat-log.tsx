import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { ArrowDownIcon } from './icons';

/** How close to the end (px) still counts as "at the end": new messages then scroll into view. */
const END_SLACK_PX = 48;

export interface ChatLogProps {
  /** The accessible name of the log (e.g. 'Messages'). */
  label: string;
  /** Changes whenever content is added (e.g. the number of messages shown). */
  contentKey: unknown;
  /** Changes when the reader's own action must bring the end into view (they sent a message). */
  revealKey?: unknown;
  /** Text of the button that jumps to new messages while the reader is scrolled up. */
  jumpLabel?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A scrolling list of chat messages (role="log", announced politely). It follows new messages while
 * the reader is at the end, stays put while they read further up (then offers a button to jump to the
 * new ones), and can be focused so the keyboard scrolls it.
 */
export function ChatLog({
  label,
  contentKey,
  revealKey,
  jumpLabel = 'Jump to new messages',
  className,
  children,
}: ChatLogProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [missed, setMissed] = useState(false);

  const scrollToEnd = () => {
    const box = boxRef.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    atEnd.current = true;
    setMissed(false);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when content is added, by design
  useLayoutEffect(() => {
    if (atEnd.current) scrollToEnd();
    else setMissed(true);
  }, [contentKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the reader acted, by design
  useLayoutEffect(() => {
    if (revealKey !== undefined) scrollToEnd();
  }, [revealKey]);

  return (
    <div className={cn('relative min-h-0', className)}>
      <div
        ref={boxRef}
        role="log"
        aria-label={label}
        // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight <= END_SLACK_PX;
          if (atEnd.current) setMissed(false);
        }}
        className="h-full space-y-3 overflow-y-auto overscroll-contain p-4 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:-outline-offset-2"
      >
        {children}
      </div>
      {missed ? (
        <button
          type="button"
          onClick={scrollToEnd}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-slate-900/85 px-3 py-1.5 font-medium text-white text-xs shadow-lg hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          <ArrowDownIcon className="size-3.5" />
          {jumpLabel}
        </button>
      ) : null}
    </div>
  );
}
