import type { DatabaseHandle } from '../../db/database.js';
import { isSignatureKey, type SignatureStorage } from './signature-storage.js';

/** The orphan sweep lists keys this many at a time (one indexed range query each). */
export const LIST_PAGE_SIZE = 500;

/**
 * Signature images as rows of `signature_images` (migration 0013), so every instance sharing the database
 * reads every signature. Reads go through `db`. Writes go through `writeDb`: on a SQLite file that is the
 * writer thread, so the flush of an image of up to 512 KiB blocks that thread, not the server; on
 * PostgreSQL it is `db` itself.
 */
export function createDatabaseSignatureStorage(
  database: Pick<DatabaseHandle, 'db' | 'writeDb'>,
  options: { now?: () => Date; pageSize?: number } = {},
): SignatureStorage {
  const { db, writeDb } = database;
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
  const checked = (key: string) => {
    // As in the filesystem store: the storage never holds or deletes a key that could not be issued.
    if (!isSignatureKey(key)) throw new Error('invalid signature key');
    return key;
  };
  return {
    async save(key, png) {
      // A plain INSERT: a key already stored fails with the database's unique violation (isUniqueViolation),
      // as the filesystem store's exclusive create does, and the stored image is never replaced.
      await writeDb
        .insertInto('signature_images')
        .values({ key: checked(key), png: ownBytes(png), created_at: now().toISOString() })
        .execute();
    },
    async read(key) {
      if (!isSignatureKey(key)) return undefined;
      const row = await db
        .selectFrom('signature_images')
        .select('png')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? asBuffer(row.png) : undefined;
    },
    async remove(key) {
      await writeDb.deleteFrom('signature_images').where('key', '=', checked(key)).execute();
    },
    async *list() {
      // Keyset pages in key order: each page is a range scan of the primary key, the memory held is one
      // page, and keys removed behind the cursor (the sweep deletes while it lists) change nothing ahead.
      let after: string | undefined;
      for (;;) {
        let query = db.selectFrom('signature_images').select('key').orderBy('key').limit(pageSize);
        if (after !== undefined) query = query.where('key', '>', after);
        const keys = (await query.execute()).map((row) => row.key);
        yield* keys;
        if (keys.length < pageSize) return;
        after = keys[keys.length - 1];
      }
    },
  };
}

/**
 * The bytes to bind. On a SQLite file the statement is posted to the writer thread, and the structured clone
 * of a Buffer copies its whole ArrayBuffer (a slice of a pooled or larger buffer carries all of it); a Buffer
 * that is a view of part of one is copied to its own first. It arrives as a Uint8Array, which the SQLite
 * driver binds as a BLOB like a Buffer.
 */
function ownBytes(png: Buffer): Buffer {
  return png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : Buffer.from(png);
}

/** Both drivers answer a Buffer; a plain Uint8Array (a row that crossed a thread) is wrapped without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
