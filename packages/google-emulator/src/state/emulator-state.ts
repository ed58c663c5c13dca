import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from './atomic-json-file.js';

/** How a state document is created when its file is missing and checked when it is read back. */
export interface StateDocumentSpec<T> {
  /** The value used when the file does not exist yet. */
  initial: () => T;
  /** Turns the file's parsed JSON into `T`, throwing when it has the wrong shape. */
  parse: (raw: unknown) => T;
}

/**
 * One JSON file of emulator state, held in memory and written through to disk on every change.
 * The emulator process owns its data directory: another process editing the files meanwhile is not seen.
 */
export interface StateDocument<T> {
  /** The current value. Treat it as read-only; change it through {@link StateDocument.update}. */
  read(): T;
  /**
   * Changes the value in memory at once (so the next read sees it) and resolves when it is on disk.
   * Writes are queued so that a slow earlier write can never land after, and undo, a later one.
   */
  update(change: (value: T) => void): Promise<void>;
}

/**
 * The emulator's persistent state: the JSON files under `{dataDir}/google-emulator/`.
 * Identity (accounts, access tokens) uses it now; the Sheets part adds its own documents the same way.
 */
export class EmulatorState {
  readonly #documents = new Map<string, Promise<StateDocument<unknown>>>();

  private constructor(
    /** The directory holding every file of the emulator's state. */
    readonly directory: string,
  ) {}

  /** Opens (creating when needed) the state directory under `dataDir`. */
  static async open(dataDir: string): Promise<EmulatorState> {
    const directory = path.join(path.resolve(dataDir), 'google-emulator');
    // Owner-only: the state holds the signing key, access tokens and everyone's test spreadsheets.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    return new EmulatorState(directory);
  }

  /** The path of the state file called `{name}.json`. */
  filePath(name: string): string {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`Invalid state document name: ${name}`);
    return path.join(this.directory, `${name}.json`);
  }

  /**
   * Loads the document `{name}.json` once; later calls with the same name share the same in-memory value,
   * so two parts of the emulator never overwrite each other's changes.
   */
  document<T>(name: string, spec: StateDocumentSpec<T>): Promise<StateDocument<T>> {
    let document = this.#documents.get(name);
    if (!document) {
      document = loadDocument(this.filePath(name), spec);
      this.#documents.set(name, document);
      // A failed load must not be cached, or fixing the file would need a restart.
      document.catch(() => this.#documents.delete(name));
    }
    return document as Promise<StateDocument<T>>;
  }
}

async function loadDocument<T>(filePath: string, spec: StateDocumentSpec<T>): Promise<StateDocument<T>> {
  const raw = await readJsonFile(filePath);
  let value: T;
  try {
    value = raw === undefined ? spec.initial() : spec.parse(raw);
  } catch (error) {
    throw new Error(`${filePath} has an unexpected shape; fix or delete it. (${String(error)})`);
  }
  let lastWrite: Promise<void> = Promise.resolve();
  return {
    read: () => value,
    update(change) {
      change(value);
      // Each queued write stores the value as it is when the write starts, which includes every change so far.
      const write = lastWrite.catch(() => undefined).then(() => writeJsonFileAtomic(filePath, value));
      lastWrite = write;
      return write;
    },
  };
}
