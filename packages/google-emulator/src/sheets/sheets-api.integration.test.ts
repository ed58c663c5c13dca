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

describe('Sheets API v4', () => {
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

  async function newSheet(rows: unknown[][], extra: Record<string, unknown> = {}) {
    const created = await api.createSpreadsheet({
      title: 'Test',
      sheets: [{ title: 'My Sheet', rows }],
      ownerEmail: 'owner@example.com',
      ...extra,
    });
    return created.spreadsheetId;
  }

  describe('spreadsheets.get', () => {
    it('applies a field mask to the sheets’ properties', async () => {
      const id = await newSheet([['a']]);
      const batch = await api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, {
        auth: token,
        body: { requests: [{ addSheet: { properties: { title: 'Responses', sheetId: 777001 } } }] },
      });
      expect(batch.status).toBe(200);
      const reply = await api.call(
        'GET',
        `/v4/spreadsheets/${id}?fields=${encodeURIComponent('spreadsheetId,properties.title,sheets.properties(sheetId,title,index,sheetType,gridProperties)')}`,
        { auth: token },
      );
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({
        spreadsheetId: id,
        properties: { title: 'Test' },
        sheets: [
          {
            properties: {
              sheetId: 0,
              title: 'My Sheet',
              index: 0,
              sheetType: 'GRID',
              gridProperties: { rowCount: 1000, columnCount: 26 },
            },
          },
          {
            properties: {
              sheetId: 777001,
              title: 'Responses',
              index: 1,
              sheetType: 'GRID',
              gridProperties: { rowCount: 1000, columnCount: 26 },
            },
          },
        ],
      });
    });

    it('answers an unknown id with Google’s canonical 404', async () => {
      const reply = await api.call('GET', '/v4/spreadsheets/1doesNotExist', { auth: token });
      expect(reply.status).toBe(404);
      expect(await reply.json()).toEqual({
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
          status: 'NOT_FOUND',
        },
      });
    });
  });

  describe('values.get and values:batchGet', () => {
    it('reads a header row (1:1) of a quoted sheet name, normalised to the grid', async () => {
      const id = await newSheet([
        ['Name', 'Email', '', ''],
        ['Ann', 'ann@x.org'],
      ]);
      const reply = await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!1:1")}`, {
        auth: token,
      });
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({
        range: "'My Sheet'!A1:Z1",
        majorDimension: 'ROWS',
        values: [['Name', 'Email']],
      });
    });

    it('reads A2:Z6 and open-ended A2:F, dropping trailing blanks; values is absent for an empty range', async () => {
      const id = await newSheet([['h1', 'h2'], ['a', 'b'], [], ['c', 5, true]]);
      const preview = await (
        await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A2:Z6")}`, {
          auth: token,
        })
      ).json();
      expect(preview).toEqual({
        range: "'My Sheet'!A2:Z6",
        majorDimension: 'ROWS',
        values: [['a', 'b'], [], ['c', '5', 'TRUE']],
      });
      const open = await (
        await api.call(
          'GET',
          `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A2:F")}?valueRenderOption=UNFORMATTED_VALUE`,
          { auth: token },
        )
      ).json();
      expect(open).toEqual({
        range: "'My Sheet'!A2:F1000",
        majorDimension: 'ROWS',
        values: [['a', 'b'], [], ['c', 5, true]],
      });
      const empty = await (
        await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!D10:E12")}`, {
          auth: token,
        })
      ).json();
      expect(empty).toEqual({ range: "'My Sheet'!D10:E12", majorDimension: 'ROWS' });
    });

    it('reads a bare sheet name as the whole sheet and a range without a sheet from the first sheet', async () => {
      const id = await newSheet([['x', 'y']]);
      const whole = await (
        await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath('My Sheet')}`, { auth: token })
      ).json();
      expect(whole).toMatchObject({ range: "'My Sheet'!A1:Z1000", values: [['x', 'y']] });
      const first = await (
        await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath('B1')}`, { auth: token })
      ).json();
      expect(first).toEqual({ range: "'My Sheet'!B1", majorDimension: 'ROWS', values: [['y']] });
    });

    it('batchGet reads several ranges in one call', async () => {
      const id = await newSheet([
        ['h1', 'h2'],
        ['a', 'b'],
      ]);
      const reply = await api.call(
        'GET',
        `/v4/spreadsheets/${id}/values:batchGet?ranges=${rangePath("'My Sheet'!1:1")}&ranges=${rangePath("'My Sheet'!A2:Z6")}`,
        { auth: token },
      );
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({
        spreadsheetId: id,
        valueRanges: [
          { range: "'My Sheet'!A1:Z1", majorDimension: 'ROWS', values: [['h1', 'h2']] },
          { range: "'My Sheet'!A2:Z6", majorDimension: 'ROWS', values: [['a', 'b']] },
        ],
      });
    });

    it('answers a range naming a missing sheet with 400 Unable to parse range', async () => {
      const id = await newSheet([['a']]);
      const reply = await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath('Responses!A1:Z6')}`, {
        auth: token,
      });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({
        error: { code: 400, message: 'Unable to parse range: Responses!A1:Z6', status: 'INVALID_ARGUMENT' },
      });
      const batch = await api.call(
        'GET',
        `/v4/spreadsheets/${id}/values:batchGet?ranges=${rangePath('Nope!1:1')}`,
        { auth: token },
      );
      expect(batch.status).toBe(400);
    });

    it('answers a range past the grid with "exceeds grid limits"', async () => {
      const id = await newSheet([['a']]);
      const reply = await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A1:AA2")}`, {
        auth: token,
      });
      expect(reply.status).toBe(400);
      expect(((await reply.json()) as { error: { message: string } }).error.message).toBe(
        "Range ('My Sheet'!A1:AA2) exceeds grid limits. Max rows: 1000, max columns: 26",
      );
    });
  });

  describe('values.append', () => {
    it('keeps =1+1 as text with RAW and makes it a formula with USER_ENTERED', async () => {
      const id = await newSheet([['Name', 'Calc']]);
      for (const option of ['RAW', 'USER_ENTERED']) {
        const reply = await api.call(
          'POST',
          `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A1")}:append?valueInputOption=${option}&insertDataOption=INSERT_ROWS`,
          {
            auth: token,
            body: { values: [[option, '=1+1']] },
          },
        );
        expect(reply.status).toBe(200);
      }
      const formatted: any = await (
        await api.call('GET', `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A2:B3")}`, {
          auth: token,
        })
      ).json();
      expect(formatted.values).toEqual([
        ['RAW', '=1+1'],
        ['USER_ENTERED', '2'],
      ]);
      const formulas: any = await (
        await api.call(
          'GET',
          `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A2:B3")}?valueRenderOption=FORMULA`,
          { auth: token },
        )
      ).json();
      expect(formulas.values).toEqual([
        ['RAW', '=1+1'],
        ['USER_ENTERED', '=1+1'],
      ]);
    });

    it('appends after the table found from the range and reports updatedRange and tableRange', async () => {
      const id = await newSheet([
        ['Name', 'Email'],
        ['Ann', 'ann@x.org'],
      ]);
      const reply = await api.call(
        'POST',
        `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A1")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
        {
          auth: token,
          body: {
            majorDimension: 'ROWS',
            values: [
              ['Bob', 'bob@x.org', 5],
              ['Cy', 'cy@x.org'],
            ],
          },
        },
      );
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({
        spreadsheetId: id,
        tableRange: "'My Sheet'!A1:B2",
        updates: {
          spreadsheetId: id,
          updatedRange: "'My Sheet'!A3:C4",
          updatedRows: 2,
          updatedColumns: 3,
          updatedCells: 5,
        },
      });
      expect(await api.sheetValues(id, 'My Sheet')).toEqual([
        ['Name', 'Email'],
        ['Ann', 'ann@x.org'],
        ['Bob', 'bob@x.org', '5'],
        ['Cy', 'cy@x.org'],
      ]);
    });

    it('INSERT_ROWS shifts what lies below the table and grows the grid; OVERWRITE writes over it', async () => {
      const rows = [['h'], ['a'], ['b'], [], ['below']];
      const insertId = await newSheet(rows);
      const insert: any = await (
        await api.call(
          'POST',
          `/v4/spreadsheets/${insertId}/values/${rangePath("'My Sheet'!A1")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
          { auth: token, body: { values: [['n1'], ['n2']] } },
        )
      ).json();
      expect(insert.updates.updatedRange).toBe("'My Sheet'!A4:A5");
      expect(await api.sheetValues(insertId, 'My Sheet')).toEqual([
        ['h'],
        ['a'],
        ['b'],
        ['n1'],
        ['n2'],
        [],
        ['below'],
      ]);

      const overwriteId = await newSheet(rows);
      const overwrite: any = await (
        await api.call(
          'POST',
          `/v4/spreadsheets/${overwriteId}/values/${rangePath("'My Sheet'!A1")}:append?valueInputOption=RAW&insertDataOption=OVERWRITE`,
          { auth: token, body: { values: [['n1'], ['n2']] } },
        )
      ).json();
      expect(overwrite.updates.updatedRange).toBe("'My Sheet'!A4:A5");
      expect(await api.sheetValues(overwriteId, 'My Sheet')).toEqual([['h'], ['a'], ['b'], ['n1'], ['n2']]);

      const grids = await (
        await api.call(
          'GET',
          `/v4/spreadsheets/${insertId}?fields=sheets.properties.gridProperties.rowCount`,
          { auth: token },
        )
      ).json();
      expect(grids).toEqual({ sheets: [{ properties: { gridProperties: { rowCount: 1002 } } }] });
    });

    it('starts at the range on an empty sheet (no tableRange) and requires valueInputOption', async () => {
      const id = await newSheet([]);
      const reply = await (
        await api.call(
          'POST',
          `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!B3")}:append?valueInputOption=RAW`,
          { auth: token, body: { values: [['x']] } },
        )
      ).json();
      expect(reply).toEqual({
        spreadsheetId: id,
        updates: {
          spreadsheetId: id,
          updatedRange: "'My Sheet'!B3",
          updatedRows: 1,
          updatedColumns: 1,
          updatedCells: 1,
        },
      });
      const missing = await api.call(
        'POST',
        `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A1")}:append`,
        { auth: token, body: { values: [['x']] } },
      );
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        error: {
          code: 400,
          message: 'Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED',
          status: 'INVALID_ARGUMENT',
        },
      });
    });
  });

  describe('values.update', () => {
    it('writes a header row and answers with the updated range', async () => {
      const id = await newSheet([['old', 'keep']]);
      const reply = await api.call(
        'PUT',
        `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!A1")}?valueInputOption=RAW`,
        { auth: token, body: { values: [['new', null, 'added']] } },
      );
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({
        spreadsheetId: id,
        updatedRange: "'My Sheet'!A1:C1",
        updatedRows: 1,
        updatedColumns: 3,
        updatedCells: 3,
      });
      expect(await api.sheetValues(id, 'My Sheet')).toEqual([['new', 'keep', 'added']]);
    });

    it('refuses to write past the grid', async () => {
      const id = await newSheet([]);
      const reply = await api.call(
        'PUT',
        `/v4/spreadsheets/${id}/values/${rangePath("'My Sheet'!Z1")}?valueInputOption=RAW`,
        { auth: token, body: { values: [['a', 'b']] } },
      );
      expect(reply.status).toBe(400);
      expect(((await reply.json()) as { error: { message: string } }).error.message).toContain(
        'exceeds grid limits. Max rows: 1000, max columns: 26',
      );
    });
  });

  describe(':batchUpdate', () => {
    it('adds a sheet and its header atomically; a duplicate title gives Google’s 400 and changes nothing', async () => {
      const id = await newSheet([['a']]);
      const ok = await api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, {
        auth: token,
        body: {
          requests: [
            {
              addSheet: {
                properties: {
                  sheetId: 42,
                  title: 'Responses',
                  gridProperties: { rowCount: 10, columnCount: 5, frozenRowCount: 1 },
                },
              },
            },
            {
              appendCells: {
                sheetId: 42,
                fields: 'userEnteredValue',
                rows: [
                  {
                    values: [
                      { userEnteredValue: { stringValue: 'Submitted at' } },
                      { userEnteredValue: { numberValue: 5 } },
                    ],
                  },
                ],
              },
            },
            { appendDimension: { sheetId: 42, dimension: 'ROWS', length: 5 } },
          ],
        },
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({
        spreadsheetId: id,
        replies: [
          {
            addSheet: {
              properties: {
                sheetId: 42,
                title: 'Responses',
                index: 1,
                sheetType: 'GRID',
                gridProperties: { rowCount: 10, columnCount: 5, frozenRowCount: 1 },
              },
            },
          },
          {},
          {},
        ],
      });
      expect(await api.sheetValues(id, 'Responses')).toEqual([['Submitted at', '5']]);

      const duplicate = await api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, {
        auth: token,
        body: {
          requests: [
            { addSheet: { properties: { title: 'Other' } } },
            { addSheet: { properties: { title: 'Responses' } } },
          ],
        },
      });
      expect(duplicate.status).toBe(400);
      expect(await duplicate.json()).toEqual({
        error: {
          code: 400,
          message:
            'Invalid requests[1].addSheet: A sheet with the name "Responses" already exists. Please enter another name.',
          status: 'INVALID_ARGUMENT',
        },
      });
      const titles: any = await (
        await api.call(
          'GET',
          `/v4/spreadsheets/${id}?fields=sheets.properties(title,gridProperties.rowCount)`,
          { auth: token },
        )
      ).json();
      expect(titles.sheets).toEqual([
        { properties: { title: 'My Sheet', gridProperties: { rowCount: 1000 } } },
        { properties: { title: 'Responses', gridProperties: { rowCount: 15 } } },
      ]);
    });

    it('appendCells goes after the last row with data', async () => {
      const id = await newSheet([['h'], ['a']]);
      await api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, {
        auth: token,
        body: {
          requests: [
            {
              appendCells: {
                sheetId: 0,
                fields: '*',
                rows: [{ values: [{ userEnteredValue: { stringValue: 'b' } }] }],
              },
            },
          ],
        },
      });
      expect(await api.sheetValues(id, 'My Sheet')).toEqual([['h'], ['a'], ['b']]);
      const unknown = await api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, {
        auth: token,
        body: { requests: [{ appendCells: { sheetId: 9, fields: '*', rows: [] } }] },
      });
      expect(await unknown.json()).toMatchObject({
        error: { code: 400, message: 'Invalid requests[0].appendCells: No grid with id: 9' },
      });
    });
  });
});
