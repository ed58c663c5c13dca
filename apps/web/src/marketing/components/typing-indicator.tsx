import { BotIcon } from '@/components/ui/icons';

export const TYPING_LABEL = 'The assistant is typing…';

/** Three bouncing dots in an assistant bubble; announced once as a status. */
export function TypingIndicator() {
  return (
    <div role="status" className="flex items-end gap-2" data-testid="assistant-typing">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800"
      >
        <BotIcon className="size-4" />
      </span>
      <span className="inline-flex items-center gap-1 rounded-2xl rounded-bl-md bg-slate-100 px-4 py-3">
        <span className="sr-only">{TYPING_LABEL}</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 animate-bounce rounded-full bg-slate-500 motion-reduce:animate-none"
          />
        ))}
      </span>
    </div>
  );
}
