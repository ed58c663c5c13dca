import type { FastifyBaseLogger } from 'fastify';
import type { SignatureStorage } from './signature-storage.js';
import { UNUSED_UPLOAD_GRACE_MS, UNUSED_UPLOAD_LIFETIME_MS } from './upload-limits.js';
import type { UploadsRepository } from './uploads.repository.js';

export interface SignatureFilesDeps {
  storage: Pick<SignatureStorage, 'remove' | 'list'>;
  uploads: Pick<UploadsRepository, 'keysOfForm' | 'liveKeys' | 'deleteOrphanRows' | 'deleteExpired'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now?: () => Date;
  /** How often the orphan sweep runs after the one at start (an hour by default). */
  sweepEveryMs?: number;
  /**
   * How often expired uploads are removed between sweeps (10 minutes by default): a cheap indexed
   * delete, so an unused upload is gone within minutes of its expiry and a flood of uploads to many
   * forms does not outrun one bounded run an hour.
   */
  expireEveryMs?: number;
  /** At most this many files and this many rows are deleted per sweep; the next sweep goes on. */
  maxRemovalsPerSweep?: number;
}

/** Keys are checked against the database this many at a time. */
const BATCH = 500;

/**
 * A form's signature files go with the form: listed before the form is deleted (its upload rows
 * cascade with it), deleted after. Whatever that misses (a failed unlink, an upload racing the delete,
 * files of forms deleted before this existed) the sweep finds: a file without a live upload row is an
 * orphan. Uploads insert their row before writing the file, so a file seen without a row never belongs
 * to an upload in progress. The sweep also expires uploads that no response uses, once they are older
 * than their lifetime plus a grace period (upload-limits.ts): row first, then file.
 */
export function createSignatureFiles(deps: SignatureFilesDeps) {
  const now = deps.now ?? (() => new Date());
  const everyMs = deps.sweepEveryMs ?? 3_600_000;
  const expireEveryMs = deps.expireEveryMs ?? 600_000;
  const maxRemovals = deps.maxRemovalsPerSweep ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function remove(keys: readonly string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      try {
        await deps.storage.remove(key);
        removed++;
      } catch (error) {
        // The sweep retries it; the file is no longer served either way (its row is gone).
        deps.log.warn({ err: error, key }, 'could not delete a signature file');
      }
    }
    return removed;
  }

  /** Deletes the rows of up to `limit` expired uploads (upload-limits.ts); answers their keys. */
  function deleteExpired(limit: number): Promise<string[]> {
    const before = new Date(now().getTime() - UNUSED_UPLOAD_LIFETIME_MS - UNUSED_UPLOAD_GRACE_MS);
    return deps.uploads.deleteExpired(before.toISOString(), limit);
  }

  async function expire(): Promise<void> {
    const keys = await deleteExpired(maxRemovals);
    const files = await remove(keys);
    if (keys.length > 0) deps.log.info({ files, rows: keys.length }, 'removed expired signature files');
  }

  async function sweep(): Promise<{ files: number; rows: number }> {
    const orphanRows = await deps.uploads.deleteOrphanRows(maxRemovals);
    const expiredRows = await deleteExpired(maxRemovals - orphanRows.length);
    const rows = orphanRows.length + expiredRows.length;
    let files = await remove([...orphanRows, ...expiredRows]);
    let batch: string[] = [];
    const flush = async () => {
      const live = await deps.uploads.liveKeys(batch);
      const orphans = batch.filter((key) => !live.has(key)).slice(0, maxRemovals - files);
      files += await remove(orphans);
      batch = [];
    };
    for await (const key of deps.storage.list()) {
      batch.push(key);
      if (batch.length >= BATCH) await flush();
      if (files >= maxRemovals) break;
    }
    if (batch.length > 0 && files < maxRemovals) await flush();
    if (files > 0 || rows > 0) {
      deps.log.info(
        { files, rows, expired: expiredRows.length },
        'removed orphaned and expired signature files',
      );
    }
    return { files, rows };
  }

  /** One sweep or expiry run at a time; a failed one is logged and the next one tries again. */
  function inBackground(work: () => Promise<unknown>): Promise<unknown> {
    running ??= work()
      .catch((error) => deps.log.warn({ err: error }, 'signature sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** The keys of a form's files: read before the form (and its upload rows) is deleted. */
    keysOfForm: (formRowId: string) => deps.uploads.keysOfForm(formRowId),
    /** Deletes the files; failures are logged and left to the sweep. */
    remove: async (keys: readonly string[]) => {
      await remove(keys);
    },
    sweep,
    /**
     * Sweeps now and then every `sweepEveryMs`, and expires uploads every `expireEveryMs` in between,
     * without keeping the process alive.
     */
    start(): void {
      if (timer) return;
      void inBackground(sweep);
      timer = setInterval(() => void inBackground(sweep), everyMs);
      timer.unref();
      expiryTimer = setInterval(() => void inBackground(expire), expireEveryMs);
      expiryTimer.unref();
    },
    /** Stops the schedule and waits for a running sweep (before the database closes). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      if (expiryTimer) clearInterval(expiryTimer);
      timer = undefined;
      expiryTimer = undefined;
      await running;
    },
  };
}
export type SignatureFiles = ReturnType<typeof createSignatureFiles>;
