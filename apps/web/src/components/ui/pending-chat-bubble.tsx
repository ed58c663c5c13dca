import { Button } from './button';
import { ChatBubble } from './chat-bubble';
import { LinkedText } from './linked-text';

export const SENDING_TEXT = 'Sending…';
export const NOT_DELIVERED_TEXT = 'Not delivered';
export const RETRY_TEXT = 'Retry';

export interface PendingChatBubbleProps {
  text: string;
  /** Who wrote it, for assistive technology ('You', 'Support'). */
  author: string;
  state: 'sending' | 'failed';
  /** Whether a failed message offers Retry (not in a closed chat). */
  canRetry: boolean;
  onRetry(): void;
}

/** A message sent optimistically: faded while on its way, red with Retry when it was not delivered. */
export function PendingChatBubble({ text, author, state, canRetry, onRetry }: PendingChatBubbleProps) {
  return (
    <ChatBubble
      side="own"
      author={author}
      pending={state === 'sending'}
      failed={state === 'failed'}
      meta={
        state === 'sending' ? (
          <span>{SENDING_TEXT}</span>
        ) : (
          <>
            <span className="font-medium text-red-700">{NOT_DELIVERED_TEXT}</span>
            {canRetry ? (
              <Button variant="ghost" size="sm" className="px-2 py-0.5" onClick={onRetry}>
                {RETRY_TEXT}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <LinkedText text={text} />
    </ChatBubble>
  );
}
