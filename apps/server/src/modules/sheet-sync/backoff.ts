import { GoogleApiError } from '../../google/google-api-error.js';

export interface BackoffPolicy {
  /** The first retry waits up to this long (full jitter). */
  baseMs: number;
  factor: number;
  /** No wait is longer than this. */
  capMs: number;
}

/** Google's advice (reference 1f): exponential from 2 s, doubled each time, capped near a minute. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, factor: 2, capMs: 60_000 };

/**
 * The wait before retry number `attempt` (1 = the first retry): full jitter, i.e. a uniform draw in
 * [0, min(cap, base · factor^(attempt-1))). `random` answers [0, 1) like Math.random.
 */
export function backoffDelayMs(
  attempt: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * policy.factor ** exponent);
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

/** Which Google call failed: only an append can leave rows behind without us knowing. */
export type SheetOperation = 'read' | 'append' | 'write-header' | 'grow-grid' | 'add-sheet';

export type FailureClass =
  /** Worth repeating later (quota, Google down, network). `ambiguous`: the append may have landed. */
  | { kind: 'retry'; ambiguous: boolean; rateLimited: boolean }
  /** The owner must act (share the sheet, fix the link); repeating will not help. */
  | { kind: 'fail'; reason: 'permission' | 'not-found' | 'invalid' }
  /** A range named a tab that is gone (renamed or deleted between two steps): the next try finds it by id. */
  | { kind: 'sheet-missing' };

/**
 * Classifies a failure by our GoogleApiError code (never Google's message text).
 *
 * Ambiguity: google-http reports a network error, a timeout and a cut-off reply all as UNAVAILABLE
 * without an HTTP status, and a 5xx as UNAVAILABLE with it. It cannot tell "never sent" from "sent, no
 * answer", and Google may have applied a request that answered 5xx, so every UNAVAILABLE on an append
 * (except a 401, which Google refused before doing anything) counts as ambiguous: the next try reads the
 * Response ID column first. Errors that are not GoogleApiErrors (bugs, the database) are retried; on an
 * append they are ambiguous too, because we cannot know how far the call got.
 */
export function classifySheetError(error: unknown, operation: SheetOperation): FailureClass {
  if (!(error instanceof GoogleApiError)) {
    return { kind: 'retry', ambiguous: operation === 'append', rateLimited: false };
  }
  switch (error.code) {
    case 'RATE_LIMITED':
      return { kind: 'retry', ambiguous: false, rateLimited: true };
    case 'UNAVAILABLE': {
      const refusedBeforeWork = error.httpStatus !== undefined && error.httpStatus < 500;
      return { kind: 'retry', ambiguous: operation === 'append' && !refusedBeforeWork, rateLimited: false };
    }
    case 'PERMISSION_DENIED':
      return { kind: 'fail', reason: 'permission' };
    case 'NOT_FOUND':
    case 'INVALID_URL':
      return { kind: 'fail', reason: 'not-found' };
    case 'SHEET_NOT_FOUND':
      return { kind: 'sheet-missing' };
    case 'INVALID_REQUEST':
      return { kind: 'fail', reason: 'invalid' };
  }
}
