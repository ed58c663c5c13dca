import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where signature images live. Keys are unguessable (newSignatureKey); the storage never invents one. */
export interface SignatureStorage {
  /** Writes a new file (never overwrites) and flushes it before answering. */
  save(key: string, png: Buffer): Promise<void>;
  /** The bytes, or undefined when no such key was stored. */
  read(key: string): Promise<Buffer | undefined>;
  /** Deletes the file; a key already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key, streamed (for the orphan sweep). */
  list(): AsyncIterable<string>;
}

/** 128 random bits as 32 lowercase hex characters (safe on case-insensitive file systems too). */
const KEY_PATTERN = /^[0-9a-f]{32}$/;
const FILE_PATTERN = /^([0-9a-f]{32})\.png$/;

export function isSignatureKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newSignatureKey(): string {
  return randomBytes(16).toString('hex');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files `{dir}/{key}.png`, written once (never overwritten) and flushed before the upload is answered. */
export function createFilesystemSignatureStorage(dir: string): SignatureStorage {
  const fileOf = (key: string) => {
    // The key format alone keeps paths inside dir; checked here too so no caller can widen it.
    if (!isSignatureKey(key)) throw new Error('invalid signature key');
    return path.join(dir, `${key}.png`);
  };
  return {
    async save(key, png) {
      const file = fileOf(key);
      await fs.mkdir(dir, { recursive: true });
      const handle = await fs.open(file, 'wx');
      try {
        await handle.writeFile(png);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async read(key) {
      if (!isSignatureKey(key)) return undefined;
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      try {
        await fs.unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async *list() {
      let entries: AsyncIterable<{ name: string; isFile(): boolean }>;
      try {
        entries = await fs.opendir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for await (const entry of entries) {
        const key = entry.isFile() ? entry.name.match(FILE_PATTERN)?.[1] : undefined;
        if (key) yield key;
      }
    },
  };
}
