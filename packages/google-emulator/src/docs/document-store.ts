import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkSharing, type Sharing } from '../access/sharing.js';
import { isPlausibleFileId, newFileId } from '../sheets/spreadsheet-model.js';
import { readJsonFile, writeJsonFileAtomic } from '../state/atomic-json-file.js';

/** A Google Doc as the emulator keeps it: HTML (what Drive's text/html export gives back). */
export interface StoredDocument {
  version: 1;
  documentId: string;
  title: string;
  html: string;
  ownerEmail?: string;
  sharing: Sharing;
  createdAt: string;
}

/** Documents, one JSON file each (`documents/{id}.json`), all read at start: they are few and small. */
export class DocumentStore {
  readonly #documents = new Map<string, StoredDocument>();

  private constructor(readonly directory: string) {}

  static async open(directory: string): Promise<DocumentStore> {
    await mkdir(directory, { recursive: true });
    const store = new DocumentStore(directory);
    for (const name of await readdir(directory)) {
      const id = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !isPlausibleFileId(id)) continue;
      const raw = (await readJsonFile(path.join(directory, name))) as Partial<StoredDocument> | undefined;
      const sharing = checkSharing(raw?.sharing);
      if (!raw || typeof raw.title !== 'string' || typeof raw.html !== 'string' || !sharing.ok) {
        throw new Error(`${path.join(directory, name)} has an unexpected shape; fix or delete it.`);
      }
      store.#documents.set(id, {
        version: 1,
        documentId: id,
        title: raw.title,
        html: raw.html,
        ...(typeof raw.ownerEmail === 'string' ? { ownerEmail: raw.ownerEmail } : {}),
        sharing: sharing.sharing,
        createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : new Date(0).toISOString(),
      });
    }
    return store;
  }

  list(): StoredDocument[] {
    return [...this.#documents.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  get(documentId: string): StoredDocument | undefined {
    return this.#documents.get(documentId);
  }

  async create(input: {
    title: string;
    html: string;
    sharing?: Sharing;
    ownerEmail?: string;
  }): Promise<StoredDocument> {
    const document: StoredDocument = {
      version: 1,
      documentId: newFileId(),
      title: input.title,
      html: input.html,
      ...(input.ownerEmail ? { ownerEmail: input.ownerEmail.toLowerCase() } : {}),
      // Documents are link-viewable unless told otherwise, so the app can import templates with a key.
      sharing: input.sharing ?? { link: 'view', people: [] },
      createdAt: new Date().toISOString(),
    };
    await writeJsonFileAtomic(path.join(this.directory, `${document.documentId}.json`), document);
    this.#documents.set(document.documentId, document);
    return document;
  }

  async delete(documentId: string): Promise<boolean> {
    if (!this.#documents.delete(documentId)) return false;
    await rm(path.join(this.directory, `${documentId}.json`), { force: true });
    return true;
  }

  async clear(): Promise<void> {
    this.#documents.clear();
    await rm(this.directory, { recursive: true, force: true });
    await mkdir(this.directory, { recursive: true });
  }
}
