import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where signature images live. Keys are made by the storage and are unguessable. */
export interface SignatureStorage {
  save(png: Buffer): Promise<{ key: string }>;
  /** The bytes, or undefined when no such key was stored. */
  read(key: string): Promise<Buffer | undefined>;
}

/** 128 random bits as 32 lowercase hex characters (safe on case-insensitive file systems too). */
const KEY_PATTERN = /^[0-9a-f]{32}$/;

export function isSignatureKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newSignatureKey(): string {
  return randomBytes(16).toString('hex');
}

/** Files `{dir}/{key}.png`, written once (never overwritten) and flushed before the upload is answered. */
export function createFilesystemSignatureStorage(dir: string): SignatureStorage {
  const fileOf = (key: string) => {
    // The key format alone keeps paths inside dir; checked here too so no caller can widen it.
    if (!isSignatureKey(key)) throw new Error('invalid signature key');
    return path.join(dir, `${key}.png`);
  };
  return {
    async save(png) {
      await fs.mkdir(dir, { recursive: true });
      const key = newSignatureKey();
      const handle = await fs.open(fileOf(key), 'wx');
      try {
        await handle.writeFile(png);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { key };
    },
    async read(key) {
      if (!isSignatureKey(key)) return undefined;
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** Chosen by config (SIGNATURE_STORAGE); the filesystem under DATA_DIR is the only kind so far. */
export function createSignatureStorage(config: { kind: 'filesystem'; dir: string }): SignatureStorage {
  return createFilesystemSignatureStorage(config.dir);
}
