import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkSharing, type Sharing } from '../access/sharing.js';
import { readJsonFile, writeJsonFileAtomic } from '../state/atomic-json-file.js';
import type { Rows } from './cells.js';
import { checkDataValidationRule, ruleProblemMessage, type ValidationRange } from './data-validation.js';
import {
  appendDurably,
  applyRowOp,
  loadRowsFile,
  type RowOp,
  rewriteRowsFile,
  rowsToText,
  serializeRowOp,
} from './rows-log.js';
import {
  DEFAULT_COLUMN_COUNT,
  DEFAULT_ROW_COUNT,
  isPlausibleFileId,
  newFileId,
  newSheetId,
  type SheetProperties,
  type SpreadsheetMeta,
} from './spreadsheet-model.js';

/** A sheet to create: its title and either rows or ready-made file text (for the large seed). */
export interface NewSheet {
  title: string;
  rows?: Rows;
  /** The rows file's text (plain lines) with its row count and widest row, when built by a generator. */
  rowsText?: { text: string; rowCount: number; columnCount: number };
  /** Data validation rules, already checked (the control API's `dataValidation`). */
  dataValidation?: ValidationRange[];
}

/** What {@link SpreadsheetStore.create} needs. */
export interface NewSpreadsheet {
  title: string;
  sheets?: NewSheet[];
  sharing?: Sharing;
  ownerEmail?: string;
}

// Edits (non-append lines) tolerated in a rows file before it is compacted.
const COMPACT_AFTER_EDITS = 1000;

/**
 * Spreadsheets on disk: `spreadsheets/{id}/meta.json` (title, sharing, sheet properties; small, rewritten
 * atomically) and `spreadsheets/{id}/sheet-{sheetId}.ndjson` (cells, append-friendly; see rows-log.ts).
 * Every meta.json is read at start (cheap); a sheet's cells are loaded on first use and then kept in
 * memory. Changes apply in memory at once (so the next read sees them) and are written in order per
 * spreadsheet; the returned promise resolves once they are on disk.
 */
export class SpreadsheetStore {
  readonly #metas = new Map<string, SpreadsheetMeta>();
  readonly #rows = new Map<string, Promise<Rows>>();
  readonly #edits = new Map<string, number>();
  readonly #queues = new Map<string, Promise<void>>();
  // When each spreadsheet last changed in this process (Drive's modifiedTime); its creation time before.
  readonly #modified = new Map<string, string>();

  private constructor(readonly directory: string) {}

  /** Reads every spreadsheet's meta.json under `directory` (created when missing). */
  static async open(directory: string): Promise<SpreadsheetStore> {
    await mkdir(directory, { recursive: true });
    const store = new SpreadsheetStore(directory);
    await store.#loadMetas();
    return store;
  }

  async #loadMetas() {
    for (const entry of await readdir(this.directory, { withFileTypes: true })) {
      if (!entry.isDirectory() || !isPlausibleFileId(entry.name)) continue;
      const metaPath = path.join(this.directory, entry.name, 'meta.json');
      const raw = await readJsonFile(metaPath);
      // A folder without meta.json is a spreadsheet whose creation did not finish; it never existed.
      if (raw === undefined) continue;
      this.#metas.set(entry.name, parseMeta(raw, metaPath));
    }
  }

  /** Every spreadsheet, oldest first. */
  list(): SpreadsheetMeta[] {
    return [...this.#metas.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  get(spreadsheetId: string): SpreadsheetMeta | undefined {
    return this.#metas.get(spreadsheetId);
  }

  /** Drive's `modifiedTime`: the last change made in this process, else the creation time. */
  modifiedTime(spreadsheetId: string): string | undefined {
    return this.#modified.get(spreadsheetId) ?? this.#metas.get(spreadsheetId)?.createdAt;
  }

  /** Creates a spreadsheet: its sheets' files first, then meta.json, which makes it exist. */
  async create(input: NewSpreadsheet): Promise<SpreadsheetMeta> {
    const spreadsheetId = newFileId();
    const folder = path.join(this.directory, spreadsheetId);
    await mkdir(folder, { recursive: true });
    const sheetInputs = input.sheets && input.sheets.length > 0 ? input.sheets : [{ title: 'Sheet1' }];
    const taken = new Set<number>();
    const sheets: SheetProperties[] = [];
    for (const [index, sheet] of sheetInputs.entries()) {
      // The first sheet has gid 0, as in Google; later ones get random ids.
      const sheetId = index === 0 ? 0 : newSheetId(taken);
      taken.add(sheetId);
      const rowCount = sheet.rowsText?.rowCount ?? sheet.rows?.length ?? 0;
      const columnCount =
        sheet.rowsText?.columnCount ?? Math.max(0, ...(sheet.rows ?? []).map((row) => row.length));
      sheets.push({
        sheetId,
        title: sheet.title,
        index,
        rowCount: Math.max(DEFAULT_ROW_COUNT, rowCount),
        columnCount: Math.max(DEFAULT_COLUMN_COUNT, columnCount),
        ...(sheet.dataValidation && sheet.dataValidation.length > 0
          ? { dataValidation: structuredClone(sheet.dataValidation) }
          : {}),
      });
      const text = sheet.rowsText?.text ?? rowsToText(sheet.rows ?? []);
      if (text !== '') await rewriteRowsFile(this.#sheetFile(spreadsheetId, sheetId), text);
    }
    const meta: SpreadsheetMeta = {
      version: 1,
      spreadsheetId,
      title: input.title,
      ...(input.ownerEmail ? { ownerEmail: input.ownerEmail.toLowerCase() } : {}),
      sharing: input.sharing ?? { link: 'none', people: [] },
      createdAt: new Date().toISOString(),
      sheets,
    };
    await writeJsonFileAtomic(path.join(folder, 'meta.json'), meta);
    this.#metas.set(spreadsheetId, meta);
    return meta;
  }

  /** A sheet's rows, loaded on first use and then served from memory. Treat them as read-only. */
  rows(spreadsheetId: string, sheetId: number): Promise<Rows> {
    const key = `${spreadsheetId}/${sheetId}`;
    let rows = this.#rows.get(key);
    if (!rows) {
      rows = loadRowsFile(this.#sheetFile(spreadsheetId, sheetId)).then((loaded) => {
        this.#edits.set(key, loaded.edits);
        return loaded.rows;
      });
      this.#rows.set(key, rows);
      rows.catch(() => this.#rows.delete(key));
    }
    return rows;
  }

  /**
   * Changes a sheet's rows. The rows must have been loaded with {@link rows} first, so the change is
   * applied synchronously (no other request can slip in between a caller's read and its write).
   */
  changeRows(spreadsheetId: string, sheetId: number, rows: Rows, op: RowOp): Promise<void> {
    applyRowOp(rows, op);
    this.#modified.set(spreadsheetId, new Date().toISOString());
    const key = `${spreadsheetId}/${sheetId}`;
    const file = this.#sheetFile(spreadsheetId, sheetId);
    let text = serializeRowOp(op);
    let compact = false;
    if (op.op !== 'push') {
      const edits = (this.#edits.get(key) ?? 0) + 1;
      compact = edits > COMPACT_AFTER_EDITS && edits > rows.length / 4;
      this.#edits.set(key, compact ? 0 : edits);
      if (compact) text = rowsToText(rows);
    }
    return this.#enqueue(spreadsheetId, () =>
      compact ? rewriteRowsFile(file, text) : appendDurably(file, text),
    );
  }

  /** Starts the (empty) rows of a sheet just added, replacing any leftovers under the same id. */
  startEmptySheet(spreadsheetId: string, sheetId: number): Rows {
    const rows: Rows = [];
    const key = `${spreadsheetId}/${sheetId}`;
    this.#rows.set(key, Promise.resolve(rows));
    this.#edits.set(key, 0);
    const file = this.#sheetFile(spreadsheetId, sheetId);
    void this.#enqueue(spreadsheetId, () => rm(file, { force: true }));
    return rows;
  }

  /** Forgets a deleted sheet's rows and removes its file. */
  dropSheet(spreadsheetId: string, sheetId: number): Promise<void> {
    this.#rows.delete(`${spreadsheetId}/${sheetId}`);
    const file = this.#sheetFile(spreadsheetId, sheetId);
    return this.#enqueue(spreadsheetId, () => rm(file, { force: true }));
  }

  /** Writes meta.json after the caller changed the spreadsheet's meta object in place. */
  saveMeta(spreadsheetId: string): Promise<void> {
    const meta = this.#metas.get(spreadsheetId);
    if (!meta) return Promise.resolve();
    this.#modified.set(spreadsheetId, new Date().toISOString());
    const snapshot = structuredClone(meta);
    return this.#enqueue(spreadsheetId, () =>
      writeJsonFileAtomic(path.join(this.directory, spreadsheetId, 'meta.json'), snapshot),
    );
  }

  /** Removes a spreadsheet and its files. */
  async delete(spreadsheetId: string): Promise<boolean> {
    if (!this.#metas.delete(spreadsheetId)) return false;
    this.#modified.delete(spreadsheetId);
    for (const key of [...this.#rows.keys()]) if (key.startsWith(`${spreadsheetId}/`)) this.#rows.delete(key);
    await this.#enqueue(spreadsheetId, () =>
      rm(path.join(this.directory, spreadsheetId), { recursive: true, force: true }),
    );
    this.#queues.delete(spreadsheetId);
    return true;
  }

  /** Removes every spreadsheet (the control API's reset). */
  async clear(): Promise<void> {
    await Promise.allSettled([...this.#queues.values()]);
    this.#metas.clear();
    this.#rows.clear();
    this.#edits.clear();
    this.#queues.clear();
    this.#modified.clear();
    await rm(this.directory, { recursive: true, force: true });
    await mkdir(this.directory, { recursive: true });
  }

  /** Resolves when every queued write has reached the disk. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#queues.values()]);
  }

  #sheetFile(spreadsheetId: string, sheetId: number): string {
    return path.join(this.directory, spreadsheetId, `sheet-${sheetId}.ndjson`);
  }

  #enqueue(spreadsheetId: string, task: () => Promise<void>): Promise<void> {
    const previous = this.#queues.get(spreadsheetId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.#queues.set(spreadsheetId, next);
    return next;
  }
}

function parseMeta(raw: unknown, filePath: string): SpreadsheetMeta {
  const fail = (problem: string): never => {
    throw new Error(`${filePath} has an unexpected shape (${problem}); fix or delete its folder.`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('not an object');
  const meta = raw as Record<string, unknown>;
  if (typeof meta.spreadsheetId !== 'string' || typeof meta.title !== 'string') return fail('id or title');
  if (!Array.isArray(meta.sheets)) return fail('sheets');
  const sharing = checkSharing(meta.sharing);
  if (!sharing.ok) return fail(sharing.message);
  const sheets = meta.sheets.map((entry): SheetProperties => {
    const sheet = (entry ?? {}) as Record<string, unknown>;
    const numbers = ['sheetId', 'index', 'rowCount', 'columnCount'] as const;
    if (typeof sheet.title !== 'string' || numbers.some((name) => typeof sheet[name] !== 'number')) {
      return fail('a sheet');
    }
    return {
      sheetId: sheet.sheetId as number,
      title: sheet.title,
      index: sheet.index as number,
      rowCount: sheet.rowCount as number,
      columnCount: sheet.columnCount as number,
      ...(typeof sheet.frozenRowCount === 'number' ? { frozenRowCount: sheet.frozenRowCount } : {}),
      ...(sheet.dataValidation === undefined
        ? {}
        : { dataValidation: parseValidation(sheet.dataValidation, fail) }),
    };
  });
  return {
    version: 1,
    spreadsheetId: meta.spreadsheetId,
    title: meta.title,
    ...(typeof meta.ownerEmail === 'string' ? { ownerEmail: meta.ownerEmail } : {}),
    sharing: sharing.sharing,
    createdAt: typeof meta.createdAt === 'string' ? meta.createdAt : new Date(0).toISOString(),
    sheets,
  };
}

/** A sheet's stored rules, checked as a request's would be (a hand-edited meta.json fails clearly). */
function parseValidation(raw: unknown, fail: (problem: string) => never): ValidationRange[] {
  if (!Array.isArray(raw)) return fail('dataValidation');
  return raw.map((entry, index) => {
    const range = (entry ?? {}) as Record<string, unknown>;
    const index_ = (name: string, optional: boolean) => {
      const value = range[name];
      if (value === undefined && optional) return undefined;
      if (!Number.isInteger(value) || (value as number) < 0) return fail(`dataValidation[${index}].${name}`);
      return value as number;
    };
    const checked = checkDataValidationRule(range.rule);
    if (!checked.ok) return fail(ruleProblemMessage(checked.problem, `dataValidation[${index}].rule`));
    const endRowIndex = index_('endRowIndex', true);
    const endColumnIndex = index_('endColumnIndex', true);
    return {
      startRowIndex: index_('startRowIndex', false) as number,
      ...(endRowIndex === undefined ? {} : { endRowIndex }),
      startColumnIndex: index_('startColumnIndex', false) as number,
      ...(endColumnIndex === undefined ? {} : { endColumnIndex }),
      rule: checked.rule,
    };
  });
}
