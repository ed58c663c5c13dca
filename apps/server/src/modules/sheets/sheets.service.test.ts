import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { CellRule, GridCell, Spreadsheet, ValueRange } from '../../google/sheets-client.js';
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

/** Per sheet (lower-case title), the rule on every data row of a column (by 0-based index). */
type ColumnRules = Record<string, Record<number, CellRule>>;

function fakeSheets(
  spreadsheet: Spreadsheet,
  cells: Record<string, string[][]>,
  options: { rules?: ColumnRules; gridError?: GoogleApiError } = {},
) {
  const calls: string[] = [];
  const rowsOf = (title: string) => cells[title.toLowerCase()];
  /** 'Title'!2:6, 'Title'!A2:C101 or 'Title'!A2:A1001 (rows and the columns A to the letter given). */
  const parse = (range: string) => {
    const match = /^'(.*)'!([A-Z]*)(\d+):([A-Z]*)(\d+)$/.exec(range);
    const title = match?.[1]?.replaceAll("''", "'") ?? '';
    const sheet = spreadsheet.sheets.find((s) => s.title.toLowerCase() === title.toLowerCase());
    const first = Number(match?.[3]);
    const last = Number(match?.[5]);
    if (!sheet || last > sheet.rowCount)
      throw new GoogleApiError('SHEET_NOT_FOUND', 'Unable to parse range', 400);
    const fromColumn = match?.[2] ? match[2].charCodeAt(0) - 65 : 0;
    const toColumn = match?.[4] ? match[4].charCodeAt(0) - 64 : undefined;
    return { title, first, last, fromColumn, toColumn };
  };
  const read = (range: string): ValueRange => {
    const { title, first, last, fromColumn, toColumn } = parse(range);
    const values = (rowsOf(title) ?? []).slice(first - 1, last).map((row) => row.slice(fromColumn, toColumn));
    return { range, values };
  };
  return {
    calls,
    client: {
      async getGridWithRules(_id: string, range: string) {
        calls.push(`getGridWithRules ${range}`);
        if (options.gridError) throw options.gridError;
        const { title, first, last, toColumn } = parse(range);
        const rules = options.rules?.[title.toLowerCase()] ?? {};
        const rows = Array.from({ length: last - first + 1 }, (_, i): GridCell[] => {
          const values = rowsOf(title)?.[first - 1 + i] ?? [];
          return Array.from({ length: toColumn ?? values.length }, (_, column) => {
            const rule = rules[column];
            return { value: values[column] ?? '', ...(rule ? { rule } : {}) };
          });
        });
        return { locale: 'en_US', rows };
      },
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
    expect(fake.calls[0]).toEqual("batchGetValues 'Bob''s'!1:1 'Bob''s'!2:6");
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
    expect(fake.calls.slice(1, 3)).toEqual(['getSpreadsheet', "getValues 'Short'!1:3"]);
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

describe('sheets service type suggestions', () => {
  const sizes: CellRule = {
    type: 'ONE_OF_LIST',
    values: ['S', 'M', 'L'].map((userEnteredValue) => ({ userEnteredValue })),
  };
  const fromRange = (formula: string): CellRule => ({
    type: 'ONE_OF_RANGE',
    values: [{ userEnteredValue: formula }],
  });
  const book: Spreadsheet = {
    spreadsheetId: 'abc',
    title: 'Shop',
    sheets: [
      { sheetId: 1, title: 'Orders', index: 0, rowCount: 1000, columnCount: 5 },
      { sheetId: 2, title: 'Mid', index: 1, rowCount: 50, columnCount: 2 },
      { sheetId: 3, title: 'Lists', index: 2, rowCount: 5000, columnCount: 2 },
    ],
  };
  const orders = [
    ['Name', 'Size', 'Qty', 'Colour', 'Timestamp'],
    ['Ann', 'S', '1', 'Red', '1/15/2026'],
    ['Bob', 'M', '2', 'Blue', '1/15/2026'],
    ['Cy', 'L', '3', 'Red', '1/15/2026'],
    ['Di', 'S', '4', 'Red', '1/15/2026'],
    ['Ed', 'M', '5', 'Blue', '1/15/2026'],
    // Beyond the 5 preview rows: the suggestion reads these too.
    ['Fay', 'L', 'n/a', 'Blue', '1/15/2026'],
  ];
  const lists = [['Colour'], ['Red'], [' Blue '], [''], ['Red'], ['Green']];
  const serviceOver = (fake: ReturnType<typeof fakeSheets>) =>
    createSheetsService({ sheets: fake.client, serviceAccountEmail: async () => undefined, ownerAccess });

  it("suggests from each column's rule and from its first 100 rows, in one more request", async () => {
    const fake = fakeSheets(book, { orders, lists }, { rules: { orders: { 1: sizes } } });
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Orders', CALLER);
    expect(fake.calls).toEqual([
      "batchGetValues 'Orders'!1:1 'Orders'!2:6",
      "getGridWithRules 'Orders'!A2:E101",
    ]);
    expect(preview.rows).toHaveLength(5);
    expect(preview.headers).toEqual([
      { index: 0, name: 'Name', sampleData: ['Ann', 'Bob', 'Cy'], suggestedType: 'text', typeReason: 'data' },
      {
        index: 1,
        name: 'Size',
        sampleData: ['S', 'M', 'L'],
        suggestedType: 'dropdown',
        typeReason: 'rule',
        options: ['S', 'M', 'L'],
      },
      // Numbers in the first 5 rows, but not in the sixth.
      { index: 2, name: 'Qty', sampleData: ['1', '2', '3'], suggestedType: 'text', typeReason: 'data' },
      {
        index: 3,
        name: 'Colour',
        sampleData: ['Red', 'Blue', 'Red'],
        suggestedType: 'dropdown',
        typeReason: 'data',
        options: ['Red', 'Blue'],
      },
      {
        index: 4,
        name: 'Timestamp',
        sampleData: ['1/15/2026', '1/15/2026', '1/15/2026'],
        suggestedType: 'text',
        typeReason: 'default',
      },
    ]);
  });

  it('offers the first column of a wider range, as the live form does', async () => {
    const rules = { orders: { 1: fromRange('=Lists!$A$2:$B') } };
    const wide = [
      ['Colour', 'Code'],
      ['Red', 'r1'],
      ['Blue', 'b1'],
    ];
    const fake = fakeSheets(book, { orders, lists: wide }, { rules });
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Orders', CALLER);
    expect(fake.calls.slice(2)).toEqual(['getSpreadsheet', "batchGetValues 'Lists'!A2:A1001"]);
    expect(preview.headers[1]).toMatchObject({
      optionsFrom: { range: 'Lists!A2:B' },
      options: ['Red', 'Blue'],
    });
  });

  it("reads a dropdown range's options now, bounded, in one request for all of them", async () => {
    const rules = {
      orders: { 1: fromRange('=Lists!$A$2:$A'), 3: fromRange('=Lists!A2:A'), 0: fromRange('=Gone!A2:A') },
    };
    const fake = fakeSheets(book, { orders, lists }, { rules });
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Orders', CALLER);
    expect(fake.calls.slice(2)).toEqual(['getSpreadsheet', "batchGetValues 'Lists'!A2:A1001"]);
    expect(preview.headers[1]).toMatchObject({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      optionsFrom: { range: 'Lists!A2:A' },
      options: ['Red', 'Blue', 'Green'],
    });
    expect(preview.headers[3]).toMatchObject({
      optionsFrom: { range: 'Lists!A2:A' },
      options: ['Red', 'Blue', 'Green'],
    });
    // A range on a sheet that does not exist is never read: the dropdown keeps its range only.
    expect(preview.headers[0]).toEqual(
      expect.objectContaining({ suggestedType: 'dropdown', optionsFrom: { range: 'Gone!A2:A' } }),
    );
    expect(preview.headers[0]).not.toHaveProperty('options');
  });

  it('reads again within the grid when the sheet has fewer than 101 rows', async () => {
    const mid = [
      ['Email'],
      ['a@x.org'],
      ['b@x.org'],
      ['c@x.org'],
      ['d@x.org'],
      ['e@x.org'],
      ['not an email'],
    ];
    const fake = fakeSheets(book, { mid });
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Mid', CALLER);
    expect(fake.calls.slice(1)).toEqual([
      "getGridWithRules 'Mid'!A2:A101",
      'getSpreadsheet',
      "getGridWithRules 'Mid'!A2:A50",
    ]);
    expect(preview.headers[0]).toMatchObject({ suggestedType: 'text', typeReason: 'data' });
  });

  it('still answers when Google will not give the rules, suggesting from the 5 preview rows', async () => {
    const log: unknown[] = [];
    for (const code of ['PERMISSION_DENIED', 'NOT_FOUND', 'RATE_LIMITED', 'UNAVAILABLE'] as const) {
      const fake = fakeSheets(
        book,
        { orders },
        { gridError: new GoogleApiError(code, 'no grid for you', 403) },
      );
      const service = createSheetsService({
        sheets: fake.client,
        serviceAccountEmail: async () => undefined,
        ownerAccess,
        log: { warn: (...args: unknown[]) => log.push(args) },
      });
      const preview = await service.getPreview(URL_OF('abc'), 'Orders', CALLER);
      expect(preview.rows, code).toHaveLength(5);
      expect(
        preview.headers.map((h) => h.suggestedType),
        code,
      ).toEqual(['text', 'text', 'number', 'text', 'text']);
    }
    // Our quota or Google's fault is logged; the owner's sharing is not ours to log.
    expect(log).toHaveLength(2);
  });

  it('leaves a dropdown with its range only when its options cannot be read', async () => {
    const fake = fakeSheets(book, { orders }, { rules: { orders: { 1: fromRange('=Lists!A2:A') } } });
    fake.client.batchGetValues = async (_id, ranges) => {
      fake.calls.push(`batchGetValues ${ranges.join(' ')}`);
      if (ranges[0]?.startsWith("'Lists'")) throw new GoogleApiError('RATE_LIMITED', 'slow down', 429);
      return [
        { range: '', values: orders.slice(0, 1) },
        { range: '', values: orders.slice(1, 6) },
      ];
    };
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Orders', CALLER);
    expect(preview.headers[1]).toEqual(
      expect.objectContaining({ suggestedType: 'dropdown', optionsFrom: { range: 'Lists!A2:A' } }),
    );
    expect(preview.headers[1]).not.toHaveProperty('options');
  });

  it('reads fewer rows of a wide sheet, never fewer than the preview shows', async () => {
    const wide = (columns: number): Spreadsheet => ({
      ...book,
      sheets: [{ sheetId: 1, title: 'Wide', index: 0, rowCount: 1000, columnCount: columns }],
    });
    const header = (columns: number) => [Array.from({ length: columns }, (_, i) => `Q${i + 1}`)];
    // The fake reads columns A to Z only, so the widths are told by the last row asked.
    for (const [columns, lastRow] of [
      [26, 101],
      [200, 51],
      [5000, 6],
    ] as const) {
      const fake = fakeSheets(wide(columns), { wide: header(columns) });
      fake.client.getGridWithRules = async (_id, range) => {
        fake.calls.push(range);
        return { locale: 'en_US', rows: [] };
      };
      await serviceOver(fake).getPreview(URL_OF('abc'), 'Wide', CALLER);
      expect(fake.calls[1], String(columns)).toMatch(new RegExp(`^'Wide'!A2:[A-Z]+${lastRow}$`));
    }
  });

  it('makes no grid request for an empty sheet', async () => {
    const fake = fakeSheets(book, { orders: [] });
    const preview = await serviceOver(fake).getPreview(URL_OF('abc'), 'Orders', CALLER);
    expect(preview).toMatchObject({ empty: true, headers: [] });
    expect(fake.calls).toEqual(["batchGetValues 'Orders'!1:1 'Orders'!2:6"]);
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
