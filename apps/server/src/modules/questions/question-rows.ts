import { QUESTION_HEADERS, type QuestionRow, safeExternalUrl } from '@sheetforms/contract';

/** The feed reads at most this many rows under the header (the spreadsheet is the operator's). */
export const MAX_QUESTION_ROWS = 1_000;
/** Columns read, A to Z: the feed's seven columns and room for the operator's own. */
export const MAX_QUESTION_COLUMNS = 26;
/** A cell longer than this is cut, so one runaway cell cannot swell every reply. */
const MAX_CELL_CHARS = 10_000;

type Field = keyof typeof QUESTION_HEADERS;
const FIELDS = Object.keys(QUESTION_HEADERS) as Field[];
const LINK_FIELDS = new Set<Field>(['websiteLink', 'googleSheetLink', 'youtubeLink']);

/** The spreadsheet cannot be read as a questions feed (its header row lacks 'Questions' or 'Answer'). */
export class QuestionSheetShapeError extends Error {
  override name = 'QuestionSheetShapeError';
}

const normalHeader = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The feed's rows from a sheet's cells (first row = header). Columns are found by their header text
 * (ignoring case and repeated spaces), in any order; a missing optional column reads as ''. Rows without
 * a question and an answer (blank or only numbered) are skipped; at most `max` rows are kept. Links that
 * are not absolute http(s) URLs are dropped, so the feed never carries a `javascript:` link.
 */
export function questionRowsFromValues(values: string[][], max = MAX_QUESTION_ROWS): QuestionRow[] {
  const [header = [], ...body] = values;
  const columns = new Map<Field, number>();
  const wanted = new Map(FIELDS.map((field) => [normalHeader(QUESTION_HEADERS[field]), field]));
  header.forEach((text, index) => {
    const field = wanted.get(normalHeader(text));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (!columns.has('question') || !columns.has('answer')) {
    throw new QuestionSheetShapeError(
      `The questions sheet's first row must name the columns '${QUESTION_HEADERS.question}' and '${QUESTION_HEADERS.answer}'`,
    );
  }
  const rows: QuestionRow[] = [];
  for (const cells of body) {
    if (rows.length >= max) break;
    const read = (field: Field) => {
      const index = columns.get(field);
      const text = (index === undefined ? '' : (cells[index] ?? '')).trim().slice(0, MAX_CELL_CHARS);
      return LINK_FIELDS.has(field) ? (safeExternalUrl(text) ?? '') : text;
    };
    const row = Object.fromEntries(FIELDS.map((field) => [field, read(field)])) as QuestionRow;
    if (row.question === '' && row.answer === '') continue;
    rows.push(row);
  }
  return rows;
}
