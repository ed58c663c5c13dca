import { CHAT_MESSAGES } from '@sheetforms/contract';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChatIcon, InfoIcon, LockIcon, WarningIcon } from '@/components/ui/icons';
import { MessageComposer } from '@/components/ui/message-composer';
import { useVisitorChat } from '../hooks/use-visitor-chat';
import {
  CHAT_SUPPORT_TITLE,
  MESSAGE_LABEL,
  MESSAGE_PLACEHOLDER,
  SEND_LABEL,
  START_NEW_CHAT_TEXT,
} from '../logic/texts';
import { VisitorMessages } from './visitor-messages';
import { WelcomeDialog } from './welcome-dialog';

/** /chat-support (spec 001 sections 2, 4, 5 and 8): the welcome dialog, then the chat window. */
export function ChatSupportPage() {
  const navigate = useNavigate();
  const chat = useVisitorChat();
  const { session } = chat;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"
        >
          <ChatIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            {CHAT_SUPPORT_TITLE}
          </h1>
          {session ? (
            <p className="break-words text-slate-600 [overflow-wrap:anywhere]">
              {CHAT_MESSAGES.chattingAs(session.userName)}
            </p>
          ) : null}
        </div>
      </div>

      <section
        aria-label="Chat"
        className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 shadow-sm sm:p-5"
      >
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm ring-1 ring-amber-200 ring-inset">
          <InfoIcon className="mt-0.5 size-4 shrink-0" />
          {CHAT_MESSAGES.sessionWarning}
        </p>

        <VisitorMessages
          messages={chat.messages}
          pending={chat.pending}
          readUpTo={chat.readUpTo}
          supportTyping={chat.supportTyping}
          canRetry={!chat.isClosed}
          onRetry={chat.retry}
        />

        {chat.isClosed ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 ring-1 ring-slate-200"
          >
            <p className="flex items-center gap-2 font-medium text-slate-800 text-sm">
              <LockIcon className="size-4 shrink-0 text-slate-500" />
              {CHAT_MESSAGES.closedBySupport}
            </p>
            <Button onClick={chat.reset}>{START_NEW_CHAT_TEXT}</Button>
          </div>
        ) : (
          <>
            {chat.notice ? (
              // Dark red on light red: above 7:1, so the reason stays readable (WCAG AA asks 4.5:1).
              <p
                role="alert"
                className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800 text-sm ring-1 ring-red-200 ring-inset"
              >
                <WarningIcon className="mt-0.5 size-4 shrink-0" />
                {chat.notice}
              </p>
            ) : null}
            <MessageComposer
              label={MESSAGE_LABEL}
              placeholder={MESSAGE_PLACEHOLDER}
              sendLabel={SEND_LABEL}
              onSend={chat.sendMessage}
              disabled={!session}
            />
          </>
        )}
      </section>

      <WelcomeDialog
        // A new dialog (with the last name and email filled in) for each new chat.
        key={session ? 'started' : 'welcome'}
        open={chat.restored && !session}
        onDismiss={() => navigate('/')}
        onStart={chat.begin}
        isStarting={chat.isStarting}
        initial={chat.lastIdentity}
      />
    </div>
  );
}
