import type { FieldWarning, FormField } from '@sheetforms/contract';
import { GoogleApiError, type GoogleErrorCode } from '../../google/google-api-error.js';
import type { SheetsClient, Spreadsheet } from '../../google/sheets-client.js';
import { createOptionsCache, type OptionsCache, type RangeRead } from './options-cache.js';
import { boundedOptionsRead, normalisedOptionsRange } from './options-range.js';
import { optionsFromValues } from './range-options.js';

/** Where a form's options ranges are read from, and whether its owner may have them read. */
export interface OptionsSource {
  ownerId: string;
  /** The form's own spreadsheet: the only one its ranges can name. */
  spreadsheetId: string | null;
  /** The spreadsheet whose edit access the owner proved for this binding (forms.edit_access_proven_for). */
  editAccessProvenFor: string | null;
}

export interface FieldOptionsDeps {
  /** The spreadsheet's grid (to bound each read) and the range's values. */
  sheets: Pick<SheetsClient, 'getSpreadsheet' | 'getValues'>;
  /**
   * Whether the owner can edit the spreadsheet themselves (the sheets module's owner-access check; its
   * decisions are kept briefly). Asked only for a binding not yet proven.
   */
  ownerCanEdit(ownerId: string, spreadsheetId: string): Promise<boolean>;
  cache?: OptionsCache;
}

export interface ResolvedFields<F> {
  /** The fields, each optionsFrom field with `options` as read now (or the last good list). */
  fields: F[];
  /** For the owner only: ranges that could not be read. */
  warnings: FieldWarning[];
}

const NO_SPREADSHEET = 'the form has no spreadsheet';
const NOT_PROVEN = 'SheetForms has not confirmed that you can edit this spreadsheet';
const EMPTY_RANGE = 'the range holds no options';
const RANGE_NOT_FOUND = 'Google Sheets could not find that range (check the sheet name)';

/** Google's failure in words an owner can act on (never a URL or our internals). */
function readFailure(code: GoogleErrorCode): string {
  switch (code) {
    case 'SHEET_NOT_FOUND':
    case 'INVALID_REQUEST':
      return RANGE_NOT_FOUND;
    case 'NOT_FOUND':
      return 'the spreadsheet was not found';
    case 'PERMISSION_DENIED':
      return 'SheetForms may not open the spreadsheet';
    case 'RATE_LIMITED':
      return 'Google Sheets is receiving too many requests';
    case 'INVALID_URL':
      return 'the spreadsheet link is not valid';
    case 'UNAVAILABLE':
      return 'Google Sheets did not answer';
  }
}

export function optionsWarningMessage(range: string, reason: string, hasList: boolean): string {
  return `Options could not be read from ${range}: ${reason}. ${
    hasList ? 'Respondents see the last list read.' : 'Respondents see no options until it can be read.'
  }`;
}

/**
 * Options of choice fields that come from a range of the form's own spreadsheet (optionsFrom), read with
 * the service account. The service account is shared by every owner, so a range is read only for a form
 * whose owner can edit the spreadsheet (the same rule as writing to it): otherwise a form bound to
 * someone else's spreadsheet would publish its cells. A range that cannot be read keeps the last good
 * list: the cache's, else the one stored on the field when the owner saved it.
 */
export function createFieldOptions(deps: FieldOptionsDeps) {
  const cache = deps.cache ?? createOptionsCache();

  /**
   * Reads a range as the preview does (boundedOptionsRead): its first column within the sheet's grid,
   * at most OPTIONS_READ_CELLS cells, whatever the owner wrote ('Lists!A1:ZZZ9999999' included), so a
   * respondent's page never has a whole sheet downloaded and parsed. The grid comes from `metadata`,
   * fetched once per resolve and only when some range is not served from the cache.
   */
  async function readRange(
    spreadsheetId: string,
    range: string,
    metadata: () => Promise<Spreadsheet>,
  ): Promise<RangeRead> {
    try {
      const bounded = boundedOptionsRead(range, (await metadata()).sheets);
      if (bounded === undefined) return { ok: false, reason: RANGE_NOT_FOUND };
      const { values } = await deps.sheets.getValues(spreadsheetId, bounded);
      const options = optionsFromValues(values);
      return options.length > 0 ? { ok: true, options } : { ok: false, reason: EMPTY_RANGE };
    } catch (error) {
      if (error instanceof GoogleApiError) return { ok: false, reason: readFailure(error.code) };
      throw error;
    }
  }

  /** Why the source's ranges may not be read, or undefined when they may. */
  async function accessProblem(source: OptionsSource | undefined): Promise<string | undefined> {
    if (!source?.spreadsheetId) return NO_SPREADSHEET;
    if (source.editAccessProvenFor === source.spreadsheetId) return undefined;
    try {
      return (await deps.ownerCanEdit(source.ownerId, source.spreadsheetId)) ? undefined : NOT_PROVEN;
    } catch (error) {
      if (error instanceof GoogleApiError) return readFailure(error.code);
      throw error;
    }
  }

  return {
    /**
     * The fields with their options as they stand now. Fields without optionsFrom come back as they are;
     * a form with none of them costs nothing.
     */
    async resolve<F extends FormField>(
      fields: readonly F[],
      source: OptionsSource | undefined,
    ): Promise<ResolvedFields<F>> {
      if (!fields.some((field) => field.optionsFrom)) return { fields: [...fields], warnings: [] };
      const problem = await accessProblem(source);
      const warnings: FieldWarning[] = [];
      const spreadsheetId = source?.spreadsheetId;
      let metadata: Promise<Spreadsheet> | undefined;
      const grid = () => {
        metadata ??= deps.sheets.getSpreadsheet(spreadsheetId as string);
        return metadata;
      };
      const resolved = await Promise.all(
        fields.map(async (field): Promise<F> => {
          const range = field.optionsFrom?.range;
          if (range === undefined) return field;
          // One key per cells read: ranges written differently but naming the same cells share an entry.
          const cells = normalisedOptionsRange(range);
          const read =
            problem !== undefined || !spreadsheetId
              ? ({ ok: false, reason: problem ?? NO_SPREADSHEET, lastGood: undefined } as const)
              : cells === undefined
                ? ({ ok: false, reason: RANGE_NOT_FOUND, lastGood: undefined } as const)
                : await cache.get(spreadsheetId, cells, () => readRange(spreadsheetId, cells, grid));
          if (read.ok) return { ...field, options: [...read.options] };
          const fallback = read.lastGood ?? field.options ?? [];
          warnings.push({
            fieldId: field.id ?? '',
            label: field.label,
            message: optionsWarningMessage(range, read.reason, fallback.length > 0),
          });
          return { ...field, options: [...fallback] };
        }),
      );
      return { fields: resolved, warnings };
    },
  };
}

export type FieldOptions = ReturnType<typeof createFieldOptions>;
