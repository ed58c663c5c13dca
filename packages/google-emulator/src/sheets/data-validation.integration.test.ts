import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SESSIONS } from '../seed/demo-data.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  makeTempDataDir,
  rangePath,
  removeDataDir,
  SHEETS_SCOPE,
} from '../testing/emulator-test-kit.js';

// The server's preview call: the first 100 data rows' text and rules, nothing else.
const PREVIEW_FIELDS =
  'sheets(properties(title,sheetId),data(startRow,startColumn,rowData(values(dataValidation,formattedValue))))';

const list = (type: string, values: string[] = []) => ({
  condition: {
    type,
    ...(values.length > 0 ? { values: values.map((userEnteredValue) => ({ userEnteredValue })) } : {}),
  },
});

interface CellData {
  formattedValue?: string;
  userEnteredValue?: Record<string, unknown>;
  effectiveValue?: Record<string, unknown>;
  dataValidation?: { condition: { type: string; values?: Array<{ userEnteredValue: string }> } };
}
interface GridReply {
  sheets: Array<{
    properties: { title: string; sheetId: number };
    data?: Array<{
      startRow?: number;
      startColumn?: number;
      rowData?: Array<{ values?: CellData[] }>;
      rowMetadata?: unknown[];
      columnMetadata?: unknown[];
    }>;
  }>;
}

describe('data validation', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  let token: string;

  const start = async () => {
    emulator = await startStandaloneEmulator({ port: 0, dataDir });
    api = apiClient(emulator.url);
    token = (
      await emulator.identity.issueAccessToken({
        email: 'admin@sheetforms.test',
        name: 'Admin',
        clientId: 'test',
        scopes: ['openid', SHEETS_SCOPE],
      })
    ).accessToken;
  };

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    await start();
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  const get = async (id: string, query: string) =>
    api.call('GET', `/v4/spreadsheets/${id}?${query}`, { auth: token });
  const grid = async (id: string, range: string, fields = PREVIEW_FIELDS) => {
    const reply = await get(
      id,
      `ranges=${encodeURIComponent(range)}&includeGridData=true&fields=${encodeURIComponent(fields)}`,
    );
    expect(reply.status).toBe(200);
    return (await reply.json()) as GridReply;
  };
  const batch = (id: string, requests: unknown[]) =>
    api.call('POST', `/v4/spreadsheets/${id}:batchUpdate`, { auth: token, body: { requests } });
  const newSpreadsheet = async (body: Record<string, unknown> = {}) =>
    (
      await api.createSpreadsheet({
        title: 'Rules',
        ownerEmail: 'admin@sheetforms.test',
        sheets: [
          {
            title: 'Sheet1',
            rows: [
              ['Name', 'Plan', 'Seats'],
              ['Ann', 'Pro', 2],
              ['Bob', 'Free', 1],
            ],
          },
        ],
        ...body,
      })
    ).spreadsheetId;
  const seeded = async (title: string) => {
    const listed = (await (await api.call('GET', '/__emulator/spreadsheets')).json()) as {
      spreadsheets: Array<{ spreadsheetId: string; title: string }>;
    };
    return listed.spreadsheets.find((entry) => entry.title === title)?.spreadsheetId ?? '';
  };

  it('answers the server’s ranged, masked spreadsheets.get on the seeded Workshop Sign-ups as Google does', async () => {
    const id = await seeded('Workshop Sign-ups');
    const reply = await grid(id, "'Registrations'!A1:Z101");
    // Only what the mask names: no spreadsheetId, no Lists sheet, no zero startRow/startColumn.
    expect(Object.keys(reply)).toEqual(['sheets']);
    expect(reply.sheets).toHaveLength(1);
    const [sheet] = reply.sheets;
    expect(sheet?.properties).toEqual({ sheetId: 0, title: 'Registrations' });
    expect(sheet?.data).toHaveLength(1);
    const rows = sheet?.data?.[0]?.rowData ?? [];
    expect(sheet?.data?.[0]).toEqual({ rowData: rows });
    // Every row of the range appears: the column rules reach all of them.
    expect(rows).toHaveLength(101);
    expect(rows[0]?.values?.map((cell) => cell.formattedValue)).toEqual([
      'Name',
      'Email',
      'Session',
      'Guests',
      'Newsletter',
      'Dietary needs',
    ]);
    expect(rows[0]?.values?.some((cell) => cell.dataValidation)).toBe(false);
    const ada = rows[1]?.values ?? [];
    expect(ada.map((cell) => cell.formattedValue)).toEqual([
      'Ada Lovelace',
      'ada.lovelace@example.com',
      'Morning workshop',
      '2',
      'TRUE',
      'Vegetarian',
    ]);
    expect(ada[0]).toEqual({ formattedValue: 'Ada Lovelace' });
    expect(ada.map((cell) => cell.dataValidation?.condition.type)).toEqual([
      undefined,
      'TEXT_IS_EMAIL',
      'ONE_OF_LIST',
      'NUMBER_BETWEEN',
      'BOOLEAN',
      'ONE_OF_RANGE',
    ]);
    expect(ada[1]?.dataValidation).toEqual({ condition: { type: 'TEXT_IS_EMAIL' }, strict: true });
    expect(ada[2]?.dataValidation).toEqual({
      condition: {
        type: 'ONE_OF_LIST',
        values: DEMO_SESSIONS.map((userEnteredValue) => ({ userEnteredValue })),
      },
      strict: true,
      showCustomUi: true,
    });
    expect(ada[3]?.dataValidation?.condition.values).toEqual([
      { userEnteredValue: '1' },
      { userEnteredValue: '5' },
    ]);
    expect(ada[4]?.dataValidation).toEqual({ condition: { type: 'BOOLEAN' } });
    expect(ada[5]?.dataValidation?.condition.values).toEqual([{ userEnteredValue: '=Lists!A2:A' }]);
    expect(rows[2]?.values?.[4]?.formattedValue).toBe('FALSE');
    // Below the data: an empty first cell is {}, the ruled cells carry only their rule.
    const last = rows[100]?.values ?? [];
    expect(last).toHaveLength(6);
    expect(last[0]).toEqual({});
    expect(last[1]).toEqual({ dataValidation: { condition: { type: 'TEXT_IS_EMAIL' }, strict: true } });

    const partial = await grid(id, "'Registrations'!C5:D6");
    expect(partial.sheets[0]?.data?.[0]).toMatchObject({ startRow: 4, startColumn: 2 });
    expect(partial.sheets[0]?.data?.[0]?.rowData?.map((row) => row.values?.length)).toEqual([2, 2]);
  });

  it('includes grid data with includeGridData or a mask naming it, and only then', async () => {
    const id = await newSpreadsheet();
    const sheetOf = async (query: string) => ((await (await get(id, query)).json()) as GridReply).sheets[0];
    expect((await sheetOf('ranges=A1:C3'))?.data).toBeUndefined();
    const full = await sheetOf('ranges=A1:C3&includeGridData=true');
    expect(full?.data?.[0]?.rowData?.[1]?.values).toEqual([
      {
        userEnteredValue: { stringValue: 'Ann' },
        effectiveValue: { stringValue: 'Ann' },
        formattedValue: 'Ann',
      },
      {
        userEnteredValue: { stringValue: 'Pro' },
        effectiveValue: { stringValue: 'Pro' },
        formattedValue: 'Pro',
      },
      { userEnteredValue: { numberValue: 2 }, effectiveValue: { numberValue: 2 }, formattedValue: '2' },
    ]);
    expect(full?.data?.[0]?.rowMetadata).toHaveLength(3);
    expect(full?.data?.[0]?.columnMetadata).toHaveLength(3);
    // A mask replaces includeGridData, as Google documents: it decides alone.
    expect(
      (await sheetOf(`includeGridData=true&fields=${encodeURIComponent('sheets.properties.title')}`))?.data,
    ).toBeUndefined();
    const masked = await sheetOf(
      `ranges=A2&fields=${encodeURIComponent('sheets.data.rowData.values.formattedValue')}`,
    );
    expect(masked?.data).toEqual([{ rowData: [{ values: [{ formattedValue: 'Ann' }] }] }]);
    // Without ranges, the whole grid of every sheet.
    const whole = await sheetOf('includeGridData=true');
    expect(whole?.data?.[0]?.rowData).toHaveLength(3);
    expect(whole?.data?.[0]?.rowMetadata).toHaveLength(1000);
    const bad = await get(id, 'includeGridData=yes');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: `Invalid value at 'include_grid_data' (TYPE_BOOL), "yes"`,
      },
    });
  });

  it('sets, replaces and clears rules with setDataValidation', async () => {
    const id = await newSpreadsheet();
    const set = await batch(id, [
      // B2:B, open at the bottom: a plan dropdown.
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 1, startColumnIndex: 1, endColumnIndex: 2 },
          rule: {
            ...list('ONE_OF_LIST', ['Free', 'Pro']),
            showCustomUi: true,
            strict: false,
            inputMessage: '',
          },
        },
      },
      // C2:C3: seats between 1 and 10.
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 1, endRowIndex: 3, startColumnIndex: 2, endColumnIndex: 3 },
          rule: list('NUMBER_BETWEEN', ['1', '10']),
        },
      },
      // B3 becomes a checkbox over the dropdown.
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 2, endRowIndex: 3, startColumnIndex: 1, endColumnIndex: 2 },
          rule: list('BOOLEAN', ['Yes', 'No']),
        },
      },
    ]);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ spreadsheetId: id, replies: [{}, {}, {}] });
    const rules = async () =>
      ((await grid(id, 'Sheet1!A1:C5')).sheets[0]?.data?.[0]?.rowData ?? []).map((row) =>
        (row.values ?? []).map((cell) => cell.dataValidation?.condition.type ?? null),
      );
    // Cells with data are listed without a rule (null here); trailing cells without either are left out.
    expect(await rules()).toEqual([
      [null, null, null],
      [null, 'ONE_OF_LIST', 'NUMBER_BETWEEN'],
      [null, 'BOOLEAN', 'NUMBER_BETWEEN'],
      [null, 'ONE_OF_LIST'],
      [null, 'ONE_OF_LIST'],
    ]);
    const dropdown = (await grid(id, 'Sheet1!B2')).sheets[0]?.data?.[0]?.rowData?.[0]?.values?.[0];
    expect(dropdown).toEqual({
      formattedValue: 'Pro',
      dataValidation: { ...list('ONE_OF_LIST', ['Free', 'Pro']), showCustomUi: true },
    });
    // No rule clears: here B2:C2.
    const cleared = await batch(id, [
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 1, endColumnIndex: 3 },
        },
      },
    ]);
    expect(cleared.status).toBe(200);
    expect((await rules()).slice(0, 3)).toEqual([
      [null, null, null],
      [null, null, null],
      [null, 'BOOLEAN', 'NUMBER_BETWEEN'],
    ]);
  });

  it('refuses bad requests with Google’s 400s, and changes nothing when one request of the batch fails', async () => {
    const id = await newSpreadsheet();
    const refused = async (request: unknown, before: unknown[] = []) => {
      const reply = await batch(id, [...before, { setDataValidation: request }]);
      expect(reply.status).toBe(400);
      return (
        (await reply.json()) as {
          error: { code: number; status: string; message: string; details?: unknown[] };
        }
      ).error;
    };
    const column = { sheetId: 0, startRowIndex: 1, startColumnIndex: 1, endColumnIndex: 2 };
    expect(await refused({ range: column, rule: list('ONE_OF_SET', ['a']) })).toEqual({
      code: 400,
      message: `Invalid value at 'requests[0].set_data_validation.rule.condition.type' (type.googleapis.com/google.apps.sheets.v4.ConditionType), "ONE_OF_SET"`,
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [
            {
              field: 'requests[0].set_data_validation.rule.condition.type',
              description: `Invalid value at 'requests[0].set_data_validation.rule.condition.type' (type.googleapis.com/google.apps.sheets.v4.ConditionType), "ONE_OF_SET"`,
            },
          ],
        },
      ],
    });
    const earlier = { setDataValidation: { range: column, rule: list('TEXT_IS_EMAIL') } };
    expect(await refused({ range: column, rule: list('NUMBER_BETWEEN', ['1']) }, [earlier])).toEqual({
      code: 400,
      message:
        'Invalid requests[1].setDataValidation: The condition type NUMBER_BETWEEN requires exactly 2 values, but 1 was given.',
      status: 'INVALID_ARGUMENT',
    });
    expect((await refused({ range: column, rule: list('TEXT_IS_URL', ['x']) })).message).toBe(
      'Invalid requests[0].setDataValidation: The condition type TEXT_IS_URL requires no values, but 1 was given.',
    );
    expect((await refused({ range: { ...column, sheetId: 9 }, rule: list('BOOLEAN') })).message).toBe(
      'Invalid requests[0].setDataValidation: No grid with id: 9',
    );
    expect((await refused({ range: { ...column, endRowIndex: 1001 }, rule: list('BOOLEAN') })).message).toBe(
      "Invalid requests[0].setDataValidation: Range ('Sheet1'!B2:B1001) exceeds grid limits. Max rows: 1000, max columns: 26",
    );
    expect(
      (await refused({ range: { ...column, startRowIndex: 5, endRowIndex: 2 }, rule: list('BOOLEAN') }))
        .message,
    ).toBe(
      'Invalid requests[0].setDataValidation: GridRange.startRowIndex (5) must not be greater than endRowIndex (2).',
    );
    expect((await refused({ range: column, rule: list('BLANK') })).message).toBe(
      'Invalid requests[0].setDataValidation: The condition type BLANK is not supported by data validation.',
    );
    // The email rule of the failed batch was never applied.
    const cells = (await grid(id, 'Sheet1!B2')).sheets[0]?.data?.[0]?.rowData?.[0]?.values?.[0];
    expect(cells).toEqual({ formattedValue: 'Pro' });
  });

  it('keeps a column’s rule on rows appended below it, and moves rules under inserted rows', async () => {
    const id = await newSpreadsheet();
    expect(
      (
        await batch(id, [
          // B2:B3, exactly the data rows; C2:C open; D10 alone, below the table.
          {
            setDataValidation: {
              range: { sheetId: 0, startRowIndex: 1, endRowIndex: 3, startColumnIndex: 1, endColumnIndex: 2 },
              rule: list('ONE_OF_LIST', ['Free', 'Pro']),
            },
          },
          {
            setDataValidation: {
              range: { sheetId: 0, startRowIndex: 1, startColumnIndex: 2, endColumnIndex: 3 },
              rule: list('NUMBER_BETWEEN', ['1', '10']),
            },
          },
          {
            setDataValidation: {
              range: {
                sheetId: 0,
                startRowIndex: 9,
                endRowIndex: 10,
                startColumnIndex: 3,
                endColumnIndex: 4,
              },
              rule: list('BOOLEAN'),
            },
          },
        ])
      ).status,
    ).toBe(200);
    const appended = await api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1')}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
      { auth: token, body: { values: [['Cy', 'Pro', 3, true]] } },
    );
    expect(appended.status).toBe(200);
    const rows = (await grid(id, 'Sheet1!A1:D12')).sheets[0]?.data?.[0]?.rowData ?? [];
    const types = rows.map((row) =>
      (row.values ?? []).map((cell) => cell.dataValidation?.condition.type ?? null),
    );
    expect(types[3]).toEqual([null, 'ONE_OF_LIST', 'NUMBER_BETWEEN', null]);
    expect(types[4]).toEqual([null, null, 'NUMBER_BETWEEN']);
    expect(types[9]).toEqual([null, null, 'NUMBER_BETWEEN']);
    expect(types[10]).toEqual([null, null, 'NUMBER_BETWEEN', 'BOOLEAN']);
    // The appended row keeps its types: a number and a boolean.
    expect(rows[3]?.values?.map((cell) => cell.formattedValue)).toEqual(['Cy', 'Pro', '3', 'TRUE']);
  });

  it('gives a row inserted under a lone header the header’s (no) rule, as inserted rows copy the row above', async () => {
    const id = await newSpreadsheet({ sheets: [{ title: 'Sheet1', rows: [['Name', 'Plan']] }] });
    await batch(id, [
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 1, startColumnIndex: 1, endColumnIndex: 2 },
          rule: list('ONE_OF_LIST', ['Free', 'Pro']),
        },
      },
    ]);
    const append = () =>
      api.call(
        'POST',
        `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1')}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
        { auth: token, body: { values: [['Ann', 'Pro']] } },
      );
    expect((await append()).status).toBe(200);
    expect((await append()).status).toBe(200);
    const rows = (await grid(id, 'Sheet1!A1:B4')).sheets[0]?.data?.[0]?.rowData ?? [];
    expect(rows.map((row) => row.values?.[1]?.dataValidation?.condition.type ?? null)).toEqual([
      null,
      null,
      null,
      'ONE_OF_LIST',
    ]);
  });

  it('stores RAW numbers and booleans typed, and reads them back formatted or unformatted', async () => {
    const id = await newSpreadsheet();
    const appended = await api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1')}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
      { auth: token, body: { values: [['Dee', 'Pro', 2.5, false, '0012', 0.1 + 0.2]] } },
    );
    expect(appended.status).toBe(200);
    const read = async (render: string) =>
      (
        (await (
          await api.call(
            'GET',
            `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A4:F4')}?valueRenderOption=${render}`,
            { auth: token },
          )
        ).json()) as { values: unknown[][] }
      ).values[0];
    expect(await read('FORMATTED_VALUE')).toEqual(['Dee', 'Pro', '2.5', 'FALSE', '0012', '0.3']);
    expect(await read('UNFORMATTED_VALUE')).toEqual(['Dee', 'Pro', 2.5, false, '0012', 0.1 + 0.2]);
    const cells = (
      await grid(id, 'Sheet1!C4:E4', 'sheets.data.rowData.values(userEnteredValue,formattedValue)')
    ).sheets[0]?.data?.[0]?.rowData?.[0]?.values;
    expect(cells).toEqual([
      { userEnteredValue: { numberValue: 2.5 }, formattedValue: '2.5' },
      { userEnteredValue: { boolValue: false }, formattedValue: 'FALSE' },
      { userEnteredValue: { stringValue: '0012' }, formattedValue: '0012' },
    ]);
  });

  it('seeds rules through the control API, checks them with clear 400s, and keeps them across restarts', async () => {
    const create = (dataValidation: unknown) =>
      api.call('POST', '/__emulator/spreadsheets', {
        body: {
          title: 'Seeded',
          ownerEmail: 'admin@sheetforms.test',
          sheets: [{ title: 'Form', rows: [['Plan']], dataValidation }],
        },
      });
    const message = async (dataValidation: unknown) => {
      const reply = await create(dataValidation);
      expect(reply.status).toBe(400);
      return ((await reply.json()) as { error: { message: string } }).error.message;
    };
    expect(await message({ range: 'A2:A' })).toBe(
      "Invalid value at 'sheets[0].dataValidation': must be a list of { range, rule }.",
    );
    expect(await message([{ range: 'Form!A2:A', rule: list('BOOLEAN') }])).toBe(
      `Invalid value at 'sheets[0].dataValidation[0].range': give the cells only (such as "B2:B"); the rule applies to this sheet.`,
    );
    expect(await message([{ range: 'A2:', rule: list('BOOLEAN') }])).toBe(
      `Invalid value at 'sheets[0].dataValidation[0].range': "A2:" is not an A1 range.`,
    );
    expect(await message([{ range: 'A2:A5000', rule: list('BOOLEAN') }])).toBe(
      `Invalid value at 'sheets[0].dataValidation[0].range': "A2:A5000" reaches past the sheet's 1000 rows or 26 columns.`,
    );
    expect(await message([{ range: 'A2:A' }])).toBe(
      "Invalid value at 'sheets[0].dataValidation[0].rule': a DataValidationRule ({ condition: { type, values? } }) is required.",
    );
    expect(await message([{ range: 'A2:A', rule: list('DROPDOWN', ['a']) }])).toBe(
      `Invalid value at 'sheets[0].dataValidation[0].rule.condition.type' (type.googleapis.com/google.apps.sheets.v4.ConditionType), "DROPDOWN"`,
    );
    expect(await message([{ range: 'A2:A', rule: list('ONE_OF_LIST') }])).toBe(
      "Invalid value at 'sheets[0].dataValidation[0].rule': The condition type ONE_OF_LIST requires at least 1 value, but 0 were given.",
    );

    const created = await create([
      { range: 'A2:A', rule: list('ONE_OF_LIST', ['Free', 'Pro']) },
      { range: 'A3', rule: list('ONE_OF_RANGE', ['Lists!A2:A']) },
    ]);
    expect(created.status).toBe(201);
    const { spreadsheetId } = (await created.json()) as { spreadsheetId: string };
    const values = async () =>
      ((await grid(spreadsheetId, 'Form!A2:A4')).sheets[0]?.data?.[0]?.rowData ?? []).map(
        (row) => row.values?.[0]?.dataValidation?.condition,
      );
    const expected = [
      list('ONE_OF_LIST', ['Free', 'Pro']).condition,
      list('ONE_OF_RANGE', ['=Lists!A2:A']).condition,
      list('ONE_OF_LIST', ['Free', 'Pro']).condition,
    ];
    expect(await values()).toEqual(expected);
    await emulator.close();
    await start();
    expect(await values()).toEqual(expected);
  });
});
