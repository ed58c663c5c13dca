import { ASSISTANT } from '@sheetforms/contract';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SendIcon } from '@/components/ui/icons';
import { PRIMARY_DARK } from './styles';

export const CHAT_INPUT_LABEL = 'Your question';
export const CHAT_INPUT_PLACEHOLDER = 'Ask a follow-up question…';
export const CHAT_SEND_LABEL = 'Send';
/** A follow-up question's length limit. */
export const CHAT_INPUT_MAX = 1_000;

/** The box's height for its content: between 44 and 120 px (spec 000 sections 2 and 9). */
export function clampInputHeight(contentHeight: number): number {
  return Math.min(ASSISTANT.inputMaxHeightPx, Math.max(ASSISTANT.inputMinHeightPx, Math.ceil(contentHeight)));
}

export interface ChatInputProps {
  /** A reply is on its way: Send waits for it. */
  pending: boolean;
  onSend: (text: string) => void;
}

/** The /chat composer: a text area that grows with its text; Enter sends, Shift+Enter adds a line. */
export function ChatInput({ pending, onSend }: ChatInputProps) {
  const [text, setText] = useState('');
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const canSend = text.trim() !== '' && !pending;

  // Height follows the content, also when the box empties after a send.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured whenever the text changes
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    const borders = box.offsetHeight - box.clientHeight;
    const height = clampInputHeight(box.scrollHeight + Math.max(0, borders));
    box.style.height = `${height}px`;
    box.style.overflowY = height >= ASSISTANT.inputMaxHeightPx ? 'auto' : 'hidden';
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes a character: Enter confirms the composition there.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      className="flex items-end gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {CHAT_INPUT_LABEL}
      </label>
      <textarea
        ref={boxRef}
        id={id}
        rows={1}
        value={text}
        maxLength={CHAT_INPUT_MAX}
        placeholder={CHAT_INPUT_PLACEHOLDER}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        className={cn(
          'block min-h-11 w-full min-w-0 resize-none rounded-xl border border-slate-300 bg-white px-3.5 py-2 text-base text-slate-900 leading-6 shadow-xs sm:py-2.5 sm:text-sm sm:leading-5',
          'max-h-[120px] overflow-hidden placeholder:text-slate-500 focus:border-emerald-600 focus:outline-none focus:ring-4 focus:ring-emerald-600/20',
        )}
      />
      <span id={`${id}-hint`} className="sr-only">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <Button type="submit" disabled={!canSend} className={cn('h-11 shrink-0 rounded-xl', PRIMARY_DARK)}>
        <SendIcon className="size-4" />
        <span className="sr-only sm:not-sr-only">{CHAT_SEND_LABEL}</span>
      </Button>
    </form>
  );
}
