import fs from 'node:fs';
import path from 'node:path';

/** The emulator's RSA keys: its ID-token signing key and its service account's key file. */
const KEY_FILES = ['signing-key.json', 'service-account.json'];

/** Whose keys: a test app's standalone emulator's, or the app's own (local mode, under /__google). */
export type EmulatorKeysOf = 'standalone' | 'app';

const kept = new Map<EmulatorKeysOf, Map<string, Buffer>>();

/**
 * Starts an emulator on `dataDir` with the keys an earlier one of the same kind made in this test process.
 * An emulator makes two RSA-2048 keys on its first start on a DATA_DIR, about half a second on a loaded
 * 2-core machine, and a test app has two emulators: the first start of each kind in a test process keeps
 * the files its emulator made, and later starts get copies, as a restart on the same DATA_DIR would (the
 * standalone's and the app's keys stay distinct). State that exists already (a second instance on the same
 * database, a restart) is left as it is.
 */
export async function withKeptEmulatorKeys<T>(
  of: EmulatorKeysOf,
  dataDir: string,
  start: () => Promise<T>,
): Promise<T> {
  const stateDir = path.join(dataDir, 'google-emulator');
  const files = kept.get(of);
  if (files && !fs.existsSync(stateDir)) {
    // Owner-only, as the emulator makes them.
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    for (const [name, content] of files)
      fs.writeFileSync(path.join(stateDir, name), content, { mode: 0o600 });
  }
  const started = await start();
  if (!kept.has(of)) {
    kept.set(of, new Map(KEY_FILES.map((name) => [name, fs.readFileSync(path.join(stateDir, name))])));
  }
  return started;
}
