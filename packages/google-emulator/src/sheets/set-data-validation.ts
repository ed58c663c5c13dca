import { GoogleApiError } from '../google-errors.js';
import {
  checkDataValidationRule,
  MAX_VALIDATION_RANGES,
  ruleProblemMessage,
  setValidation,
  type ValidationRange,
} from './data-validation.js';
import { gridLimitError } from './range-resolution.js';
import type { SheetProperties } from './spreadsheet-model.js';

type RequestBody = Record<string, unknown>;

/**
 * batchUpdate's setDataValidation `{ range: GridRange, rule? }`: sets the rule on every cell of the
 * range, or clears the cells' rules when `rule` is left out. A GridRange's missing ends are open (to the
 * edge of the grid, however it grows); a missing `sheetId` is the sheet with id 0. Changes the draft sheet.
 */
export function setDataValidation(
  draft: SheetProperties[],
  payload: RequestBody,
  prefix: string,
  index: number,
): void {
  const path = `requests[${index}].set_data_validation`;
  const range = (payload.range ?? {}) as RequestBody;
  if (typeof range !== 'object' || Array.isArray(range)) {
    throw GoogleApiError.of(
      400,
      `Invalid value at '${path}.range' (type.googleapis.com/google.apps.sheets.v4.GridRange), ${JSON.stringify(range)}`,
    );
  }
  const sheetId = range.sheetId ?? range.sheet_id ?? 0;
  const sheet = draft.find((candidate) => candidate.sheetId === sheetId);
  if (!sheet) throw GoogleApiError.of(400, `${prefix}No grid with id: ${String(sheetId)}`);
  const target = gridRange(range, sheet, prefix, `${path}.range`);

  let rule: ValidationRange['rule'] | undefined;
  if (payload.rule !== undefined && payload.rule !== null) {
    const checked = checkDataValidationRule(payload.rule);
    if (!checked.ok) {
      const message = ruleProblemMessage(checked.problem, `${path}.rule`);
      throw checked.problem.kind === 'rule'
        ? GoogleApiError.of(400, `${prefix}${message}`)
        : GoogleApiError.of(400, message, 'INVALID_ARGUMENT', {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.BadRequest',
                fieldViolations: [{ field: fieldOf(checked.problem, `${path}.rule`), description: message }],
              },
            ],
          });
    }
    rule = checked.rule;
  }
  const ranges = setValidation(sheet.dataValidation ?? [], target, rule);
  if (ranges.length > MAX_VALIDATION_RANGES) {
    throw GoogleApiError.of(
      400,
      `${prefix}The Google emulator keeps at most ${MAX_VALIDATION_RANGES} data validation ranges per sheet.`,
    );
  }
  if (ranges.length > 0) sheet.dataValidation = ranges;
  else delete sheet.dataValidation;
}

/** Reads a GridRange's indexes (0-based, ends exclusive) and checks them against the sheet's grid. */
function gridRange(
  range: RequestBody,
  sheet: SheetProperties,
  prefix: string,
  path: string,
): Omit<ValidationRange, 'rule'> {
  const read = (camel: string, snake: string): number | undefined => {
    const value = range[camel] ?? range[snake];
    if (value === undefined || value === null) return undefined;
    if (!Number.isInteger(value)) {
      throw GoogleApiError.of(
        400,
        `Invalid value at '${path}.${snake}' (TYPE_INT32), ${JSON.stringify(value)}`,
      );
    }
    if ((value as number) < 0)
      throw GoogleApiError.of(400, `${prefix}GridRange.${camel} must not be negative.`);
    return value as number;
  };
  const startRowIndex = read('startRowIndex', 'start_row_index') ?? 0;
  const endRowIndex = read('endRowIndex', 'end_row_index');
  const startColumnIndex = read('startColumnIndex', 'start_column_index') ?? 0;
  const endColumnIndex = read('endColumnIndex', 'end_column_index');
  for (const [start, end, name] of [
    [startRowIndex, endRowIndex, 'Row'],
    [startColumnIndex, endColumnIndex, 'Column'],
  ] as const) {
    if (end !== undefined && start > end) {
      throw GoogleApiError.of(
        400,
        `${prefix}GridRange.start${name}Index (${start}) must not be greater than end${name}Index (${end}).`,
      );
    }
  }
  const reachesPast =
    (endRowIndex ?? startRowIndex) > sheet.rowCount ||
    (endColumnIndex ?? startColumnIndex) > sheet.columnCount;
  if (reachesPast) {
    throw gridLimitError(
      sheet,
      {
        startRow: startRowIndex,
        startCol: startColumnIndex,
        endRow: endRowIndex === undefined ? undefined : Math.max(startRowIndex, endRowIndex - 1),
        endCol: endColumnIndex === undefined ? undefined : Math.max(startColumnIndex, endColumnIndex - 1),
      },
      prefix,
    );
  }
  return {
    startRowIndex,
    ...(endRowIndex === undefined ? {} : { endRowIndex }),
    startColumnIndex,
    ...(endColumnIndex === undefined ? {} : { endColumnIndex }),
  };
}

function fieldOf(problem: { kind: string; field?: string }, rulePath: string): string {
  return problem.field ? `${rulePath}.${problem.field}` : rulePath;
}
