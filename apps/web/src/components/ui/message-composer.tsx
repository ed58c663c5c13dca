import { CHAT_LIMITS } from '@sheetforms/contract';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from './button';
import { Textarea } from './textarea';

export interface MessageComposerProps {
  label: string;
  placeholder: string;
  sendLabel: string;
  /** Returns whether the message was taken (then the box empties). */
  onSend: (text: string) => boolean;
  /** Called on each edit (e.g. to tell the other side someone is typing). */
  onType?: () => void;
  disabled?: boolean;
}

/** A message box with a Send button: Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({
  label,
  placeholder,
  sendLabel,
  onSend,
  onType,
  disabled = false,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const id = useId();

  const submit = () => {
    if (disabled || !text.trim()) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character (Enter confirms the composition there).
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
        {label}
      </label>
      <Textarea
        id={id}
        rows={2}
        value={text}
        placeholder={placeholder}
        maxLength={CHAT_LIMITS.messageMax}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          onType?.();
        }}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-11 resize-none!"
      />
      <Button type="submit" disabled={disabled || !text.trim()} className="h-11 shrink-0">
        {sendLabel}
      </Button>
    </form>
  );
}
