import type { TokenPair } from '@sheetforms/contract';

/**
 * The last rotation of the session's refresh token, kept where every tab reads the same thing at once.
 *
 * localStorage is not that place: Chromium gives each renderer process its own copy and tells the others
 * of a write asynchronously, so a tab granted the refresh lock right after another tab rotated can still
 * read the old refresh token, spend it again and have the server end the session (reuse detection).
 * IndexedDB transactions are ordered by the browser itself: a write committed before the lock is released
 * is seen by the next holder. Records expire after a minute and are removed at sign-out.
 */
export interface RotationRecord {
  /** The refresh token this rotation spent. */
  replaced: string;
  /** The pair it got for it. */
  tokens: TokenPair;
  /** Date.now() when it was stored. */
  at: number;
}

export interface RotationStore {
  read(): Promise<RotationRecord | null>;
  write(record: RotationRecord): Promise<void>;
  clear(): Promise<void>;
}

/** Older records are ignored: a tab that waited that long for the lock has bigger problems. */
export const ROTATION_RECORD_TTL_MS = 60_000;

const DATABASE_NAME = 'sheetforms-session';
const STORE_NAME = 'rotation';
const RECORD_KEY = 'last';

function isRotationRecord(value: unknown): value is RotationRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { replaced, tokens, at } = value as Partial<RotationRecord>;
  return (
    typeof replaced === 'string' &&
    typeof at === 'number' &&
    typeof tokens?.accessToken === 'string' &&
    typeof tokens.refreshToken === 'string'
  );
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** The IndexedDB-backed store, or undefined where the browser has no IndexedDB (then tabs use storage). */
export function indexedDbRotationStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): RotationStore | undefined {
  if (!factory) return undefined;
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };

  return {
    async read() {
      const database = await open();
      const value: unknown = await requestResult(
        database.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(RECORD_KEY),
      );
      return isRotationRecord(value) ? value : null;
    },
    async write(record) {
      const database = await open();
      const transaction = database.transaction(STORE_NAME, 'readwrite');
      transaction.objectStore(STORE_NAME).put(record, RECORD_KEY);
      await transactionDone(transaction);
    },
    async clear() {
      const database = await open();
      const transaction = database.transaction(STORE_NAME, 'readwrite');
      transaction.objectStore(STORE_NAME).delete(RECORD_KEY);
      await transactionDone(transaction);
    },
  };
}

let sharedStore: RotationStore | undefined | null = null;

/** The one store of this page (created on first use). */
export function sessionRotationStore(): RotationStore | undefined {
  if (sharedStore === null) sharedStore = indexedDbRotationStore();
  return sharedStore;
}

/**
 * Removes the record at sign-out, so a tab still holding the spent token cannot adopt the pair of a
 * session that has ended. Fire and forget: sign-out does not wait for IndexedDB.
 */
export function forgetRecordedRotation(): void {
  if (typeof indexedDB === 'undefined') return;
  sessionRotationStore()
    ?.clear()
    .catch(() => undefined);
}
