import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';

/**
 * Reads and parses a JSON file, or returns `undefined` when it does not exist yet.
 * A file that exists but is not JSON is an error worth stopping for, so it names the file.
 */
export async function readJsonFile(filePath: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if (isFileNotFound(error)) return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${filePath} is not valid JSON; fix or delete it. (${String(error)})`);
  }
}

/**
 * Writes JSON so that readers (and a crash mid-write) only ever see the old or the new file, never half of
 * one: the data goes to a temporary file beside the target, which is then renamed over it.
 */
export async function writeJsonFileAtomic(filePath: string, value: unknown, mode = 0o600): Promise<void> {
  const tempPath = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tempPath, `${JSON.stringify(value, null, 2)}\n`, { encoding: 'utf8', mode });
    await rename(tempPath, filePath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

function isFileNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
