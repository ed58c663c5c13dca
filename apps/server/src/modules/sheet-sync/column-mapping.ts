import { withoutXmlForbiddenCharacters } from '@sheetforms/contract';
import type { CellInput } from '../../google/sheets-client.js';

/**
 * Matching answers to a sheet's columns by header text (pure).
 *
 * Rules (DESIGN "Responses reach the sheet", item 3):
 * - a column is found by its header text: exact first, then ignoring case and surrounding/double spaces;
 * - a label with no column becomes a new header cell at the end of row 1; existing header cells are never
 *   rewritten or moved, so hand-reordered columns and data of renamed or removed fields stay where they are;
 * - an empty header row gets the full header: form fields in form order, answer labels the form no longer
 *   has, then Timestamp, Response ID, (with login) Respondent and (with signatures) Signature.
 */

/** One column the batch wants to write. `key` identifies it in value maps; `header` is its text. */
export interface ColumnSpec {
  key: string;
  header: string;
  /**
   * Other header texts that mean this column when `header` itself is absent: a field renamed in the
   * form generator remembers the sheet header it came from (FormField.name).
   */
  aliases?: readonly string[];
  /**
   * Where the column was when the form was made from the sheet (FormField.column), with the header text
   * it had then (FormField.name; 'Column {n}' or '' for a blank header cell). At that position and with
   * that text (or still blank) the column is this spec's, which tells duplicate headers apart and finds a
   * blank one.
   */
  binding?: { column: number; name: string };
}

export interface ColumnPlan {
  /** Row 1 as it will be once `additions` are written (existing cells unchanged). */
  header: readonly string[];
  /** Header cells to write at the end of row 1, from `startColumn` (1-based); undefined when none. */
  additions: { startColumn: number; cells: string[] } | undefined;
  /** Blank header cells inside row 1 to write (1-based column), claimed by a field made from them. */
  fills: Array<{ column: number; text: string }>;
  /** Spec key → 0-based column index. */
  columnIndex: ReadonlyMap<string, number>;
  /** A row aligned to the header from column A: each value under its column, '' elsewhere. */
  toRow(values: ReadonlyMap<string, CellInput>): CellInput[];
}

export const TIMESTAMP_KEY = '\u0000timestamp';
export const RESPONSE_ID_KEY = '\u0000response-id';
export const SIGNATURE_KEY = '\u0000signature';
export const RESPONDENT_KEY = '\u0000respondent';

export const TIMESTAMP_HEADER = 'Timestamp';
export const RESPONSE_ID_HEADER = 'Response ID';
export const SIGNATURE_HEADER = 'Signature';
/** The authorized user's email, for forms that require login (issue 22). */
export const RESPONDENT_HEADER = 'Respondent';

/**
 * Header comparison: trimmed, inner whitespace collapsed, case-folded, without the characters XML 1.0
 * forbids (header cells are written without them; one written with them before is still found).
 */
export function normaliseHeader(text: string): string {
  const trimmed = withoutXmlForbiddenCharacters(text).trim();
  // Collapsing with replace(/\s+/g, ' ') gives the same text, but V8 lower-cases its result for a locale
  // about 6 times slower (some 6 µs a header cell): a row of 18,278 cells is read every sync round. Most
  // headers have single spaces only, and are left as they are.
  const collapsed = SPACE_RUN_OR_OTHER_SPACE.test(trimmed) ? trimmed.split(/\s+/).join(' ') : trimmed;
  return collapsed.toLocaleLowerCase('en-US');
}

/** Whitespace that collapsing changes: two in a row, or one that is not a plain space. */
const SPACE_RUN_OR_OTHER_SPACE = /\s\s|[^\S ]/;

/**
 * Plans the header additions and the row layout for `specs` against the sheet's current row 1.
 *
 * A spec takes the first column, left to right, not taken yet whose header matches. Row 1 can hold 18,278
 * cells and the specs hundreds of labels, so the header is indexed once by text (and, when a spec needs
 * it, once by normalised text) instead of being scanned for every spec: linear in cells plus specs.
 */
export function planColumns(headerRow: readonly string[], specs: readonly ColumnSpec[]): ColumnPlan {
  const header = [...headerRow];
  const taken = new Set<number>();
  const columnIndex = new Map<string, number>();

  const exact = columnsByText(headerRow, (cell) => cell);
  // Normalising costs more than comparing: done only once a spec is not found by its exact text.
  let loose: Map<string, ColumnQueue> | undefined;
  const find = (text: string, normalised: boolean): number => {
    if (normalised && loose === undefined) loose = columnsByText(headerRow, normaliseHeader);
    const queue = normalised ? loose?.get(normaliseHeader(text)) : exact.get(text);
    if (!queue) return -1;
    // Columns are only ever taken, never given back: the ones skipped here stay skipped.
    while (queue.next < queue.columns.length) {
      const index = queue.columns[queue.next] as number;
      if (!taken.has(index)) return index;
      queue.next++;
    }
    return -1;
  };
  const assign = (spec: ColumnSpec, index: number) => {
    taken.add(index);
    columnIndex.set(spec.key, index);
  };

  // Pass 0: the column a field was made from, still holding the text it had then (duplicate headers).
  for (const spec of specs) {
    const binding = spec.binding;
    if (!binding || binding.name.trim() === '') continue;
    const cell = header[binding.column];
    if (
      cell !== undefined &&
      !taken.has(binding.column) &&
      normaliseHeader(cell) === normaliseHeader(binding.name)
    ) {
      assign(spec, binding.column);
    }
  }
  // Pass 1: exact header text, so an exact match is never stolen by a looser one of an earlier spec.
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    const index = find(spec.header, false);
    if (index !== -1) assign(spec, index);
  }
  // Pass 2: normalised text, then the aliases (exact, then normalised).
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    for (const [text, normalised] of [
      [spec.header, true],
      ...(spec.aliases ?? []).flatMap((alias) => [
        [alias, false],
        [alias, true],
      ]),
    ] as Array<[string, boolean]>) {
      const index = find(text, normalised);
      if (index !== -1) {
        assign(spec, index);
        break;
      }
    }
  }
  // Pass 2b: a field whose column is found by neither position nor text takes the cell it was made from
  // while that cell is blank: a blank header, shown as 'Column {n}' in the generator (its `name`).
  const fills: Array<{ column: number; text: string }> = [];
  for (const spec of specs) {
    const binding = spec.binding;
    if (columnIndex.has(spec.key) || !binding) continue;
    const cell = header[binding.column];
    if (cell === undefined || cell.trim() !== '' || taken.has(binding.column)) continue;
    header[binding.column] = spec.header;
    fills.push({ column: binding.column + 1, text: spec.header });
    assign(spec, binding.column);
  }
  // Pass 3: what is still missing goes at the end, in spec order.
  const startColumn = header.length + 1;
  const cells: string[] = [];
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    header.push(spec.header);
    cells.push(spec.header);
    assign(spec, header.length - 1);
  }

  const width = Math.max(0, ...[...columnIndex.values()].map((index) => index + 1));
  return {
    header,
    additions: cells.length > 0 ? { startColumn, cells } : undefined,
    fills,
    columnIndex,
    toRow(values) {
      const row: CellInput[] = new Array<CellInput>(width).fill('');
      for (const [key, value] of values) {
        const index = columnIndex.get(key);
        if (index !== undefined) row[index] = value;
      }
      return row;
    },
  };
}

/** The columns (0-based, left to right) of one header text, and the first that may still be free. */
interface ColumnQueue {
  columns: number[];
  next: number;
}

/** Non-blank header cells grouped by `key(cell)`, each group in column order. */
function columnsByText(
  headerRow: readonly string[],
  key: (cell: string) => string,
): Map<string, ColumnQueue> {
  const byText = new Map<string, ColumnQueue>();
  for (let index = 0; index < headerRow.length; index++) {
    const cell = headerRow[index] as string;
    if (cell === '') continue;
    const text = key(cell);
    const queue = byText.get(text);
    if (queue) queue.columns.push(index);
    else byText.set(text, { columns: [index], next: 0 });
  }
  return byText;
}

/** The parts of a form the column plan needs. */
export interface FormColumns {
  fields: ReadonlyArray<{
    label: string;
    isRemoved?: boolean | undefined;
    name?: string | undefined;
    column?: number | undefined;
  }>;
  signatureEnabled: boolean;
  /** Respondents log in: the batch writes a Respondent column. */
  loginRequired?: boolean | undefined;
}

/**
 * The columns a batch writes: every current (not removed) field of its forms in form order, then answer
 * labels the forms no longer list (answers stored before a field was removed or renamed keep their
 * data), then Timestamp, Response ID, Respondent (when a form requires login or a response names its
 * respondent) and Signature (when a form enables signatures or an answer has one).
 *
 * Respondent follows Response ID in a new sheet's header only: on a sheet with data it is added at the
 * end of row 1 the first time a login form writes (a form switched to login later), and never moved. A
 * 'Respondent' header already in row 1 is taken as this column unless a field of the form has that label:
 * fields come first in the specs, so the field keeps its column and the respondent's email gets a column
 * of its own. Response ID is found by its own header text, so the exactly-once check reads the same column
 * whether or not a Respondent column exists.
 */
export function specsForBatch(
  forms: readonly FormColumns[],
  answerLabels: readonly string[],
  anySignature: boolean,
  anyRespondent = false,
): ColumnSpec[] {
  const aliased = aliasedLabels(forms);
  const specs: ColumnSpec[] = [];
  const seen = new Set<string>();
  const add = (spec: ColumnSpec) => {
    if (seen.has(spec.key)) return;
    seen.add(spec.key);
    specs.push(spec);
  };
  for (const form of forms) {
    for (const field of form.fields) {
      if (field.isRemoved) continue;
      const aliases = field.name && field.name !== field.label ? [field.name] : [];
      const binding =
        field.column !== undefined ? { column: field.column, name: field.name ?? field.label } : undefined;
      add({
        key: answerKey(field.label),
        header: headerText(field.label),
        aliases,
        ...(binding ? { binding } : {}),
      });
    }
  }
  for (const label of answerLabels) {
    if (!aliased.has(label)) add({ key: answerKey(label), header: headerText(label) });
  }
  add({ key: TIMESTAMP_KEY, header: TIMESTAMP_HEADER });
  add({ key: RESPONSE_ID_KEY, header: RESPONSE_ID_HEADER });
  if (anyRespondent || forms.some((form) => form.loginRequired)) {
    add({ key: RESPONDENT_KEY, header: RESPONDENT_HEADER });
  }
  if (anySignature || forms.some((form) => form.signatureEnabled)) {
    add({ key: SIGNATURE_KEY, header: SIGNATURE_HEADER });
  }
  return specs;
}

/** A label as the header cell it becomes: without the characters XML 1.0 forbids, like every cell. */
function headerText(label: string): string {
  return withoutXmlForbiddenCharacters(label);
}

/**
 * Old labels of renamed fields (FormField.name) → the field's current label, for labels no current field
 * has: an answer stored under the old label belongs to the renamed field's column.
 */
export function aliasedLabels(forms: readonly FormColumns[]): Map<string, string> {
  const current = new Set(
    forms.flatMap((form) => form.fields.filter((f) => !f.isRemoved).map((f) => f.label)),
  );
  const aliases = new Map<string, string>();
  for (const form of forms) {
    for (const field of form.fields) {
      if (field.isRemoved || !field.name || current.has(field.name) || aliases.has(field.name)) continue;
      aliases.set(field.name, field.label);
    }
  }
  return aliases;
}

/** The value-map key of an answer stored under `label` (an old label maps to its renamed field). */
export function answerKeyFor(label: string, aliases: ReadonlyMap<string, string>): string {
  return answerKey(aliases.get(label) ?? label);
}

/** Answers are keyed by their label (prefixed, so a field called "Timestamp" is still its own column). */
export function answerKey(label: string): string {
  return `answer:${label}`;
}

/**
 * One stored answer as a RAW cell: strings stay text (so '=IMPORTXML(…)' is never a formula), without
 * the characters XML 1.0 forbids (Google keeps them, and the sheet's own XLSX download then breaks).
 * Cut first, then cleaned, so a cut through a surrogate pair leaves no half behind.
 */
export function answerCell(value: unknown): CellInput {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    return withoutXmlForbiddenCharacters(value.length > MAX_CELL ? value.slice(0, MAX_CELL) : value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return answerCell(value.map((item) => String(item)).join(', '));
  return answerCell(JSON.stringify(value));
}

/** Google refuses cells over 50,000 characters (reference 1f); stay a little under. */
const MAX_CELL = 49_995;
