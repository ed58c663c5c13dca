import { answerToCell, type FieldType, FieldTypeSchema } from '@sheetforms/contract';
import { a1Range, columnLetter } from '../../google/a1-notation.js';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { CellInput, SheetsClient, SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';
import type { SheetOperation } from './backoff.js';
import type { ClaimedForm, ClaimedResponse, SheetBatch } from './batch.js';
import {
  aliasedLabels,
  answerCell,
  answerKeyFor,
  type FormColumns,
  planColumns,
  RESPONDENT_KEY,
  RESPONSE_ID_KEY,
  SIGNATURE_KEY,
  specsForBatch,
  TIMESTAMP_KEY,
} from './column-mapping.js';
import { findBoundSheet, findSheetByTitle } from './sheet-binding.js';
import { formatSheetTimestamp } from './timestamp.js';

/** A failed Google call, with which step it was (the worker classifies by it). */
export class SheetStepError extends Error {
  constructor(
    readonly operation: SheetOperation,
    override readonly cause: unknown,
    /** The header cells we could not add (the grid could not grow), for the owner's message. */
    readonly columns?: string[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SheetStepError';
  }
}

/**
 * The most of Google's reply to the row 1 read the writer takes (UTF-8 JSON): beyond it the read stops
 * with GoogleReplyTooLargeError, a failure the owner sees. Google allows 18,278 columns of 50,000
 * characters each (914 million characters), which would stall the server reading, parsing and matching
 * them. 4 MiB still holds the widest row Google allows with headers of some 200 plain characters each.
 */
export const HEADER_ROW_MAX_BYTES = 4 * 1024 * 1024;

/** The Google calls the writer makes. */
export type SheetWriterClient = Pick<
  SheetsClient,
  'getSpreadsheet' | 'getValues' | 'appendValues' | 'updateValues' | 'addSheet' | 'appendDimension'
>;

export interface SheetWriterDeps {
  sheets: SheetWriterClient;
  /**
   * Waits for the read or write budget before each Google call. The worker's gate also renews the batch's
   * lease and throws when the claim was lost meanwhile, so no call (a header cell above all) is made by a
   * writer that may no longer be the spreadsheet's only one.
   */
  gate(kind: 'read' | 'write'): Promise<void>;
  /**
   * Called right before the append with the ids about to be written: renews their lease and answers
   * the ids still held by this worker (others were taken over and must not be written here).
   */
  confirmClaim(ids: string[]): Promise<string[]>;
  /** IANA zone of the Timestamp column; UTC by default. */
  timeZone?: string | undefined;
  /** The tab the batch's forms write to was learnt, created or renamed: store it on the forms. */
  onBound?: (sheet: { sheetId: number; title: string }) => Promise<void>;
}

export interface WriteOutcome {
  /** Now in the sheet: appended by this call, or found there already (an earlier unanswered append). */
  syncedIds: string[];
  /** Of those, the ones found already present. */
  alreadyPresentIds: string[];
  /** No longer ours (lease taken over): leave them alone. */
  lostIds: string[];
  /** The A1 range Google wrote, when rows were appended. */
  updatedRange?: string;
  /** Set when Google put the rows somewhere other than under the header (they are in the sheet). */
  misplaced?: { range: string; title: string; rows: number };
}

/**
 * Writes one batch into its sheet: find the bound tab by sheetId (creating it only when it was deleted);
 * read row 1; fill blank header cells the form's fields were made from, and add header cells for new
 * labels at the end of row 1 only, growing the grid first when they fall past its last column; after an
 * ambiguous failure, read the Response ID column and drop responses already there; then one RAW +
 * INSERT_ROWS append anchored at '{sheet}'!A1, whose reply says whether the rows landed under the header.
 */
export async function writeBatch(batch: SheetBatch, deps: SheetWriterDeps): Promise<WriteOutcome> {
  const { sheets, gate } = deps;
  const { spreadsheetId } = batch;
  const step = async <T>(operation: SheetOperation, kind: 'read' | 'write', run: () => Promise<T>) => {
    await gate(kind);
    try {
      return await run();
    } catch (error) {
      throw new SheetStepError(operation, error);
    }
  };

  // 1. Which tab: the one the forms are bound to (by sheetId), created only when it was deleted.
  let spreadsheet = await step('read', 'read', () => sheets.getSpreadsheet(spreadsheetId));
  const bound = findBoundSheet(spreadsheet, { sheetId: batch.sheetId, sheetName: batch.sheetName });
  let sheet: SpreadsheetSheetWithGrid;
  if (bound.kind === 'found') {
    sheet = bound.sheet;
  } else {
    await gate('write');
    try {
      await sheets.addSheet(spreadsheetId, bound.title);
    } catch (addError) {
      // Another writer created it a moment ago ("already exists"): fine, bind to it.
      if (!(addError instanceof GoogleApiError && addError.code === 'INVALID_REQUEST')) {
        throw new SheetStepError('add-sheet', addError);
      }
    }
    spreadsheet = await step('read', 'read', () => sheets.getSpreadsheet(spreadsheetId));
    const added = findSheetByTitle(spreadsheet.sheets, bound.title);
    if (!added) {
      throw new SheetStepError(
        'add-sheet',
        new GoogleApiError(
          'SHEET_NOT_FOUND',
          `Sheet "${bound.title}" disappeared right after it was created`,
        ),
      );
    }
    sheet = added;
  }
  if (bound.kind === 'missing' || bound.bindingChanged || batch.sheetId !== sheet.sheetId) {
    await deps.onBound?.({ sheetId: sheet.sheetId, title: sheet.title });
  }
  const { title } = sheet;

  /**
   * A write's 400 is final (a protected range, Google's limits) unless the tab was renamed or deleted
   * since step 1 (the range named its old title): then it is a missing tab, tried again by id.
   */
  const refusalOrRename = async (operation: SheetOperation, error: unknown, columns?: string[]) => {
    if (error instanceof GoogleApiError && error.code === 'INVALID_REQUEST') {
      await gate('read');
      const now = await sheets.getSpreadsheet(spreadsheetId).catch(() => undefined);
      const current = now?.sheets.find((candidate) => candidate.sheetId === sheet.sheetId);
      if (now && current?.title !== title) {
        return new SheetStepError(
          operation,
          new GoogleApiError('SHEET_NOT_FOUND', `Sheet "${title}" was renamed or deleted during the write`),
          columns,
        );
      }
    }
    return new SheetStepError(operation, error, columns);
  };

  // 2. Row 1 (a tab renamed since step 1 answers SHEET_NOT_FOUND: the next try finds it by id again),
  // read no further than HEADER_ROW_MAX_BYTES.
  const headerRow =
    (
      await step('read', 'read', () =>
        sheets.getValues(spreadsheetId, a1Range(title, '1:1'), { maxBytes: HEADER_ROW_MAX_BYTES }),
      )
    ).values[0] ?? [];

  // 3. Columns: match by header text; new labels go at the end of row 1.
  const forms = batch.forms.map(formColumns);
  const aliases = aliasedLabels(forms);
  const prepared = await prepareResponses(batch, forms, aliases, deps.timeZone);
  const answerLabels = new Set<string>(); // in the order first seen
  for (const { answers } of prepared) {
    for (const label of answers.keys()) answerLabels.add(label);
  }
  const specs = specsForBatch(
    forms,
    [...answerLabels],
    prepared.some((p) => p.signature !== null),
    prepared.some((p) => p.response.respondentEmail !== null),
  );
  const plan = planColumns(headerRow, specs);
  // Blank header cells claimed by a field made from that column ('Column {n}' in the generator).
  for (const fill of plan.fills) {
    const cell = a1Range(title, `${columnLetter(fill.column)}1`);
    await gate('write');
    try {
      await sheets.updateValues(spreadsheetId, cell, [[fill.text]]);
    } catch (error) {
      throw await refusalOrRename('write-header', error, [fill.text]);
    }
  }
  if (plan.additions) {
    const { startColumn, cells } = plan.additions;
    const lastColumn = startColumn + cells.length - 1;
    // values.update refuses cells past the grid ("exceeds grid limits"), unlike values.append, which
    // grows it: widen the grid first, by what is missing from the sheet's current width.
    const missing = lastColumn - sheet.columnCount;
    if (missing > 0) {
      await gate('write');
      try {
        await sheets.appendDimension(spreadsheetId, sheet.sheetId, 'COLUMNS', missing);
      } catch (error) {
        throw new SheetStepError('grow-grid', error, cells);
      }
    }
    const range = a1Range(title, `${columnLetter(startColumn)}1:${columnLetter(lastColumn)}1`);
    await gate('write');
    try {
      await sheets.updateValues(spreadsheetId, range, [[...cells]]);
    } catch (error) {
      throw await refusalOrRename('write-header', error, cells);
    }
  }

  // 4. After an unanswered append (or a lost lease), drop responses whose Response ID is already there.
  let pending = prepared;
  const alreadyPresentIds: string[] = [];
  const idColumn = plan.columnIndex.get(RESPONSE_ID_KEY);
  if (
    batch.responses.some((r) => r.dedupeRequired) &&
    idColumn !== undefined &&
    idColumn < headerRow.length
  ) {
    const letter = columnLetter(idColumn + 1);
    const column = await step('read', 'read', () =>
      sheets.getValues(spreadsheetId, a1Range(title, `${letter}2:${letter}`)),
    );
    const present = new Set(column.values.map((row) => row[0] ?? '').filter((id) => id !== ''));
    pending = prepared.filter((p) => {
      if (!present.has(p.response.id)) return true;
      alreadyPresentIds.push(p.response.id);
      return false;
    });
  }
  if (pending.length === 0) return { syncedIds: alreadyPresentIds, alreadyPresentIds, lostIds: [] };

  // 5. Wait for the write budget first, then check the claim is still ours and renew the lease: the wait
  // can last up to a minute, and a lease confirmed before it could run out before the append is sent.
  await gate('write');
  const held = new Set(await deps.confirmClaim(pending.map((p) => p.response.id)));
  const lostIds = pending.filter((p) => !held.has(p.response.id)).map((p) => p.response.id);
  pending = pending.filter((p) => held.has(p.response.id));
  if (pending.length === 0) return { syncedIds: alreadyPresentIds, alreadyPresentIds, lostIds };

  // 6. One append for the batch.
  const rows = pending.map((p) => plan.toRow(p.values));
  let result: Awaited<ReturnType<typeof sheets.appendValues>>;
  try {
    result = await sheets.appendValues(spreadsheetId, title, rows); // gated in step 5
  } catch (error) {
    throw await refusalOrRename('append', error);
  }
  const misplaced = !isUnderHeader(result.updatedRange);
  return {
    syncedIds: [...alreadyPresentIds, ...pending.map((p) => p.response.id)],
    alreadyPresentIds,
    lostIds,
    updatedRange: result.updatedRange,
    ...(misplaced ? { misplaced: { range: result.updatedRange, title, rows: pending.length } } : {}),
  };
}

/**
 * Rows belong in column A, below the header row. Google's table detection can put them elsewhere (a
 * blank A1, another table at the top of the sheet): the reply's updatedRange tells where they went.
 */
export function isUnderHeader(updatedRange: string): boolean {
  const start = updatedRange.slice(updatedRange.lastIndexOf('!') + 1).split(':')[0] ?? '';
  const match = /^\$?([A-Za-z]+)\$?(\d+)$/.exec(start);
  if (!match) return true; // a shape we do not know: trust Google rather than stop the form
  return match[1]?.toUpperCase() === 'A' && Number(match[2]) >= 2;
}

interface PreparedResponse {
  response: ClaimedResponse;
  /** label → answer, in the stored order. */
  answers: Map<string, CellInput>;
  signature: string | null;
  /** Spec key → cell. */
  values: Map<string, CellInput>;
}

/** Rows prepared between two turns of the event loop: a batch of 500 in one stretch held requests ~10 ms. */
const PREPARE_SLICE = 100;

/**
 * Each response's cells, in the batch's order. Each form's fields and settings are read once per batch,
 * not once per response (the batch's responses mostly share one form), and the event loop gets a turn
 * every PREPARE_SLICE rows, so requests arriving meanwhile are not held up behind the whole batch.
 */
async function prepareResponses(
  batch: SheetBatch,
  /** batch.forms as formColumns read them, in the same order. */
  forms: readonly ParsedFormColumns[],
  aliases: ReadonlyMap<string, string>,
  timeZone: string | undefined,
): Promise<PreparedResponse[]> {
  const views = new Map<string, FormView>();
  for (const [index, columns] of forms.entries()) {
    const id = batch.forms[index]?.id;
    if (id !== undefined) views.set(id, formView(columns, aliases));
  }
  const prepared: PreparedResponse[] = [];
  for (const [index, response] of batch.responses.entries()) {
    if (index > 0 && index % PREPARE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    // batch.forms holds every response's form (batch.ts); read one here only if that ever stopped holding.
    const view = views.get(response.form.id) ?? formView(formColumns(response.form), aliases);
    prepared.push(prepareResponse(response, view, aliases, timeZone));
  }
  return prepared;
}

/** What preparing a response needs of its form. */
interface FormView {
  signatureEnabled: boolean;
  fieldLabels: ReadonlySet<string>;
  /** The type of each current field, by its label and by the old label it was renamed from. */
  types: ReadonlyMap<string, FieldType>;
}

function formView(
  { fields, signatureEnabled }: ParsedFormColumns,
  aliases: ReadonlyMap<string, string>,
): FormView {
  const types = new Map<string, FieldType>();
  for (const field of fields) if (!field.isRemoved) types.set(field.label, field.type);
  for (const [old, label] of aliases)
    if (!types.has(old) && types.has(label)) types.set(old, types.get(label) as FieldType);
  return { signatureEnabled, fieldLabels: new Set(fields.map((field) => field.label)), types };
}

function prepareResponse(
  response: ClaimedResponse,
  { signatureEnabled, fieldLabels, types }: FormView,
  aliases: ReadonlyMap<string, string>,
  timeZone: string | undefined,
): PreparedResponse {
  const stored = parseObject(response.answersJson);
  // The public form may send the uploaded signature's URL as a 'signature' answer; it goes to Signature.
  const signatureAnswer =
    typeof stored.signature === 'string' && !fieldLabels.has('signature') ? stored.signature : null;
  const signature = response.signatureUrl ?? signatureAnswer;
  const answers = new Map<string, CellInput>();
  for (const [label, value] of Object.entries(stored)) {
    if (label === 'signature' && !fieldLabels.has('signature') && (signatureEnabled || signatureAnswer))
      continue;
    answers.set(label, typedCell(types.get(label), value));
  }
  const values = new Map<string, CellInput>();
  for (const [label, value] of answers) {
    const key = answerKeyFor(label, aliases);
    // A response with both the old and the new label keeps the new one.
    if (!values.has(key) || aliases.has(label) === false) values.set(key, value);
  }
  values.set(TIMESTAMP_KEY, formatSheetTimestamp(response.createdAt, timeZone));
  values.set(RESPONSE_ID_KEY, response.id);
  if (response.respondentEmail !== null) values.set(RESPONDENT_KEY, answerCell(response.respondentEmail));
  if (signature !== null) values.set(SIGNATURE_KEY, signature);
  return { response, answers, signature, values };
}

/**
 * A stored answer of a current field as its typed cell (the contract's answerToCell: a number as a
 * number, a checkbox as TRUE/FALSE, the rest text, all RAW); answers of removed fields stay text.
 */
function typedCell(type: FieldType | undefined, value: unknown): CellInput {
  return answerCell(type !== undefined && typeof value === 'string' ? answerToCell(type, value) : value);
}

/** A form's columns with its fields as parsed here (their types too). */
type ParsedFormColumns = FormColumns & { fields: ParsedField[] };

function formColumns(form: ClaimedForm): ParsedFormColumns {
  const settings = parseSettings(form.settingsJson);
  return {
    fields: parseFields(form.fieldsJson),
    signatureEnabled: settings.signatureEnabled,
    loginRequired: settings.loginRequired,
  };
}

type ParsedField = FormColumns['fields'][number] & { isRemoved: boolean; type: FieldType };

function parseFields(json: string): ParsedField[] {
  const parsed: unknown = safeJson(json);
  if (!Array.isArray(parsed)) return [];
  const fields: ParsedField[] = [];
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) continue;
    const field = item as Record<string, unknown>;
    if (typeof field.label !== 'string' || field.label.trim() === '') continue;
    const type = FieldTypeSchema.safeParse(field.type);
    fields.push({
      label: field.label,
      isRemoved: field.isRemoved === true,
      // A stored field without a known type is written as text, as every field was before types.
      type: type.success ? type.data : 'text',
      ...(typeof field.name === 'string' ? { name: field.name } : {}),
      ...(Number.isInteger(field.column) && (field.column as number) >= 0
        ? { column: field.column as number }
        : {}),
    });
  }
  return fields;
}

function parseSettings(json: string): { signatureEnabled: boolean; loginRequired: boolean } {
  const settings = parseObject(json);
  const on = (value: unknown) => value === 1 || value === true || value === '1';
  return { signatureEnabled: on(settings.signatureEnabled), loginRequired: on(settings.loginRequired) };
}

function parseObject(json: string): Record<string, unknown> {
  const parsed: unknown = safeJson(json);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
