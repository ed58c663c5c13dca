import { ASSISTANT, type QuestionRow } from '@sheetforms/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ChatLog } from '@/components/ui/chat-log';
import { BotIcon, ErrorIcon } from '@/components/ui/icons';
import { useQuestions } from '../api/use-questions';
import { type AssistantAnswer, answerFor } from '../components/assistant-answer';
import { type AssistantChatMessage, AssistantMessage } from '../components/assistant-message';
import { ChatInput } from '../components/chat-input';
import { readChatSeed } from '../components/chat-seed';
import { QuestionChips } from '../components/question-chips';
import { TypingIndicator } from '../components/typing-indicator';

export const CHAT_TITLE = 'Spreadsheet assistant';

/**
 * The reply to a follow-up, made locally (no call): the feed's answer the search finds, or 'I don't have
 * an answer for that yet.' with the human chat offered. Spec 4's canned replies at random are gone: each
 * answered some other question (issue 22).
 */
export function followUpReply(question: string, rows: readonly QuestionRow[]): AssistantAnswer {
  return answerFor(question, rows);
}

/**
 * /chat (spec 000 sections 2 and 4): the question and answer Home sent (from history state, or the `q`
 * of the URL matched here), then follow-ups answered locally after a 1.5 s typing indicator.
 */
export function AssistantChatPage() {
  const feed = useQuestions();
  const location = useLocation();
  const [messages, setMessages] = useState<AssistantChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  /** A question from the URL that waits for the feed before it is answered. */
  const [waitingSeed, setWaitingSeed] = useState<string | null>(null);
  const nextId = useRef(0);
  const timers = useRef<number[]>([]);

  const message = (text: string, isBot: boolean, row?: QuestionRow): AssistantChatMessage => {
    nextId.current += 1;
    return { id: `m${nextId.current}`, text, isBot, timestamp: Date.now(), ...(row ? { row } : {}) };
  };

  const clearTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  };
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  // The seed is read after hydration (history state is the browser's alone); each navigation restarts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (its key)
  useEffect(() => {
    clearTimers();
    const seed = readChatSeed(location.state, location.search);
    if (!seed) {
      setMessages([]);
      setPending(false);
      setWaitingSeed(null);
    } else if (seed.answer !== undefined) {
      setMessages([message(seed.question, false), message(seed.answer, true, seed.row)]);
      setPending(false);
      setWaitingSeed(null);
    } else {
      setMessages([message(seed.question, false)]);
      setPending(true);
      setWaitingSeed(seed.question);
    }
  }, [location.key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers the waiting question once the feed is in
  useEffect(() => {
    if (waitingSeed === null || feed.status !== 'ready') return;
    const answer = answerFor(waitingSeed, feed.rows);
    setMessages((current) => [...current, message(answer.text, true, answer.row)]);
    setPending(false);
    setWaitingSeed(null);
  }, [waitingSeed, feed]);

  const send = (text: string) => {
    if (pending) return;
    const reply = followUpReply(text, feed.rows);
    setMessages((current) => [...current, message(text, false)]);
    setPending(true);
    const timer = window.setTimeout(() => {
      timers.current = timers.current.filter((t) => t !== timer);
      setMessages((current) => [...current, message(reply.text, true, reply.row)]);
      setPending(false);
    }, ASSISTANT.typingMs);
    timers.current.push(timer);
  };

  const asked = messages.filter((m) => !m.isBot).length;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-100 text-emerald-800"
        >
          <BotIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{CHAT_TITLE}</h1>
          <p className="text-slate-600 text-sm sm:text-base">
            Instant answers about turning Google Sheets into forms.
          </p>
        </div>
      </div>

      <section
        aria-label="Conversation"
        className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <ChatLog
          label="Messages"
          contentKey={`${messages.length}-${pending}`}
          revealKey={asked}
          className="h-[min(62vh,36rem)] min-h-80"
        >
          {messages.length === 0 ? (
            <div className="flex h-full flex-col justify-center gap-6 px-2 py-6 text-center">
              <p className="text-slate-600">
                Ask anything about building forms from Google Sheets, sharing them, or getting responses back.
              </p>
              <QuestionChips
                rows={feed.rows}
                loading={feed.status === 'loading'}
                onPick={send}
                className="text-left"
              />
            </div>
          ) : (
            messages.map((item) => <AssistantMessage key={item.id} message={item} />)
          )}
          {pending ? <TypingIndicator /> : null}
        </ChatLog>
        <div className="border-slate-200 border-t bg-slate-50 p-3 sm:p-4">
          {feed.error ? (
            <p role="alert" className="mb-2 flex items-center gap-2 font-medium text-red-700 text-sm">
              <ErrorIcon className="size-4 shrink-0" />
              {feed.error}
            </p>
          ) : null}
          <ChatInput pending={pending} onSend={send} />
        </div>
      </section>
    </div>
  );
}
