import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { CellInput, SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';
import type { ClaimedForm, SheetBatch } from './batch.js';
import { isUnderHeader, SheetStepError, type SheetWriterClient, writeBatch } from './sheet-writer.js';

/** A spreadsheet in memory; records every Google call in order. */
function fakeSheets(
  tabs: Array<{ sheetId?: number; title: string; columnCount?: number; header: string[] }>,
  options: { appendedAt?: string } = {},
) {
  const calls: string[] = [];
  let nextId = 100;
  const state = tabs.map((tab, index) => ({
    sheet: {
      sheetId: tab.sheetId ?? 7 + index,
      title: tab.title,
      index,
      rowCount: 1000,
      columnCount: tab.columnCount ?? 26,
    } as SpreadsheetSheetWithGrid,
    header: tab.header,
  }));
  const byTitle = (range: string) => {
    const title = range.slice(0, range.lastIndexOf('!')).replace(/^'|'$/g, '').replace(/''/g, "'");
    const tab = state.find((t) => t.sheet.title.toLowerCase() === title.toLowerCase());
    if (!tab) throw new GoogleApiError('SHEET_NOT_FOUND', `Unable to parse range: ${range}`, 400);
    return tab;
  };
  const client: SheetWriterClient = {
    async getSpreadsheet(spreadsheetId) {
      calls.push('getSpreadsheet');
      return { spreadsheetId, title: 'S', sheets: state.map((t) => ({ ...t.sheet })) };
    },
    async getValues(_id, range) {
      calls.push(`getValues ${range}`);
      return { range, values: [byTitle(range).header] };
    },
    async updateValues(_id, range, rows: CellInput[][]) {
      byTitle(range);
      calls.push(`updateValues ${range} ${rows[0]?.join('|')}`);
      return { updatedRange: range, updatedRows: 1 };
    },
    async appendValues(_id, title, rows) {
      calls.push(`appendValues ${title} ${rows.map((row) => row.join('|')).join(' / ')}`);
      return {
        updatedRange: options.appendedAt ?? `'${title}'!A2:F${1 + rows.length}`,
        updatedRows: rows.length,
      };
    },
    async addSheet(_id, title) {
      calls.push(`addSheet ${title}`);
      const sheet = { sheetId: nextId++, title, index: state.length, rowCount: 1000, columnCount: 26 };
      state.push({ sheet, header: [] });
      return sheet;
    },
    async appendDimension(_id, sheetId, dimension, length) {
      calls.push(`appendDimension ${sheetId} ${dimension} ${length}`);
    },
  };
  return {
    client,
    calls,
    removeTab(title: string) {
      state.splice(
        state.findIndex((t) => t.sheet.title === title),
        1,
      );
    },
  };
}

type FieldInput = string | { label: string; name?: string; column?: number };

function batchFor(
  fields: FieldInput[],
  binding: { sheetName?: string; sheetId?: number | null } = {},
  answers: Record<string, string> = {},
): SheetBatch {
  const sheetName = binding.sheetName ?? 'Data';
  const sheetId = binding.sheetId ?? null;
  const form: ClaimedForm = {
    id: 'f',
    formId: 'f',
    ownerId: 'o',
    spreadsheetId: 'S',
    sheetName,
    sheetId,
    syncPausedReason: null,
    editAccessProvenFor: null,
    fieldsJson: JSON.stringify(fields.map((field) => (typeof field === 'string' ? { label: field } : field))),
    settingsJson: '{}',
  };
  return {
    spreadsheetId: 'S',
    sheetName,
    sheetId,
    forms: [form],
    responses: [
      {
        id: 'r1',
        formRowId: 'f',
        answersJson: JSON.stringify(answers),
        signatureUrl: null,
        respondentEmail: null,
        createdAt: '2026-03-07T21:05:00.000Z',
        attempts: 0,
        dedupeRequired: false,
        form,
      },
    ],
  };
}

function deps(sheets: SheetWriterClient) {
  const bound: Array<{ sheetId: number; title: string }> = [];
  return {
    bound,
    sheets,
    gate: async () => {},
    confirmClaim: async (ids: string[]) => ids,
    onBound: async (sheet: { sheetId: number; title: string }) => {
      bound.push(sheet);
    },
  };
}

describe('writeBatch: the bound tab', () => {
  it('writes to a renamed tab by its sheetId, never creating a new one, and reports the new title', async () => {
    const sheets = fakeSheets([
      { sheetId: 1, title: 'Sheet1', header: [] },
      { sheetId: 42, title: 'Renamed', header: ['Name', 'Timestamp', 'Response ID'] },
    ]);
    const d = deps(sheets.client);
    await writeBatch(batchFor(['Name'], { sheetName: 'Responses', sheetId: 42 }, { Name: 'Ann' }), d);
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Renamed'!1:1",
      'appendValues Renamed Ann|03/07/2026, 09:05 PM|r1',
    ]);
    expect(d.bound).toEqual([{ sheetId: 42, title: 'Renamed' }]);
  });

  it('binds a form without a sheetId by its title, and the next batch by the id', async () => {
    const sheets = fakeSheets([{ sheetId: 9, title: 'Data', header: ['Name'] }]);
    const d = deps(sheets.client);
    await writeBatch(batchFor(['Name'], { sheetName: 'Data' }), d);
    expect(d.bound).toEqual([{ sheetId: 9, title: 'Data' }]);
    const again = deps(sheets.client);
    await writeBatch(batchFor(['Name'], { sheetName: 'Data', sheetId: 9 }), again);
    expect(again.bound).toEqual([]);
  });

  it("binds '' to the first grid sheet, whatever its localized name", async () => {
    const sheets = fakeSheets([{ sheetId: 0, title: 'Hoja 1', header: ['Nombre'] }]);
    const d = deps(sheets.client);
    await writeBatch(batchFor(['Nombre'], { sheetName: '' }), d);
    expect(sheets.calls).not.toContain('addSheet Sheet1');
    expect(sheets.calls).toContain("getValues 'Hoja 1'!1:1");
    expect(d.bound).toEqual([{ sheetId: 0, title: 'Hoja 1' }]);
  });

  it('creates the tab only when the bound one was deleted, with the stored title, and binds to it', async () => {
    const sheets = fakeSheets([{ sheetId: 1, title: 'Other', header: ['X'] }]);
    const d = deps(sheets.client);
    await writeBatch(batchFor(['Name'], { sheetName: 'Responses', sheetId: 42 }, { Name: 'Ann' }), d);
    expect(sheets.calls.slice(0, 3)).toEqual(['getSpreadsheet', 'addSheet Responses', 'getSpreadsheet']);
    expect(sheets.calls).toContain("updateValues 'Responses'!A1:C1 Name|Timestamp|Response ID");
    expect(d.bound).toEqual([{ sheetId: 100, title: 'Responses' }]);
  });
});

describe('writeBatch: columns made from the sheet', () => {
  it('tells duplicate headers apart by the column each field was made from', async () => {
    const sheets = fakeSheets([{ title: 'Data', header: ['Name', 'Name', 'Timestamp', 'Response ID'] }]);
    const fields = [
      { label: 'Name', name: 'Name', column: 0 },
      { label: 'Partner name', name: 'Name', column: 1 },
    ];
    await writeBatch(
      batchFor(fields, { sheetId: 7 }, { Name: 'Ann', 'Partner name': 'Bob' }),
      deps(sheets.client),
    );
    expect(sheets.calls.at(-1)).toBe('appendValues Data Ann|Bob|03/07/2026, 09:05 PM|r1');
  });

  it("writes a field made from a blank header ('Column 2') into that column, labelling the cell", async () => {
    const sheets = fakeSheets([{ title: 'Data', header: ['Name', '', 'Email'] }]);
    const fields = [
      { label: 'Name', name: 'Name', column: 0 },
      { label: 'Column 2', name: 'Column 2', column: 1 },
      { label: 'Email', name: 'Email', column: 2 },
    ];
    await writeBatch(
      batchFor(fields, { sheetId: 7 }, { Name: 'Ann', 'Column 2': 'x', Email: 'a@b.c' }),
      deps(sheets.client),
    );
    expect(sheets.calls).toContain("updateValues 'Data'!B1 Column 2");
    expect(sheets.calls).toContain("updateValues 'Data'!D1:E1 Timestamp|Response ID");
    expect(sheets.calls.at(-1)).toBe('appendValues Data Ann|x|a@b.c|03/07/2026, 09:05 PM|r1');
  });

  it('keeps a renamed field in the column it came from', async () => {
    const sheets = fakeSheets([{ title: 'Data', header: ['Full name', 'Timestamp', 'Response ID'] }]);
    await writeBatch(
      batchFor(
        [{ label: 'Your name', name: 'Full name', column: 0 }],
        { sheetId: 7 },
        { 'Your name': 'Ann' },
      ),
      deps(sheets.client),
    );
    expect(sheets.calls.filter((call) => call.startsWith('updateValues'))).toEqual([]);
    expect(sheets.calls.at(-1)).toBe('appendValues Data Ann|03/07/2026, 09:05 PM|r1');
  });
});

describe('writeBatch: header growth', () => {
  it('adds the missing columns to the grid, then writes the header past the old last column', async () => {
    const header = Array.from({ length: 25 }, (_, i) => `Q${i + 1}`);
    const sheets = fakeSheets([{ title: 'Data', columnCount: 26, header }]);
    await writeBatch(batchFor([...header, 'City']), deps(sheets.client));
    expect(sheets.calls.slice(0, 4)).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      'appendDimension 7 COLUMNS 2',
      "updateValues 'Data'!Z1:AB1 City|Timestamp|Response ID",
    ]);
  });

  it('does not touch the grid when the new header cells fit (the sheet found ignoring case, as Google does)', async () => {
    const sheets = fakeSheets([{ title: 'data', header: ['Name'] }]);
    await writeBatch(batchFor(['Name', 'City']), deps(sheets.client));
    expect(sheets.calls.slice(0, 3)).toEqual([
      'getSpreadsheet',
      "getValues 'data'!1:1",
      "updateValues 'data'!B1:D1 City|Timestamp|Response ID",
    ]);
  });

  it('reports a tab renamed between two steps as missing, for a retry that finds it by id', async () => {
    const sheets = fakeSheets([{ title: 'Data', header: ['Name'] }]);
    const original = sheets.client.getValues;
    sheets.client.getValues = async (id, range) => {
      sheets.removeTab('Data');
      return original(id, range);
    };
    const failure = await writeBatch(batchFor(['Name', 'City']), deps(sheets.client)).catch((e) => e);
    expect(failure).toBeInstanceOf(SheetStepError);
    expect(failure).toMatchObject({ operation: 'read' });
    expect((failure as SheetStepError).cause).toMatchObject({ code: 'SHEET_NOT_FOUND' });
  });

  it('names the header cells it could not make room for', async () => {
    const header = Array.from({ length: 26 }, (_, i) => `Q${i + 1}`);
    const sheets = fakeSheets([{ title: 'Data', columnCount: 26, header }]);
    sheets.client.appendDimension = async () => {
      throw new GoogleApiError('INVALID_REQUEST', 'above the limit', 400);
    };
    const failure = await writeBatch(batchFor(header), deps(sheets.client)).catch((e) => e);
    expect(failure).toMatchObject({ operation: 'grow-grid', columns: ['Timestamp', 'Response ID'] });
  });
});

describe('writeBatch: a write Google refuses', () => {
  it('is final when the tab is still there under its title (a protected range)', async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: ['Name', 'Timestamp', 'Response ID'] }]);
    sheets.client.appendValues = async () => {
      throw new GoogleApiError('INVALID_REQUEST', 'You are trying to edit a protected cell or object.', 400);
    };
    const failure = await writeBatch(batchFor(['Name'], { sheetId: 7 }), deps(sheets.client)).catch((e) => e);
    expect(failure).toMatchObject({ operation: 'append' });
    expect((failure as SheetStepError).cause).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('is a missing tab, tried again by id, when the tab was renamed during the write', async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: ['Name', 'Timestamp', 'Response ID'] }]);
    const original = sheets.client.getSpreadsheet;
    let renamed = false;
    sheets.client.getSpreadsheet = async (id) => {
      const spreadsheet = await original(id);
      return renamed
        ? { ...spreadsheet, sheets: spreadsheet.sheets.map((tab) => ({ ...tab, title: 'Renamed' })) }
        : spreadsheet;
    };
    sheets.client.appendValues = async () => {
      renamed = true;
      throw new GoogleApiError('INVALID_REQUEST', "Unable to parse range: 'Data'!A1", 400);
    };
    const failure = await writeBatch(batchFor(['Name'], { sheetId: 7 }), deps(sheets.client)).catch((e) => e);
    expect(failure).toMatchObject({ operation: 'append' });
    expect((failure as SheetStepError).cause).toMatchObject({ code: 'SHEET_NOT_FOUND' });
  });
});

describe('writeBatch: characters XML 1.0 forbids', () => {
  it('leaves them out of the answers and the header cells it writes', async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: [] }]);
    const batch = batchFor(['Note\u0001', 'Tags'], { sheetId: 7 });
    const [response] = batch.responses;
    if (!response) throw new Error('the batch has no response');
    // A list answer is written as text too: its characters go the same way.
    response.answersJson = JSON.stringify({
      'Note\u0001': 'a\uFFFEb\u0001c\uD800d\uDC00e\uFFFFf\tg\nh',
      Tags: ['x\uFFFE', 'y'],
    });
    await writeBatch(batch, deps(sheets.client));
    expect(sheets.calls).toContain("updateValues 'Data'!A1:D1 Note|Tags|Timestamp|Response ID");
    expect(sheets.calls.at(-1)).toBe('appendValues Data abcdef\tg\nh|x, y|03/07/2026, 09:05 PM|r1');
  });

  it('finds a header cell written with them before, instead of adding a second column', async () => {
    const sheets = fakeSheets([
      { sheetId: 7, title: 'Data', header: ['Note\u0001', 'Timestamp', 'Response ID'] },
    ]);
    await writeBatch(
      batchFor(['Note\u0001'], { sheetId: 7 }, { 'Note\u0001': 'a\uFFFEb\tc' }),
      deps(sheets.client),
    );
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      'appendValues Data ab\tc|03/07/2026, 09:05 PM|r1',
    ]);
  });
});

describe('writeBatch: where Google put the rows', () => {
  it('reports rows Google placed above the header or beside column A', async () => {
    const sheets = fakeSheets([{ title: 'Data', header: ['Name', 'Timestamp', 'Response ID'] }], {
      appendedAt: "'Data'!E1:G1",
    });
    const outcome = await writeBatch(batchFor(['Name'], { sheetId: 7 }), deps(sheets.client));
    expect(outcome.syncedIds).toEqual(['r1']);
    expect(outcome.misplaced).toEqual({ range: "'Data'!E1:G1", title: 'Data', rows: 1 });
  });

  it('reads the start of updatedRange', () => {
    expect(isUnderHeader("'My Sheet'!A2:F3")).toBe(true);
    expect(isUnderHeader('Data!A1000:C1000')).toBe(true);
    expect(isUnderHeader('Data!A1:C1')).toBe(false);
    expect(isUnderHeader('Data!C5:E5')).toBe(false);
    expect(isUnderHeader("'Bob''s!'!AA7")).toBe(false);
  });
});

/** A login-protected form's batch: `respondent` answered it (null for a response stored before login). */
function loginBatch(fields: FieldInput[], respondent: string | null, answers: Record<string, string>) {
  const batch = batchFor(fields, { sheetId: 7 }, answers);
  const form = { ...(batch.forms[0] as ClaimedForm), settingsJson: '{"loginRequired":1}' };
  const response = {
    ...(batch.responses[0] as SheetBatch['responses'][number]),
    respondentEmail: respondent,
    form,
  };
  return { ...batch, forms: [form], responses: [response] };
}

describe('writeBatch: the Respondent column', () => {
  it("puts Respondent beside Response ID in a new sheet's header and writes the email there", async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: [] }]);
    await writeBatch(loginBatch(['Name'], 'ada@example.com', { Name: 'Ada' }), deps(sheets.client));
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      "updateValues 'Data'!A1:D1 Name|Timestamp|Response ID|Respondent",
      'appendValues Data Ada|03/07/2026, 09:05 PM|r1|ada@example.com',
    ]);
  });

  it('adds Respondent at the end of row 1 for a form switched to login later, moving no column', async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: ['Name', 'Timestamp', 'Response ID'] }]);
    await writeBatch(loginBatch(['Name'], 'ada@example.com', { Name: 'Ada' }), deps(sheets.client));
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      "updateValues 'Data'!D1:D1 Respondent",
      'appendValues Data Ada|03/07/2026, 09:05 PM|r1|ada@example.com',
    ]);
  });

  it("uses a 'Respondent' header already in row 1, and leaves it blank for a response stored before login", async () => {
    const sheets = fakeSheets([
      { sheetId: 7, title: 'Data', header: ['Respondent', 'Name', 'Response ID', 'Timestamp'] },
    ]);
    await writeBatch(loginBatch(['Name'], null, { Name: 'Ada' }), deps(sheets.client));
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      'appendValues Data |Ada|r1|03/07/2026, 09:05 PM',
    ]);
  });

  it("keeps a field called 'Respondent' in its column and gives the email a column of its own", async () => {
    const sheets = fakeSheets([
      { sheetId: 7, title: 'Data', header: ['Respondent', 'Timestamp', 'Response ID'] },
    ]);
    await writeBatch(
      loginBatch(['Respondent'], 'ada@example.com', { Respondent: 'Team A' }),
      deps(sheets.client),
    );
    expect(sheets.calls).toEqual([
      'getSpreadsheet',
      "getValues 'Data'!1:1",
      "updateValues 'Data'!D1:D1 Respondent",
      'appendValues Data Team A|03/07/2026, 09:05 PM|r1|ada@example.com',
    ]);
  });

  it('reads the Response ID column, not Respondent, before appending again after an ambiguous failure', async () => {
    const sheets = fakeSheets([
      { sheetId: 7, title: 'Data', header: ['Name', 'Timestamp', 'Respondent', 'Response ID'] },
    ]);
    const batch = loginBatch(['Name'], 'ada@example.com', { Name: 'Ada' });
    batch.responses = batch.responses.map((r) => ({ ...r, dedupeRequired: true }));
    await writeBatch(batch, deps(sheets.client));
    expect(sheets.calls).toContain("getValues 'Data'!D2:D");
  });

  it('writes no Respondent column for a form without login', async () => {
    const sheets = fakeSheets([{ sheetId: 7, title: 'Data', header: [] }]);
    await writeBatch(batchFor(['Name'], { sheetId: 7 }, { Name: 'Ann' }), deps(sheets.client));
    expect(sheets.calls).toContain("updateValues 'Data'!A1:C1 Name|Timestamp|Response ID");
  });
});

describe('writeBatch: a full batch', () => {
  it('lets the event loop turn while it prepares 500 rows, and writes them in order with each form’s types', async () => {
    const sheets = fakeSheets([
      { sheetId: 42, title: 'Data', header: ['Name', 'Age', 'Timestamp', 'Response ID'] },
    ]);
    const one = batchFor(['Name'], { sheetName: 'Data', sheetId: 42 });
    const [form] = one.forms as [ClaimedForm];
    // A second form on the same tab, where Age is a number field: its answers become numbers, the first
    // form's (no Age field) stay text.
    const numbers: ClaimedForm = {
      ...form,
      id: 'g',
      formId: 'g',
      fieldsJson: JSON.stringify([{ label: 'Name' }, { label: 'Age', type: 'number' }]),
    };
    const template = one.responses[0] as SheetBatch['responses'][number];
    const responses = Array.from({ length: 500 }, (_, index) => ({
      ...template,
      id: `r${String(index).padStart(3, '0')}`,
      answersJson: JSON.stringify({ Name: `N${index}`, Age: String(index) }),
      form: index % 2 === 0 ? form : numbers,
      formRowId: index % 2 === 0 ? 'f' : 'g',
    }));
    // Counts turns of the event loop (setImmediate callbacks) until the append; the fake Google and the
    // gate only ever resolve promises, so any turn during the write is the preparation's own.
    let turns = 0;
    let turnsAtAppend = -1;
    let appendedRows: CellInput[][] = [];
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const client: SheetWriterClient = {
      ...sheets.client,
      async appendValues(id, title, rows) {
        turnsAtAppend = turns;
        appendedRows = rows;
        return sheets.client.appendValues(id, title, rows);
      },
    };
    const outcome = await writeBatch({ ...one, forms: [form, numbers], responses }, deps(client));
    ticking = false;
    expect(turnsAtAppend).toBeGreaterThanOrEqual(4);
    expect(outcome.syncedIds).toEqual(responses.map((response) => response.id));
    const appended = sheets.calls.find((call) => call.startsWith('appendValues')) ?? '';
    const rows = appended.slice('appendValues Data '.length).split(' / ');
    expect(rows).toHaveLength(500);
    expect(rows[0]).toBe('N0|0|03/07/2026, 09:05 PM|r000');
    expect(rows[499]).toBe('N499|499|03/07/2026, 09:05 PM|r499');
    // Age: text for the first form's responses, a number for the second's.
    expect(appendedRows.slice(0, 4).map((row) => row[1])).toEqual(['0', 1, '2', 3]);
  });
});
