import type { QuestionRow, QuestionsFeed } from '@sheetforms/contract';
import { HttpError } from '../../http/http-error.js';

/** Google is read at most once per this interval, whatever the traffic. */
export const QUESTIONS_REFRESH_MS = 60_000;

export const QUESTIONS_UNAVAILABLE =
  "The assistant's questions are not available right now. Please try again in a minute.";

export interface QuestionsCacheDeps {
  /** One read of the spreadsheet (throws when Google fails). */
  read: () => Promise<QuestionRow[]>;
  log: { warn(details: object, message: string): void };
  /** Milliseconds since the epoch. */
  now?: () => number;
  refreshMs?: number;
}

/** No copy was ever read; `retryAfterSeconds` says when the next read may happen. */
export class QuestionsUnavailableError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(503, 'QUESTIONS_UNAVAILABLE', QUESTIONS_UNAVAILABLE, undefined, retryAfterSeconds);
  }
}

/**
 * The questions feed behind a stale-while-revalidate cache: at most one read of Google per interval and
 * one in flight at a time (concurrent callers share it). A copy older than the interval is answered at
 * once while a background read replaces it; when that read fails the old copy stays and the next try
 * waits for the next interval. Only while there has never been a copy does a caller wait for a read, and
 * with none at all it gets a 503.
 */
export function createQuestionsCache(deps: QuestionsCacheDeps) {
  const now = deps.now ?? Date.now;
  const refreshMs = deps.refreshMs ?? QUESTIONS_REFRESH_MS;
  let copy: QuestionsFeed | undefined;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<void> | undefined;

  function refresh(): Promise<void> {
    if (inflight) return inflight;
    lastAttemptAt = now();
    inflight = deps
      .read()
      .then(
        (rows) => {
          copy = { data: rows, count: rows.length, timestamp: new Date(now()).toISOString() };
        },
        (error: unknown) => {
          deps.log.warn(
            { err: error instanceof Error ? error.message : String(error), hasCopy: copy !== undefined },
            'questions feed: reading the spreadsheet failed',
          );
        },
      )
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  }

  const due = () => now() - lastAttemptAt >= refreshMs;

  return {
    async get(): Promise<QuestionsFeed> {
      if (copy) {
        if (due()) void refresh();
        return copy;
      }
      if (inflight) await inflight;
      else if (due()) await refresh();
      if (copy) return copy;
      throw new QuestionsUnavailableError(Math.max(1, Math.ceil((lastAttemptAt + refreshMs - now()) / 1000)));
    },
  };
}

export type QuestionsCache = ReturnType<typeof createQuestionsCache>;
