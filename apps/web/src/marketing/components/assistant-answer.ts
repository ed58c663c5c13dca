import { matchQuestion, type QuestionRow } from '@sheetforms/contract';
import { bestMatch } from './question-search';

/** Said when no row fits the question; the human chat is offered beside it. */
export const NO_ANSWER_TEXT = "I don't have an answer for that yet.";
export const CHAT_WITH_US_TEXT = 'Chat with us';

export interface AssistantAnswer {
  text: string;
  /** The row that answered; undefined when nothing fits (the text is then NO_ANSWER_TEXT). */
  row: QuestionRow | undefined;
}

/**
 * The assistant's answer to a typed question, shared by Home and /chat: spec 5's exact matches first
 * (as typed, then with the 'I want (to)' prefix stripped from both), then the text search over the
 * feed's questions and answers. When nothing fits it says so rather than answering another question.
 */
export function answerFor(typed: string, rows: readonly QuestionRow[]): AssistantAnswer {
  const exact = matchQuestion(typed, rows);
  if (exact.how === 'exact' || exact.how === 'prefix-stripped') return { text: exact.answer, row: exact.row };
  const row = bestMatch(typed, rows);
  return row ? { text: row.answer, row } : { text: NO_ANSWER_TEXT, row: undefined };
}

/** Whether a bot message is the 'no answer' one, which offers the human chat. */
export function isNoAnswer(text: string): boolean {
  return text === NO_ANSWER_TEXT;
}
