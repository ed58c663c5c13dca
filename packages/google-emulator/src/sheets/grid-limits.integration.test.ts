import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  makeTempDataDir,
  rangePath,
  removeDataDir,
  SHEETS_SCOPE,
} from '../testing/emulator-test-kit.js';

const CELL_LIMIT_MESSAGE =
  'This action would increase the number of cells in the workbook above the limit of 10000000 cells.';

describe('Sheets API v4 grid limits', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    api = apiClient(emulator.url);
    token = (
      await emulator.identity.issueAccessToken({
        email: 'owner@example.com',
        name: 'Owner',
        clientId: 'test',
        scopes: ['openid', SHEETS_SCOPE],
      })
    ).accessToken;
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  /** A spreadsheet with one sheet 'S' (sheetId 0) on the default 1000 × 26 grid. */
  async function newSheet(rows: unknown[][] = []) {
    const created = await api.createSpreadsheet({
      title: 'Grid',
      sheets: [{ title: 'S', rows }],
      ownerEmail: 'owner@example.com',
    });
    return created.spreadsheetId;
  }

  const batchUpdate = (id: string, requests: unknown[]) =>
    api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, { auth: token, body: { requests } });

  async function grid(id: string) {
    const reply = await api.call(
      'GET',
      `/v4/spreadsheets/${id}?fields=${encodeURIComponent('sheets.properties.gridProperties(rowCount,columnCount)')}`,
      { auth: token },
    );
    const body = (await reply.json()) as {
      sheets: Array<{ properties: { gridProperties: { rowCount: number; columnCount: number } } }>;
    };
    return body.sheets.map((sheet) => sheet.properties.gridProperties);
  }

  async function errorOf(reply: Response) {
    expect(reply.status).toBe(400);
    return ((await reply.json()) as { error: { message: string; status: string } }).error;
  }

  it('values.update refuses header cells past the last column until appendDimension adds columns', async () => {
    const id = await newSheet([['a']]);
    const put = () =>
      api.call('PUT', `/v4/spreadsheets/${id}/values/${rangePath("'S'!Z1:AB1")}?valueInputOption=RAW`, {
        auth: token,
        body: { values: [['z', 'aa', 'ab']] },
      });
    expect(await errorOf(await put())).toEqual({
      code: 400,
      message: "Range ('S'!Z1:AB1) exceeds grid limits. Max rows: 1000, max columns: 26",
      status: 'INVALID_ARGUMENT',
    });
    const grown = await batchUpdate(id, [
      { appendDimension: { sheetId: 0, dimension: 'COLUMNS', length: 2 } },
    ]);
    expect(grown.status).toBe(200);
    expect(await grid(id)).toEqual([{ rowCount: 1000, columnCount: 28 }]);
    expect((await put()).status).toBe(200);
    expect((await api.sheetValues(id, 'S'))[0]?.slice(25)).toEqual(['z', 'aa', 'ab']);
  });

  it('values.append grows the grid to fit a wider row', async () => {
    const id = await newSheet([['h']]);
    const row = Array.from({ length: 28 }, (_, i) => `c${i}`);
    const reply = await api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath("'S'!A1")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
      { auth: token, body: { values: [row] } },
    );
    expect(reply.status).toBe(200);
    expect(await grid(id)).toEqual([{ rowCount: 1001, columnCount: 28 }]);
  });

  it('appendCells adds no columns: a row wider than the grid fails the whole batch', async () => {
    const id = await newSheet([['h']]);
    const wide = {
      values: Array.from({ length: 27 }, (_, i) => ({ userEnteredValue: { stringValue: `c${i}` } })),
    };
    const refused = await batchUpdate(id, [
      { appendDimension: { sheetId: 0, dimension: 'ROWS', length: 5 } },
      { appendCells: { sheetId: 0, fields: 'userEnteredValue', rows: [wide] } },
    ]);
    expect(await errorOf(refused)).toMatchObject({
      message:
        'Invalid requests[1].appendCells: Attempting to write column: 26, beyond the last requested column of: 25',
    });
    expect(await grid(id)).toEqual([{ rowCount: 1000, columnCount: 26 }]);
    expect(await api.sheetValues(id, 'S')).toEqual([['h']]);
    // Once the grid is wide enough, the same row goes in.
    const ok = await batchUpdate(id, [
      { appendDimension: { sheetId: 0, dimension: 'COLUMNS', length: 1 } },
      { appendCells: { sheetId: 0, fields: 'userEnteredValue', rows: [wide] } },
    ]);
    expect(ok.status).toBe(200);
    expect(await api.sheetValues(id, 'S')).toHaveLength(2);
  });

  it('refuses to grow a spreadsheet past 10 million cells, by any request', async () => {
    const id = await newSheet([['h']]);
    // 384,615 rows × 26 columns = 9,999,990 cells: just under the limit.
    expect(
      (await batchUpdate(id, [{ appendDimension: { sheetId: 0, dimension: 'ROWS', length: 383_615 } }]))
        .status,
    ).toBe(200);

    // A one-cell sheet fits, the extra column then does not: the batch fails as a whole.
    const overColumns = await batchUpdate(id, [
      { addSheet: { properties: { title: 'Tiny', gridProperties: { rowCount: 1, columnCount: 1 } } } },
      { appendDimension: { sheetId: 0, dimension: 'COLUMNS', length: 1 } },
    ]);
    expect(await errorOf(overColumns)).toEqual({
      code: 400,
      message: `Invalid requests[1].appendDimension: ${CELL_LIMIT_MESSAGE}`,
      status: 'INVALID_ARGUMENT',
    });
    const overSheet = await batchUpdate(id, [{ addSheet: { properties: { title: 'More' } } }]);
    expect((await errorOf(overSheet)).message).toBe(`Invalid requests[0].addSheet: ${CELL_LIMIT_MESSAGE}`);
    const overAppend = await api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath("'S'!A1")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
      { auth: token, body: { values: [['x']] } },
    );
    expect((await errorOf(overAppend)).message).toBe(CELL_LIMIT_MESSAGE);
    // Nothing changed; a change that fits still works.
    expect(await grid(id)).toEqual([{ rowCount: 384_615, columnCount: 26 }]);
    expect(await api.sheetValues(id, 'S')).toEqual([['h']]);
    const fits = await api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath("'S'!A1")}:append?valueInputOption=RAW&insertDataOption=OVERWRITE`,
      { auth: token, body: { values: [['x']] } },
    );
    expect(fits.status).toBe(200);
  });
});
