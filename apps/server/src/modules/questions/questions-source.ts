import type { QuestionRow } from '@sheetforms/contract';
import { a1Range, columnLetter } from '../../google/a1-notation.js';
import type { FetchFn } from '../../google/google-http.js';
import type { SheetsClient } from '../../google/sheets-client.js';
import { MAX_QUESTION_COLUMNS, MAX_QUESTION_ROWS, questionRowsFromValues } from './question-rows.js';

/** Where the questions live: a spreadsheet id, or (local mode) the emulator's seeded spreadsheet by title. */
export type QuestionsTarget = { spreadsheetId: string } | { emulatorTitle: string } | undefined;

export interface QuestionsSourceDeps {
  sheets: Pick<SheetsClient, 'getSpreadsheet' | 'getValues'>;
  target: QuestionsTarget;
  /** Finds a spreadsheet id by title through the emulator's control API (local mode only). */
  findByTitle?: (title: string) => Promise<string | undefined>;
}

/**
 * One read of the questions spreadsheet: its first sheet's grid size, then its cells (at most the header
 * and MAX_QUESTION_ROWS rows of columns A to Z, clamped to the grid, since Google refuses a range beyond
 * it). In local mode the spreadsheet id is looked up once and looked up again after a failed read.
 */
export function createQuestionsSource(deps: QuestionsSourceDeps): () => Promise<QuestionRow[]> {
  let foundId: string | undefined;

  async function spreadsheetId(): Promise<string> {
    const { target } = deps;
    if (!target) throw new Error('QUESTIONS_SHEET_URL is not set');
    if ('spreadsheetId' in target) return target.spreadsheetId;
    foundId ??= await deps.findByTitle?.(target.emulatorTitle);
    if (!foundId) throw new Error('the questions spreadsheet was not found');
    return foundId;
  }

  return async () => {
    try {
      const id = await spreadsheetId();
      const first = (await deps.sheets.getSpreadsheet(id)).sheets[0];
      if (!first || first.rowCount === 0 || first.columnCount === 0) return [];
      const rows = Math.min(first.rowCount, MAX_QUESTION_ROWS + 1);
      const columns = Math.min(first.columnCount, MAX_QUESTION_COLUMNS);
      const { values } = await deps.sheets.getValues(
        id,
        a1Range(first.title, `A1:${columnLetter(columns)}${rows}`),
      );
      return questionRowsFromValues(values);
    } catch (error) {
      foundId = undefined;
      throw error;
    }
  };
}

/**
 * Local mode: the emulator seeds the questions spreadsheet under a random id, so the server asks the
 * emulator's control API (`GET {emulator}/__emulator/spreadsheets`) for the one with the seeded title.
 */
export function createEmulatorTitleLookup(options: {
  emulatorUrl: string;
  timeoutMs: number;
  fetch?: FetchFn;
}): (title: string) => Promise<string | undefined> {
  const fetchFn = options.fetch ?? fetch;
  return async (title) => {
    const reply = await fetchFn(`${options.emulatorUrl.replace(/\/+$/, '')}/__emulator/spreadsheets`, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!reply.ok) throw new Error(`the emulator answered ${reply.status} listing spreadsheets`);
    const body = (await reply.json()) as {
      spreadsheets?: Array<{ spreadsheetId?: unknown; title?: unknown }>;
    };
    const found = body.spreadsheets?.find((spreadsheet) => spreadsheet.title === title);
    return typeof found?.spreadsheetId === 'string' ? found.spreadsheetId : undefined;
  };
}
