import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { Spreadsheet, ValueRange } from '../../google/sheets-client.js';
import type { OwnerAccess } from './owner-access.js';
import type { OwnerAccessService } from './owner-access.service.js';
import { noOwnerAccessProblem } from './sheet-messages.js';
import { createSheetsService } from './sheets.service.js';

const URL_OF = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;
const CALLER = { ownerId: 'owner-1' };

/** An owner-access check that answers one decision and records what it was asked. */
function ownerAccessAnswering(decision: OwnerAccess) {
  const asked: string[] = [];
  const access: Pick<OwnerAccessService, 'decide' | 'requireForBinding'> = {
    async decide(ownerId, spreadsheetId, options) {
      asked.push(`decide ${ownerId} ${spreadsheetId} fresh=${options?.fresh === true}`);
      return decision;
    },
    async requireForBinding(ownerId, spreadsheetId) {
      asked.push(`require ${ownerId} ${spreadsheetId}`);
      if (decision.kind === 'denied') throw noOwnerAccessProblem(decision.ownerEmail, decision.canView);
      return decision;
    },
  };
  return { asked, access };
}
const ownerAccess = ownerAccessAnswering({ kind: 'granted', via: 'person' }).access;

function fakeSheets(spreadsheet: Spreadsheet, cells: Record<string, string[][]>) {
  const calls: string[] = [];
  const rowsOf = (title: string) => cells[title.toLowerCase()];
  const read = (range: string): ValueRange => {
    const match = /^'(.*)'!(\d+):(\d+)$/.exec(range);
    const title = match?.[1]?.replaceAll("''", "'") ?? '';
    const sheet = spreadsheet.sheets.find((s) => s.title.toLowerCase() === title.toLowerCase());
    const first = Number(match?.[2]);
    const last = Number(match?.[3]);
    if (!sheet || last > sheet.rowCount)
      throw new GoogleApiError('SHEET_NOT_FOUND', 'Unable to parse range', 400);
    return { range, values: (rowsOf(title) ?? []).slice(first - 1, last) };
  };
  return {
    calls,
    client: {
      async getSpreadsheet() {
        calls.push('getSpreadsheet');
        return spreadsheet;
      },
      async getValues(_id: string, range: string) {
        calls.push(`getValues ${range}`);
        return read(range);
      },
      async batchGetValues(_id: string, ranges: string[]) {
        calls.push(`batchGetValues ${ranges.join(' ')}`);
        return ranges.map(read);
      },
    },
  };
}

const spreadsheet: Spreadsheet = {
  spreadsheetId: 'abc',
  title: 'Budget',
  sheets: [
    { sheetId: 1, title: "Bob's", index: 0, rowCount: 1000, columnCount: 26 },
    { sheetId: 2, title: 'Short', index: 1, rowCount: 3, columnCount: 2 },
  ],
};
const cells = {
  "bob's": [['Name'], ['a'], ['b'], ['c'], ['d'], ['e'], ['f']],
  short: [
    ['H1', 'H2'],
    ['x', 'y'],
  ],
};

describe('sheets service preview', () => {
  it('reads the header row and 5 data rows in one request', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess,
    });
    const preview = await service.getPreview(URL_OF('abc'), "Bob's", CALLER);
    expect(fake.calls).toEqual(["batchGetValues 'Bob''s'!1:1 'Bob''s'!2:6"]);
    expect(preview.rows).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });

  it('reads a grid shorter than 6 rows within its bounds', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess,
    });
    const preview = await service.getPreview(URL_OF('abc'), 'short', CALLER);
    expect(fake.calls.slice(1)).toEqual(['getSpreadsheet', "getValues 'Short'!1:3"]);
    expect(preview.headers.map((h) => h.name)).toEqual(['H1', 'H2']);
    expect(preview.rows).toEqual([['x', 'y']]);
  });

  it('answers SHEET_NOT_FOUND only when the metadata has no such sheet', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess,
    });
    await expect(service.getPreview(URL_OF('abc'), 'Nope', CALLER)).rejects.toMatchObject({
      status: 404,
      code: 'SHEET_NOT_FOUND',
    });
  });
});

describe('sheets service and the owner check', () => {
  const denied = () =>
    ownerAccessAnswering({ kind: 'denied', ownerEmail: 'bob@example.com', canView: false });

  it('refuses metadata and preview to an owner who cannot open the spreadsheet, before reading it', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const { asked, access } = denied();
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess: access,
    });
    const problem = {
      status: 403,
      code: 'NO_OWNER_ACCESS',
      detail:
        'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.',
    };
    await expect(service.getMetadata(URL_OF('abc'), CALLER)).rejects.toMatchObject(problem);
    await expect(service.getPreview(URL_OF('abc'), "Bob's", CALLER)).rejects.toMatchObject(problem);
    expect(fake.calls).toEqual([]);
    expect(asked).toEqual(['require owner-1 abc', 'require owner-1 abc']);
  });

  it('answers NO_OWNER_ACCESS in the status, with a fresh decision and without the title', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const { asked, access } = denied();
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess: access,
      now: () => new Date('2025-03-01T10:00:00Z'),
    });
    expect(await service.checkAccess(URL_OF('abc'), "Bob's", CALLER)).toEqual({
      accessible: false,
      error: 'NO_OWNER_ACCESS',
      message:
        'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.',
      lastChecked: '2025-03-01T10:00:00.000Z',
      sheetExists: false,
    });
    expect(asked).toEqual(['decide owner-1 abc fresh=true']);
    expect(fake.calls).toEqual([]);
  });

  it('tells an owner who may only view it that edit access is what is missing', async () => {
    const { access } = ownerAccessAnswering({ kind: 'denied', ownerEmail: 'bob@example.com', canView: true });
    const service = createSheetsService({
      sheets: fakeSheets(spreadsheet, cells).client,
      serviceAccountEmail: async () => undefined,
      ownerAccess: access,
    });
    const viewOnly =
      'You can only view this spreadsheet as bob@example.com. Ask its owner for edit access (Share > Editor), then try again.';
    await expect(service.getPreview(URL_OF('abc'), "Bob's", CALLER)).rejects.toMatchObject({
      status: 403,
      code: 'NO_OWNER_ACCESS',
      detail: viewOnly,
    });
    expect(await service.checkAccess(URL_OF('abc'), "Bob's", CALLER)).toMatchObject({
      accessible: false,
      error: 'NO_OWNER_ACCESS',
      message: viewOnly,
    });
  });

  it('says Connected when the owner can open it', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess,
    });
    expect(await service.checkAccess(URL_OF('abc'), "Bob's", CALLER)).toMatchObject({
      accessible: true,
      message: 'Connected to "Budget". Responses go to sheet "Bob\'s".',
    });
  });

  it('tells nothing when the service account opens a spreadsheet the check found unreachable', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const { access } = ownerAccessAnswering({ kind: 'unreachable', ownerEmail: 'bob@example.com' });
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess: access,
    });
    const result = await service.checkAccess(URL_OF('abc'), "Bob's", CALLER);
    expect(result).toMatchObject({ accessible: false, error: 'NO_OWNER_ACCESS' });
    expect(result.message).not.toContain('Budget');
  });

  it('answers CHECK_FAILED when the owner check cannot reach Google', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({
      sheets: fake.client,
      serviceAccountEmail: async () => undefined,
      ownerAccess: {
        decide: async () => {
          throw new GoogleApiError('UNAVAILABLE', 'Drive is down');
        },
        requireForBinding: async () => ({ kind: 'granted', via: 'person' }),
      },
    });
    expect(await service.checkAccess(URL_OF('abc'), "Bob's", CALLER)).toMatchObject({
      accessible: false,
      error: 'CHECK_FAILED',
      message: 'Failed to check spreadsheet access',
    });
  });
});
