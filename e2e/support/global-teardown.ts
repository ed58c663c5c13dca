import fs from 'node:fs';

/**
 * Removes the server's data directory (13 MB a run) when this run made it up; one named by E2E_DATA_DIR
 * belongs to whoever named it (`npm test` removes its own).
 */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (process.env.E2E_REMOVE_DATA_DIR !== '1' || !dir) return;
  // The server may still be writing its last pages as it stops: retry a directory that refills.
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
