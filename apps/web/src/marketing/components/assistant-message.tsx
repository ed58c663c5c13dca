import type { QuestionRow } from '@sheetforms/contract';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { BotIcon, ChatIcon } from '@/components/ui/icons';
import { AnswerText } from './answer-text';
import { CHAT_WITH_US_TEXT, isNoAnswer } from './assistant-answer';
import { primaryLinkClasses } from './styles';

/** A message of the assistant chat (spec 000 section 3: id, text, isBot, timestamp). */
export interface AssistantChatMessage {
  id: string;
  text: string;
  isBot: boolean;
  timestamp: number;
  /** The feed row behind a bot answer, for its links. */
  row?: QuestionRow | undefined;
}

/** One bubble: the visitor's on the right, the assistant's on the left with its markers made live. */
export function AssistantMessage({ message }: { message: AssistantChatMessage }) {
  if (!message.isBot) {
    return (
      <div className="flex justify-end" data-testid="chat-message-user">
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-emerald-700 px-4 py-2.5 text-sm text-white leading-relaxed [overflow-wrap:anywhere] sm:max-w-[75%]">
          <span className="sr-only">You: </span>
          {message.text}
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-end gap-2" data-testid="chat-message-bot">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800"
      >
        <BotIcon className="size-4" />
      </span>
      <p
        className={cn(
          'min-w-0 max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-bl-md bg-slate-100 px-4 py-2.5 text-slate-900 text-sm leading-relaxed [overflow-wrap:anywhere] sm:max-w-[75%]',
        )}
      >
        <span className="sr-only">Assistant: </span>
        <AnswerText answer={message.text} row={message.row} />
        {isNoAnswer(message.text) ? (
          <>
            {' '}
            {/* Nothing in the feed fits: a person from the team can help. */}
            <Link
              to="/chat-support"
              className={primaryLinkClasses('sm', 'mx-0.5 my-0.5 min-h-8 align-middle')}
            >
              <ChatIcon className="size-4" />
              {CHAT_WITH_US_TEXT}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
