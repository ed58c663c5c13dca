import type { ResponsePagesRepository } from './response-pages.repository.js';

/**
 * How many responses a form has, without counting them all on every page. Responses are never deleted
 * one by one (only with their form) and get their created time from the server when they are submitted,
 * so once that time is older than a settle window (longer than any submission takes to commit, and than
 * any clock skew between instances) the count of older rows can no longer change. That stable part is
 * kept per form and moved forward by counting only the rows that crossed the window since; the rows inside
 * the window are counted fresh each time. A page of a form with 100,000 responses then counts only its
 * recent rows, not 100,000 index entries (about 10 ms on SQLite, the cost of the whole page otherwise).
 */
export interface ResponseTotalsDeps {
  pages: Pick<ResponsePagesRepository, 'countCreatedBetween'>;
  now: () => Date;
  settleMs?: number;
  /** Forms remembered at once; the least recently used is forgotten first. */
  maxForms?: number;
}

interface StablePart {
  /** Every response created before this instant is counted in `count`. */
  before: string;
  count: number;
}

export const TOTALS_SETTLE_MS = 10 * 60_000;

export function createResponseTotals(deps: ResponseTotalsDeps) {
  const settleMs = deps.settleMs ?? TOTALS_SETTLE_MS;
  const maxForms = deps.maxForms ?? 2_000;
  const stableParts = new Map<string, StablePart>();

  return {
    async total(ownerId: string, formRowId: string): Promise<number> {
      const key = `${ownerId}\u0000${formRowId}`;
      const boundary = new Date(deps.now().getTime() - settleMs).toISOString();
      const cached = stableParts.get(key);
      let stable: StablePart;
      if (!cached) {
        stable = {
          before: boundary,
          count: await deps.pages.countCreatedBetween(ownerId, formRowId, undefined, boundary),
        };
      } else if (cached.before < boundary) {
        const crossed = await deps.pages.countCreatedBetween(ownerId, formRowId, cached.before, boundary);
        stable = { before: boundary, count: cached.count + crossed };
      } else {
        stable = cached;
      }
      // Each computed part is correct on its own; a concurrent call that moved the entry meanwhile wins.
      if (stableParts.get(key) === cached) {
        stableParts.delete(key);
        stableParts.set(key, stable);
        if (stableParts.size > maxForms) {
          const oldest = stableParts.keys().next().value;
          if (oldest !== undefined) stableParts.delete(oldest);
        }
      }
      const recent = await deps.pages.countCreatedBetween(ownerId, formRowId, stable.before, undefined);
      return stable.count + recent;
    },
  };
}

export type ResponseTotals = ReturnType<typeof createResponseTotals>;
