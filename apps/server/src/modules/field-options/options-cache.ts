import { OPTION_LIMITS } from '@sheetforms/contract';

/** What one read of a range gave: its options, or why there are none. */
export type RangeRead = { ok: true; options: readonly string[] } | { ok: false; reason: string };

/** A range's options as the cache knows them now; a failure carries the last good list, if any. */
export type CachedOptions =
  | { ok: true; options: readonly string[] }
  | { ok: false; reason: string; lastGood: readonly string[] | undefined };

export interface OptionsCache {
  /**
   * The options of (spreadsheet, range): from memory while the last good read is younger than the cache
   * time, otherwise from `read()`. Callers of one key at the same time share one read.
   */
  get(spreadsheetId: string, range: string, read: () => Promise<RangeRead>): Promise<CachedOptions>;
  readonly size: number;
  /** The characters of every list held, which `maxCharacters` bounds. */
  readonly characters: number;
}

export interface OptionsCacheOptions {
  /** How long a good read serves (from when the read began, so nothing is older than this). */
  ttlMs?: number;
  /** How long a failed read is not repeated (the last good list serves meanwhile). */
  failureRetryMs?: number;
  capacity?: number;
  /** The most characters of options held in all (entries are also counted by `capacity`). */
  maxCharacters?: number;
  /** Milliseconds. */
  now?: () => number;
}

export const OPTIONS_CACHE_CAPACITY = 1000;
/**
 * 1,000 ranges of 500 options of 200 characters would be 100 M characters (about 200 MB): the lists held
 * are bounded by their characters too, 5 M (about 10 MB), the least recently used dropped first.
 */
export const OPTIONS_CACHE_CHARACTERS = 5_000_000;
/** A range that cannot be read is tried again after this long, not on every respondent's request. */
export const OPTIONS_FAILURE_RETRY_MS = 10_000;

interface Entry {
  /** The last good list. */
  options: readonly string[] | undefined;
  /** The characters of `options`, as counted in the cache's total. */
  characters: number;
  /** Until when `options` may be served as current. */
  goodUntil: number;
  failure: { reason: string; retryAt: number } | undefined;
  pending: Promise<void> | undefined;
}

/**
 * Options read from ranges of spreadsheets, per (spreadsheet, range): a respondent sees a list at most
 * `ttlMs` old (OPTION_LIMITS.cacheSeconds), one Google read serves everyone asking for it meanwhile, and a
 * read that fails keeps the last good list. Bounded by ranges and by characters held: the least recently
 * used range goes first. Callers key it by the bounded range they read, so one set of cells is one entry.
 */
export function createOptionsCache(options: OptionsCacheOptions = {}): OptionsCache {
  const ttlMs = options.ttlMs ?? OPTION_LIMITS.cacheSeconds * 1000;
  const failureRetryMs = Math.min(options.failureRetryMs ?? OPTIONS_FAILURE_RETRY_MS, ttlMs);
  const capacity = options.capacity ?? OPTIONS_CACHE_CAPACITY;
  const maxCharacters = options.maxCharacters ?? OPTIONS_CACHE_CHARACTERS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let characters = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    characters -= entry.characters;
    entries.delete(key);
  }

  /** Drops the least recently used ranges until both bounds hold. */
  function trim(): void {
    while (entries.size > capacity || characters > maxCharacters) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) return;
      drop(oldest);
    }
  }

  /** Keeps `list` as the entry's last good list, counted in the total while the entry is held. */
  function keep(key: string, entry: Entry, list: readonly string[]): void {
    const size = list.reduce((sum, option) => sum + option.length, 0);
    // A list larger than the whole budget is served to its callers but never held: keeping it would
    // push every other range out.
    if (size > maxCharacters && entries.get(key) === entry) drop(key);
    const held = entries.get(key) === entry;
    if (held) characters += size - entry.characters;
    entry.options = list;
    entry.characters = size;
    if (held) trim();
  }

  /** The entry of `key`, marked as the most recently used (Map keeps insertion order). */
  function touch(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      entries.set(key, entry);
    }
    return entry;
  }

  function store(key: string, entry: Entry): void {
    drop(key);
    entries.set(key, entry);
    characters += entry.characters;
    trim();
  }

  function answer(entry: Entry): CachedOptions | undefined {
    const at = now();
    if (entry.options && entry.goodUntil > at) return { ok: true, options: entry.options };
    if (entry.failure && entry.failure.retryAt > at)
      return { ok: false, reason: entry.failure.reason, lastGood: entry.options };
    return undefined;
  }

  return {
    async get(spreadsheetId, range, read) {
      const key = JSON.stringify([spreadsheetId, range]);
      const known = touch(key);
      const cached = known && answer(known);
      if (cached) return cached;
      const entry: Entry = known ?? {
        options: undefined,
        characters: 0,
        goodUntil: 0,
        failure: undefined,
        pending: undefined,
      };
      if (!entry.pending) {
        const startedAt = now();
        entry.pending = read()
          .catch((error: unknown): RangeRead => ({ ok: false, reason: String(error) }))
          .then((result) => {
            if (result.ok) {
              keep(key, entry, result.options);
              entry.goodUntil = startedAt + ttlMs;
              entry.failure = undefined;
            } else {
              entry.failure = { reason: result.reason, retryAt: now() + failureRetryMs };
            }
          })
          .finally(() => {
            entry.pending = undefined;
          });
        store(key, entry);
      }
      await entry.pending;
      return (
        answer(entry) ??
        (entry.failure
          ? { ok: false, reason: entry.failure.reason, lastGood: entry.options }
          : { ok: true, options: entry.options ?? [] })
      );
    },
    get size() {
      return entries.size;
    },
    get characters() {
      return characters;
    },
  };
}
