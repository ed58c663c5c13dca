import { type QuestionRow, QuestionRowSchema } from '@sheetforms/contract';

/**
 * What Home hands to /chat (spec 000 section 2: the question and the matched answer). The question also
 * travels in the URL (`/chat?q=`), so a reload or a shared link still opens the conversation: /chat then
 * matches it against the feed itself.
 */
export interface ChatSeed {
  question: string;
  /** The matched answer; absent when Home sent before its feed arrived. */
  answer?: string;
  /** The row that answered, for the links of its markers. */
  row?: QuestionRow;
}

/** The key of the seed in the router's history state. */
export const CHAT_SEED_STATE_KEY = 'assistantSeed';
export const CHAT_PATH = '/chat';
/** How long a question in the URL may be. */
export const SEED_QUESTION_MAX = 500;

export function chatHref(question: string): string {
  return `${CHAT_PATH}?q=${encodeURIComponent(question.slice(0, SEED_QUESTION_MAX))}`;
}

export function chatState(seed: ChatSeed): Record<string, ChatSeed> {
  return { [CHAT_SEED_STATE_KEY]: seed };
}

/** The seed from history state (Home's send) or else the `q` of the URL; null when there is none. */
export function readChatSeed(state: unknown, search: string): ChatSeed | null {
  const stored =
    typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)[CHAT_SEED_STATE_KEY]
      : undefined;
  if (typeof stored === 'object' && stored !== null) {
    const { question, answer, row } = stored as Record<string, unknown>;
    if (typeof question === 'string' && question.trim() !== '') {
      const parsedRow = QuestionRowSchema.safeParse(row);
      return {
        question,
        ...(typeof answer === 'string' && answer.trim() !== '' ? { answer } : {}),
        ...(parsedRow.success ? { row: parsedRow.data } : {}),
      };
    }
  }
  const question = new URLSearchParams(search).get('q')?.slice(0, SEED_QUESTION_MAX) ?? '';
  return question.trim() === '' ? null : { question };
}
