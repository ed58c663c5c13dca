import type { SheetAccess } from '@sheetforms/contract';

/** How long a Sheet Status result is answered again without asking Google. */
export const SHEET_CHECK_TTL_MS = 60_000;
/** Results kept at most: the least recently used goes first. */
export const SHEET_CHECK_CACHE_CAPACITY = 5_000;

export interface SheetCheckCacheOptions {
  ttlMs?: number;
  capacity?: number;
  /** Milliseconds since the epoch; tests move it forward. */
  now?: () => number;
}

export interface SheetCheckCache {
  get(ownerId: string, spreadsheetId: string, sheetName: string): SheetAccess | undefined;
  set(ownerId: string, spreadsheetId: string, sheetName: string, result: SheetAccess): void;
  /** Drops every result of one owner (their sheet settings changed). */
  forgetOwner(ownerId: string): void;
}

interface Entry {
  ownerId: string;
  result: SheetAccess;
  expiresAt: number;
}

/**
 * The Manage Forms list asks for every form's status on every load: each (owner, spreadsheet, sheet)
 * result is answered from here for 60 s, so reloading the page costs Google nothing. The owner is part of
 * the key because the answer depends on whether that owner may open the spreadsheet: one owner's result is
 * never another's. Only settled answers belong here; a check Google was too busy for is not one.
 */
export function createSheetCheckCache(options: SheetCheckCacheOptions = {}): SheetCheckCache {
  const ttlMs = options.ttlMs ?? SHEET_CHECK_TTL_MS;
  const capacity = options.capacity ?? SHEET_CHECK_CACHE_CAPACITY;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // JSON of the parts: no owner id, spreadsheet id or sheet name can run into the next part.
  const keyOf = (ownerId: string, spreadsheetId: string, sheetName: string) =>
    JSON.stringify([ownerId, spreadsheetId, sheetName]);

  return {
    get(ownerId, spreadsheetId, sheetName) {
      const key = keyOf(ownerId, spreadsheetId, sheetName);
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.result;
    },

    set(ownerId, spreadsheetId, sheetName, result) {
      const key = keyOf(ownerId, spreadsheetId, sheetName);
      entries.delete(key);
      entries.set(key, { ownerId, result, expiresAt: now() + ttlMs });
      while (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },

    forgetOwner(ownerId) {
      for (const [key, entry] of entries) if (entry.ownerId === ownerId) entries.delete(key);
    },
  };
}
