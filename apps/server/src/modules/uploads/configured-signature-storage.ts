import type { Config } from '../../config/config-types.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createDatabaseSignatureStorage } from './database-signature-storage.js';
import { createFilesystemSignatureStorage, type SignatureStorage } from './signature-storage.js';

/**
 * Chosen by config (SIGNATURE_STORAGE): files under DATA_DIR for one instance, or rows of the database
 * that several instances share (database-signature-storage.ts).
 */
export function createSignatureStorage(
  config: Config['signatureStorage'],
  database: Pick<DatabaseHandle, 'db' | 'writeDb'>,
): SignatureStorage {
  return config.kind === 'database'
    ? createDatabaseSignatureStorage(database)
    : createFilesystemSignatureStorage(config.dir);
}
