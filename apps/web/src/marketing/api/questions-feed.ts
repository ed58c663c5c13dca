import {
  API_PREFIX,
  API_TIMEOUT_MS,
  ASSISTANT,
  type QuestionRow,
  QuestionsFeedSchema,
} from '@sheetforms/contract';

/** Where the questions feed is cached in the browser (spec 000 section 7: 5 s, stale copy on error). */
export const QUESTIONS_CACHE_KEY = 'sheetforms.questions';
export const QUESTIONS_URL = `${API_PREFIX}/sheets/questions`;

/** What the assistant has to work with: the rows, and the error to show when there are none. */
export interface QuestionsResult {
  rows: QuestionRow[];
  /** One of the two spec 8 texts when the feed failed and no cached copy could stand in. */
  error: string | null;
}

interface CachedFeed {
  savedAt: number;
  rows: QuestionRow[];
}

export interface LoadQuestionsDeps {
  fetch?: typeof fetch;
  /** null when the browser refuses storage (private modes); the feed then simply is not cached. */
  storage?: Storage | null;
  now?: () => number;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readCache(storage: Storage | null): CachedFeed | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(QUESTIONS_CACHE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { savedAt, rows } = parsed as Record<string, unknown>;
    const valid = QuestionsFeedSchema.shape.data.safeParse(rows);
    if (typeof savedAt !== 'number' || !valid.success) return null;
    return { savedAt, rows: valid.data };
  } catch {
    // A damaged entry counts as no entry.
    return null;
  }
}

function writeCache(storage: Storage | null, entry: CachedFeed): void {
  try {
    storage?.setItem(QUESTIONS_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // A full or refused storage only costs the cache.
  }
}

/** The feed's rows from a reply body: `{ data, count, timestamp }`, bare or inside the `{ data }` envelope. */
function feedRows(body: unknown): QuestionRow[] | null {
  const bare = QuestionsFeedSchema.safeParse(body);
  if (bare.success) return bare.data.data;
  const wrapped =
    typeof body === 'object' && body !== null
      ? QuestionsFeedSchema.safeParse((body as { data?: unknown }).data)
      : null;
  return wrapped?.success ? wrapped.data.data : null;
}

/**
 * GET /sheets/questions with the spec's browser cache: a copy younger than 5 s is used without a call;
 * when the call fails, an older copy stands in; with no copy the rows are empty and the error is
 * 'Failed to load questions - please try again later' (a non-2xx or unreadable reply) or
 * '... please check your connection' (the request itself failed).
 */
export async function loadQuestions(deps: LoadQuestionsDeps = {}): Promise<QuestionsResult> {
  const fetchImpl = deps.fetch ?? fetch;
  const storage = deps.storage === undefined ? browserStorage() : deps.storage;
  const now = deps.now ?? Date.now;

  const cached = readCache(storage);
  const age = cached ? now() - cached.savedAt : Number.POSITIVE_INFINITY;
  if (cached && age >= 0 && age < ASSISTANT.feedCacheMs) return { rows: cached.rows, error: null };

  const fail = (error: string): QuestionsResult =>
    cached ? { rows: cached.rows, error: null } : { rows: [], error };

  let reply: Response;
  try {
    reply = await fetchImpl(QUESTIONS_URL, {
      headers: { Accept: 'application/json' },
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(API_TIMEOUT_MS) : undefined,
    });
  } catch {
    return fail(ASSISTANT.feedOffline);
  }
  if (!reply.ok) return fail(ASSISTANT.feedFailed);
  let rows: QuestionRow[] | null;
  try {
    rows = feedRows(await reply.json());
  } catch {
    rows = null;
  }
  if (!rows) return fail(ASSISTANT.feedFailed);
  writeCache(storage, { savedAt: now(), rows });
  return { rows, error: null };
}
