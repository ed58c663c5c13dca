import {
  extractSpreadsheetId,
  SHEET_PREVIEW_ROWS,
  type SheetAccess,
  type SheetPreview,
  type SpreadsheetMetadata,
} from '@sheetforms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { a1Range } from '../../google/a1-notation.js';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { SheetsClient, SpreadsheetSheet } from '../../google/sheets-client.js';
import type { OwnerAccessService, OwnerProof } from './owner-access.service.js';
import {
  ACCESS_MESSAGES,
  accessErrorFor,
  noOwnerAccessMessage,
  sharingAdvice,
  sheetsProblem,
} from './sheet-messages.js';
import { shapePreview } from './sheet-preview.js';

export interface SheetsServiceDeps {
  sheets: Pick<SheetsClient, 'getSpreadsheet' | 'getValues' | 'batchGetValues'>;
  /** The service account users share with, or undefined when only an API key is configured. */
  serviceAccountEmail: () => Promise<string | undefined>;
  /** Whether the signed-in owner can open a spreadsheet themselves (the service account is shared). */
  ownerAccess: Pick<OwnerAccessService, 'decide' | 'requireForBinding'>;
  /** Where failures that are ours or Google's (not the user's) are logged. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}

const HEADER_ROWS = '1:1';
const DATA_ROWS = `2:${SHEET_PREVIEW_ROWS + 1}`;

/** Who is asking: every call is on behalf of a signed-in owner, who must be able to open the spreadsheet. */
export interface SheetCaller extends OwnerProof {
  ownerId: string;
}

/** Spreadsheet metadata, the generator's preview and the forms list's access check. */
export function createSheetsService(deps: SheetsServiceDeps) {
  const now = deps.now ?? (() => new Date());

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

  function idFrom(url: string): string {
    const id = extractSpreadsheetId(url);
    if (!id) throw sheetsProblem('INVALID_URL', {});
    return id;
  }

  return {
    async getMetadata(url: string, caller: SheetCaller): Promise<SpreadsheetMetadata> {
      const spreadsheetId = idFrom(url);
      await deps.ownerAccess.requireForBinding(caller.ownerId, spreadsheetId, caller);
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
     * what a 10-row one does.
     */
    async getPreview(url: string, sheetName: string, caller: SheetCaller): Promise<SheetPreview> {
      const spreadsheetId = idFrom(url);
      await deps.ownerAccess.requireForBinding(caller.ownerId, spreadsheetId, caller);
      try {
        // Whole-row ranges: no column bound can reach past the grid, whatever its width.
        const [header, data] = await deps.sheets.batchGetValues(spreadsheetId, [
          a1Range(sheetName, HEADER_ROWS),
          a1Range(sheetName, DATA_ROWS),
        ]);
        return { spreadsheetId, sheetName, ...shapePreview(header?.values[0] ?? [], data?.values ?? []) };
      } catch (error) {
        if (!(error instanceof GoogleApiError && error.code === 'SHEET_NOT_FOUND'))
          return asProblem(error, sheetName);
      }
      // Google answers the same 400 for a missing sheet and for rows past a grid shorter than 6 rows, so
      // only then the metadata decides, and a short sheet is read within its grid.
      try {
        const spreadsheet = await deps.sheets.getSpreadsheet(spreadsheetId);
        const sheet = findSheet(spreadsheet.sheets, sheetName);
        if (!sheet) throw new GoogleApiError('SHEET_NOT_FOUND', `No sheet named ${sheetName}`);
        const lastRow = Math.min(sheet.rowCount, SHEET_PREVIEW_ROWS + 1);
        if (lastRow < 1) return { spreadsheetId, sheetName, ...shapePreview([], []) };
        const { values } = await deps.sheets.getValues(spreadsheetId, a1Range(sheet.title, `1:${lastRow}`));
        return { spreadsheetId, sheetName, ...shapePreview(values[0] ?? [], values.slice(1)) };
      } catch (error) {
        return asProblem(error, sheetName);
      }
    },

    /**
     * Spec 000's check behind the Sheet Status column. Always answers (never throws for Google's
     * failures): the kinds are what the column shows. A missing sheet is not an error, because the
     * first response creates it. An owner who cannot edit the spreadsheet themselves (any more) gets
     * NO_OWNER_ACCESS, and learns nothing of it: not even its title.
     */
    async checkAccess(googleSheetsUrl: string, sheetName: string, caller: SheetCaller): Promise<SheetAccess> {
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
        return { accessible: false, error: kind, message, lastChecked, sheetExists: false };
      }
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

/** Google resolves a sheet name exactly first, then ignoring case; so does the check. */
function findSheet<T extends SpreadsheetSheet>(sheets: T[], title: string): T | undefined {
  const lower = title.toLowerCase();
  return (
    sheets.find((sheet) => sheet.title === title) ??
    sheets.find((sheet) => sheet.title.toLowerCase() === lower)
  );
}
