import {
  extractSpreadsheetId,
  SHEET_PREVIEW_ROWS,
  type SheetAccess,
  type SheetPreview,
  type SpreadsheetMetadata,
} from '@sheetforms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { a1Range, columnLetter } from '../../google/a1-notation.js';
import { GoogleApiError } from '../../google/google-api-error.js';
import type {
  GridWithRules,
  SheetsClient,
  Spreadsheet,
  SpreadsheetSheet,
} from '../../google/sheets-client.js';
import { boundedOptionsRead } from '../field-options/options-range.js';
import { optionsFromValues } from '../field-options/range-options.js';
import { suggestColumns } from './column-suggestions.js';
import type { OwnerAccessService, OwnerProof } from './owner-access.service.js';
import { createSheetCheckCache, type SheetCheckCache } from './sheet-check-cache.js';
import {
  ACCESS_MESSAGES,
  accessErrorFor,
  noOwnerAccessMessage,
  sharingAdvice,
  sheetsProblem,
} from './sheet-messages.js';
import { type ShapedPreview, shapePreview, withSuggestions } from './sheet-preview.js';
import type { TypeSuggestion } from './type-suggestion.js';

export interface SheetsServiceDeps {
  sheets: Pick<SheetsClient, 'getSpreadsheet' | 'getValues' | 'batchGetValues' | 'getGridWithRules'>;
  /** The service account users share with, or undefined when only an API key is configured. */
  serviceAccountEmail: () => Promise<string | undefined>;
  /** Whether the signed-in owner can open a spreadsheet themselves (the service account is shared). */
  ownerAccess: Pick<OwnerAccessService, 'decide' | 'requireForBinding'>;
  /** Where failures that are ours or Google's (not the user's) are logged. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
  /** The Sheet Status results the list's batch check answers again for 60 s. */
  checkCache?: SheetCheckCache;
}

/** One form's sheet settings, as the batch check of the Manage Forms list reads them. */
export interface FormSheetSettings {
  formId: string;
  googleSheetsUrl: string;
  sheetName: string;
}

/** Checks of one batch run at once at most: a list of 200 forms must not fire 200 Google calls together. */
export const BATCH_CHECK_CONCURRENCY = 4;

const HEADER_ROWS = '1:1';
const DATA_ROWS = `2:${SHEET_PREVIEW_ROWS + 1}`;
/**
 * The data rows whose rules and values suggest the field types: enough to tell, few enough to stay small.
 * A wide sheet gets fewer rows (never fewer than the preview's), so one reply stays near 10,000 cells.
 */
export const SUGGESTION_ROWS = 100;
export const SUGGESTION_CELLS = 10_000;
/** The dropdown ranges whose options the preview reads, at most (one request for all of them). */
export const OPTION_RANGES_READ = 10;

/** Who is asking: every call is on behalf of a signed-in owner, who must be able to open the spreadsheet. */
export interface SheetCaller extends OwnerProof {
  ownerId: string;
}

/** Spreadsheet metadata, the generator's preview and the forms list's access check. */
export function createSheetsService(deps: SheetsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const checkCache = deps.checkCache ?? createSheetCheckCache({ now: () => now().getTime() });

  async function emailOrUndefined(): Promise<string | undefined> {
    try {
      return await deps.serviceAccountEmail();
    } catch {
      return undefined;
    }
  }

  /** Google failures become problems; anything else is a bug and stays a 500. */
  async function asProblem(error: unknown, sheetName?: string): Promise<never> {
    if (!(error instanceof GoogleApiError)) throw error;
    logIfOurs(error);
    throw sheetsProblem(error.code, {
      ...(sheetName !== undefined ? { sheetName } : {}),
      serviceAccountEmail: error.code === 'PERMISSION_DENIED' ? await emailOrUndefined() : undefined,
    });
  }

  function logIfOurs(error: GoogleApiError) {
    if (error.code === 'UNAVAILABLE' || error.code === 'INVALID_REQUEST' || error.code === 'RATE_LIMITED') {
      deps.log?.warn({ err: error, code: error.code }, 'Google Sheets call failed');
    }
  }

  async function readPreview(
    spreadsheetId: string,
    sheetName: string,
    metadata: Once<Spreadsheet>,
  ): Promise<ShapedPreview> {
    try {
      // Whole-row ranges: no column bound can reach past the grid, whatever its width.
      const [header, data] = await deps.sheets.batchGetValues(spreadsheetId, [
        a1Range(sheetName, HEADER_ROWS),
        a1Range(sheetName, DATA_ROWS),
      ]);
      return shapePreview(header?.values[0] ?? [], data?.values ?? []);
    } catch (error) {
      if (!(error instanceof GoogleApiError && error.code === 'SHEET_NOT_FOUND'))
        return asProblem(error, sheetName);
    }
    // Google answers the same 400 for a missing sheet and for rows past a grid shorter than 6 rows, so
    // only then the metadata decides, and a short sheet is read within its grid.
    try {
      const sheet = findSheet((await metadata()).sheets, sheetName);
      if (!sheet) throw new GoogleApiError('SHEET_NOT_FOUND', `No sheet named ${sheetName}`);
      const lastRow = Math.min(sheet.rowCount, SHEET_PREVIEW_ROWS + 1);
      if (lastRow < 1) return shapePreview([], []);
      const { values } = await deps.sheets.getValues(spreadsheetId, a1Range(sheet.title, `1:${lastRow}`));
      return shapePreview(values[0] ?? [], values.slice(1));
    } catch (error) {
      return asProblem(error, sheetName);
    }
  }

  /**
   * The preview answers without suggestions from the rules when Google will not give them (a key that
   * may read values but not grid data, a quota spent, a fault): the columns are then judged by the 5
   * preview rows, and the preview itself never fails for it.
   */
  async function suggestTypes(
    spreadsheetId: string,
    sheetName: string,
    shaped: ShapedPreview,
    metadata: Once<Spreadsheet>,
  ): Promise<TypeSuggestion[]> {
    const names = shaped.headers.map((header) => header.name);
    const grid = await readRules(spreadsheetId, sheetName, names.length, metadata);
    const suggestions = suggestColumns({
      names,
      dataRows: grid?.rows ?? shaped.rows.map((row) => row.map((value) => ({ value }))),
      sheetName,
      locale: grid?.locale,
    });
    return withRangeOptions(spreadsheetId, suggestions, metadata);
  }

  /** Rows 2 to 101 (fewer if wide) of the preview's columns, with their rules; undefined if Google refuses. */
  async function readRules(
    spreadsheetId: string,
    sheetName: string,
    width: number,
    metadata: Once<Spreadsheet>,
  ): Promise<GridWithRules | undefined> {
    const rows = Math.max(
      SHEET_PREVIEW_ROWS,
      Math.min(SUGGESTION_ROWS, Math.floor(SUGGESTION_CELLS / width)),
    );
    const rowsUpTo = (lastRow: number) => a1Range(sheetName, `A2:${columnLetter(width)}${lastRow}`);
    // A short sheet's grid is already known; otherwise most grids are 1,000 rows, so try before asking.
    let lastRow = metadata.known() ? undefined : rows + 1;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        if (lastRow === undefined) {
          const sheet = findSheet((await metadata()).sheets, sheetName);
          if (!sheet || sheet.rowCount < 2) return undefined;
          lastRow = Math.min(sheet.rowCount, rows + 1);
        }
        return await deps.sheets.getGridWithRules(spreadsheetId, rowsUpTo(lastRow));
      } catch (error) {
        if (!(error instanceof GoogleApiError)) throw error;
        logIfOurs(error);
        // Rows past a grid shorter than 101 rows: Google's 400, read again within the grid.
        if (error.code !== 'SHEET_NOT_FOUND' || metadata.known()) return undefined;
        lastRow = undefined;
      }
    }
    return undefined;
  }

  /**
   * The current options of dropdowns that read a range, so the generator can show them: each range's
   * first column bounded by its sheet's grid (from the metadata) and OPTIONS_READ_CELLS, all in one
   * request, read into options as the live form reads them (optionsFromValues). A range
   * Google will not read leaves the dropdown with its range only; the form reads it again when shown.
   */
  async function withRangeOptions(
    spreadsheetId: string,
    suggestions: TypeSuggestion[],
    metadata: Once<Spreadsheet>,
  ): Promise<TypeSuggestion[]> {
    const ranges = [
      ...new Set(suggestions.flatMap((suggestion) => suggestion.optionsFrom?.range ?? [])),
    ].slice(0, OPTION_RANGES_READ);
    if (ranges.length === 0) return suggestions;
    try {
      const { sheets } = await metadata();
      const reads = ranges.flatMap((range) => {
        const read = boundedOptionsRead(range, sheets);
        return read ? [{ range, read }] : [];
      });
      if (reads.length === 0) return suggestions;
      const answers = await deps.sheets.batchGetValues(
        spreadsheetId,
        reads.map(({ read }) => read),
      );
      const optionsOf = new Map(
        reads.map(({ range }, i) => [range, optionsFromValues(answers[i]?.values ?? [])]),
      );
      return suggestions.map((suggestion) => {
        const options = suggestion.optionsFrom && optionsOf.get(suggestion.optionsFrom.range);
        return options && options.length > 0 ? { ...suggestion, options } : suggestion;
      });
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      logIfOurs(error);
      return suggestions;
    }
  }

  function idFrom(url: string): string {
    const id = extractSpreadsheetId(url);
    if (!id) throw sheetsProblem('INVALID_URL', {});
    return id;
  }

  /**
   * Spec 000's check behind the Sheet Status column. Always answers (never throws for Google's
   * failures): the kinds are what the column shows. A missing sheet is not an error, because the
   * first response creates it. An owner who cannot edit the spreadsheet themselves (any more) gets
   * NO_OWNER_ACCESS, and learns nothing of it: not even its title.
   */
  async function checkAccessNow(
    googleSheetsUrl: string,
    sheetName: string,
    caller: SheetCaller,
  ): Promise<SheetAccess> {
    const lastChecked = now().toISOString();
    const spreadsheetId = extractSpreadsheetId(googleSheetsUrl);
    if (!spreadsheetId) {
      return {
        accessible: false,
        error: 'NOT_FOUND',
        message: ACCESS_MESSAGES.invalidUrl,
        lastChecked,
        sheetExists: false,
      };
    }
    try {
      // Always fresh: the status is where an owner learns that access was taken away.
      const owner = await deps.ownerAccess.decide(caller.ownerId, spreadsheetId, {
        ...caller,
        fresh: true,
      });
      if (owner.kind === 'denied') return noOwnerAccess(owner.ownerEmail, lastChecked, owner.canView);
      const spreadsheet = await deps.sheets.getSpreadsheet(spreadsheetId);
      // Not shared with the service account a moment ago, yet it opened: trust neither, tell nothing.
      if (owner.kind === 'unreachable') return noOwnerAccess(owner.ownerEmail, lastChecked);
      const sheetExists = findSheet(spreadsheet.sheets, sheetName) !== undefined;
      return {
        accessible: true,
        error: null,
        message: sheetExists
          ? ACCESS_MESSAGES.connected(spreadsheet.title, sheetName)
          : ACCESS_MESSAGES.sheetMissing(spreadsheet.title, sheetName),
        lastChecked,
        sheetExists,
      };
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      const kind = accessErrorFor(error.code);
      logIfOurs(error);
      const message =
        kind === 'PERMISSION_DENIED'
          ? sharingAdvice(await emailOrUndefined())
          : kind === 'NOT_FOUND'
            ? error.code === 'INVALID_URL'
              ? ACCESS_MESSAGES.invalidUrl
              : ACCESS_MESSAGES.notFound
            : ACCESS_MESSAGES.checkFailed;
      // A quota spent or Google down says nothing about the spreadsheet: the same check may pass shortly.
      const retryable = error.code === 'RATE_LIMITED' || error.code === 'UNAVAILABLE';
      return {
        accessible: false,
        error: kind,
        message,
        lastChecked,
        sheetExists: false,
        ...(retryable ? { retryable } : {}),
      };
    }
  }

  /** Settled answers only: a check Google was too busy for is asked again next time. */
  function remember(googleSheetsUrl: string, sheetName: string, ownerId: string, result: SheetAccess) {
    const spreadsheetId = extractSpreadsheetId(googleSheetsUrl);
    if (spreadsheetId && !result.retryable) checkCache.set(ownerId, spreadsheetId, sheetName, result);
  }

  /**
   * The binding check; when the owner's own token just proved edit access (Verify with Google, decision
   * 0044), the Sheet Status answers kept for them are dropped, so Manage Forms shows every form on that
   * spreadsheet as it is now rather than a refusal kept for a minute.
   */
  async function requireForBinding(caller: SheetCaller, spreadsheetId: string): Promise<void> {
    const decision = await deps.ownerAccess.requireForBinding(caller.ownerId, spreadsheetId, caller);
    if (decision.kind === 'granted' && decision.via === 'own-token' && caller.googleAccessToken)
      checkCache.forgetOwner(caller.ownerId);
  }

  return {
    async getMetadata(url: string, caller: SheetCaller): Promise<SpreadsheetMetadata> {
      const spreadsheetId = idFrom(url);
      await requireForBinding(caller, spreadsheetId);
      try {
        const spreadsheet = await deps.sheets.getSpreadsheet(spreadsheetId);
        return {
          spreadsheetId: spreadsheet.spreadsheetId,
          title: spreadsheet.title,
          sheets: spreadsheet.sheets.map((sheet) => ({
            id: sheet.sheetId,
            title: sheet.title,
            index: sheet.index,
          })),
        };
      } catch (error) {
        return asProblem(error);
      }
    },

    /**
     * Reads only the header row and the next 5 rows, in one request, so a 100,000-row sheet costs
     * what a 10-row one does; then suggests each column's field type from the sheet's rules and its
     * first 100 data rows (one more request, and one for the options of dropdowns that read a range).
     */
    async getPreview(url: string, sheetName: string, caller: SheetCaller): Promise<SheetPreview> {
      const spreadsheetId = idFrom(url);
      await requireForBinding(caller, spreadsheetId);
      const metadata = once(() => deps.sheets.getSpreadsheet(spreadsheetId));
      const shaped = await readPreview(spreadsheetId, sheetName, metadata);
      if (shaped.empty) return { spreadsheetId, sheetName, ...shaped };
      const suggestions = await suggestTypes(spreadsheetId, sheetName, shaped, metadata);
      return { spreadsheetId, sheetName, ...shaped, headers: withSuggestions(shaped.headers, suggestions) };
    },

    /**
     * The single check (Recheck, and the check after a save): always asks Google, and what it learns
     * replaces what the batch check would answer from its cache.
     */
    async checkAccess(googleSheetsUrl: string, sheetName: string, caller: SheetCaller): Promise<SheetAccess> {
      const result = await checkAccessNow(googleSheetsUrl, sheetName, caller);
      remember(googleSheetsUrl, sheetName, caller.ownerId, result);
      return result;
    },

    /**
     * The Manage Forms list's one call per load: each form's status, from the cache when its spreadsheet
     * and sheet were checked for this owner in the last 60 s, else checked now (forms sharing a
     * spreadsheet and sheet share one check). The caller passes only the owner's own forms.
     */
    async checkForms(forms: FormSheetSettings[], caller: SheetCaller): Promise<Record<string, SheetAccess>> {
      const byTarget = new Map<string, FormSheetSettings[]>();
      for (const form of forms) {
        const target = JSON.stringify([form.googleSheetsUrl, form.sheetName]);
        byTarget.set(target, [...(byTarget.get(target) ?? []), form]);
      }
      const results: Record<string, SheetAccess> = {};
      const groups = [...byTarget.values()];
      let next = 0;
      const worker = async () => {
        for (let group = groups[next++]; group; group = groups[next++]) {
          const [{ googleSheetsUrl, sheetName }] = group as [FormSheetSettings];
          const spreadsheetId = extractSpreadsheetId(googleSheetsUrl);
          let result = spreadsheetId ? checkCache.get(caller.ownerId, spreadsheetId, sheetName) : undefined;
          if (!result) {
            result = await checkAccessNow(googleSheetsUrl, sheetName, caller);
            remember(googleSheetsUrl, sheetName, caller.ownerId, result);
          }
          for (const form of group) results[form.formId] = result;
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_CHECK_CONCURRENCY, groups.length) }, worker));
      return results;
    },

    /** The owner's sheet settings changed: their next list load checks again. */
    forgetChecksOf(ownerId: string): void {
      checkCache.forgetOwner(ownerId);
    },
  };
}

export type SheetsService = ReturnType<typeof createSheetsService>;

function noOwnerAccess(ownerEmail: string | undefined, lastChecked: string, canView = false): SheetAccess {
  return {
    accessible: false,
    error: 'NO_OWNER_ACCESS',
    message: noOwnerAccessMessage(ownerEmail, canView),
    lastChecked,
    sheetExists: false,
  };
}

/** A call made at most once, when first needed; known() tells whether it has been made. */
interface Once<T> {
  (): Promise<T>;
  known(): boolean;
}
function once<T>(load: () => Promise<T>): Once<T> {
  let promise: Promise<T> | undefined;
  return Object.assign(() => (promise ??= load()), { known: () => promise !== undefined });
}

/** Google resolves a sheet name exactly first, then ignoring case; so does the check. */
function findSheet<T extends SpreadsheetSheet>(sheets: T[], title: string): T | undefined {
  const lower = title.toLowerCase();
  return (
    sheets.find((sheet) => sheet.title === title) ??
    sheets.find((sheet) => sheet.title.toLowerCase() === lower)
  );
}
