import { readFile } from 'node:fs/promises';
import { docs as docsClient } from '@googleapis/docs';
import { drive as driveClient } from '@googleapis/drive';
import { auth, sheets as sheetsClient } from '@googleapis/sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_OWNER_EMAIL } from '../seed/demo-data.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { apiClient, makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';

// The contract: every call SheetForms makes to Google (apps/server/src/google/*, the web app's template
// import), made with Google's own Node clients against the standalone emulator at its root, as a new user
// would point them. If Google's client cannot parse an answer, or an error lacks Google's shape, this fails.

const SHEETS = 'https://www.googleapis.com/auth/spreadsheets';
const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';
const DOCS_READONLY = 'https://www.googleapis.com/auth/documents.readonly';
// The server's field mask for spreadsheets.get (sheets-client.ts).
const SPREADSHEET_FIELDS =
  'spreadsheetId,properties.title,sheets.properties(sheetId,title,index,gridProperties(rowCount,columnCount))';
const HEADER = ['Full Name', 'Email', 'Phone', 'Company', 'Ticket Type', 'Dietary Requirements'];

/** What Google's clients throw for an HTTP error: GaxiosError with the status and Google's body. */
interface GoogleClientError {
  status?: number;
  response?: { status: number; data: { error: { code: number; message: string; status?: string } } };
}

async function googleError(call: Promise<unknown>) {
  const error = (await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  )) as GoogleClientError;
  const body = error.response?.data.error;
  if (!body) throw error;
  return { ...body, httpStatus: error.response?.status };
}

describe("Google's Node clients against the standalone emulator (the product's calls)", () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let serviceAccount: InstanceType<typeof auth.JWT>;
  let serviceAccountEmail: string;
  let userToken: string;
  let spreadsheetId: string;
  let privateBudgetId: string;
  let documentId: string;

  const sheets = () => sheetsClient({ version: 'v4', auth: serviceAccount, rootUrl: emulator.rootUrl });
  const drive = () => driveClient({ version: 'v3', auth: serviceAccount, rootUrl: emulator.rootUrl });

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir });
    const api = apiClient(emulator.url);
    spreadsheetId = (
      await api.createSpreadsheet({
        title: 'Contract',
        ownerEmail: 'owner@example.com',
        sharing: { link: 'none', people: [{ email: 'viewer@example.com', role: 'view' }] },
        sheets: [{ title: 'Registrations', rows: [HEADER, ['Ada Lovelace', 'ada@example.com']] }],
      })
    ).spreadsheetId;
    const list = (await (await api.call('GET', '/__emulator/spreadsheets')).json()) as {
      spreadsheets: Array<{ spreadsheetId: string; title: string }>;
    };
    privateBudgetId =
      list.spreadsheets.find((entry) => entry.title === 'Private Budget')?.spreadsheetId ?? '';
    const created = await api.call('POST', '/__emulator/documents', {
      body: { title: 'Template', html: '<h1>Hello {{Full Name}}</h1><p>Thanks.</p>' },
    });
    documentId = ((await created.json()) as { documentId: string }).documentId;

    // The service account, as the server uses it: Google's JWT client exchanges a signed assertion at the
    // token endpoint. It always posts to oauth2.googleapis.com, so one interceptor sends it here instead.
    const key = JSON.parse(await readFile(emulator.serviceAccountKeyPath, 'utf8')) as {
      client_email: string;
      private_key: string;
    };
    serviceAccountEmail = key.client_email;
    serviceAccount = new auth.JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [SHEETS, DRIVE_READONLY],
    });
    serviceAccount.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (String(config.url) === 'https://oauth2.googleapis.com/token')
          config.url = new URL('token', emulator.rootUrl);
        return config;
      },
    });
    // The service account may write the contract spreadsheet.
    await api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, {
      body: {
        sharing: {
          link: 'none',
          people: [
            { email: 'viewer@example.com', role: 'view' },
            { email: serviceAccountEmail, role: 'edit' },
          ],
        },
      },
    });
    // The owner's own token, as the web app gets it from the token client for template imports.
    userToken = (
      await emulator.identity.issueAccessToken({
        email: 'owner@example.com',
        name: 'Owner',
        clientId: 'test',
        scopes: [SHEETS, DOCS_READONLY, DRIVE_READONLY],
      })
    ).accessToken;
  });
  afterAll(async () => {
    await emulator?.close();
    await removeDataDir(dataDir);
  });

  it('spreadsheets.get with the server’s field mask', async () => {
    const { data } = await sheets().spreadsheets.get({ spreadsheetId, fields: SPREADSHEET_FIELDS });
    expect(data).toEqual({
      spreadsheetId,
      properties: { title: 'Contract' },
      sheets: [
        {
          properties: {
            sheetId: 0,
            title: 'Registrations',
            index: 0,
            gridProperties: { rowCount: 1000, columnCount: 26 },
          },
        },
      ],
    });
  });

  it('values.get and values.batchGet', async () => {
    const one = await sheets().spreadsheets.values.get({
      spreadsheetId,
      range: "'Registrations'!A1:F6",
      majorDimension: 'ROWS',
    });
    expect(one.data).toEqual({
      range: 'Registrations!A1:F6',
      majorDimension: 'ROWS',
      values: [HEADER, ['Ada Lovelace', 'ada@example.com']],
    });
    const batch = await sheets().spreadsheets.values.batchGet({
      spreadsheetId,
      ranges: ["'Registrations'!1:1", "'Registrations'!A2:B2"],
      majorDimension: 'ROWS',
    });
    expect(batch.data.valueRanges?.map((range) => range.values)).toEqual([
      [HEADER],
      [['Ada Lovelace', 'ada@example.com']],
    ]);
  });

  it('values.append RAW INSERT_ROWS with the body range equal to the URL’s, and values.update', async () => {
    const range = "'Registrations'!A1";
    const appended = await sheets().spreadsheets.values.append({
      spreadsheetId,
      range,
      valueInputOption: 'RAW',
      insertDataOption: 'INSERT_ROWS',
      includeValuesInResponse: false,
      requestBody: { range, majorDimension: 'ROWS', values: [['=1+1', 'grace@example.com', 42, true]] },
    });
    expect(appended.data.updates).toMatchObject({ updatedRange: 'Registrations!A3:D3', updatedRows: 1 });
    const updated = await sheets().spreadsheets.values.update({
      spreadsheetId,
      range: "'Registrations'!E3:F3",
      valueInputOption: 'RAW',
      requestBody: { range: "'Registrations'!E3:F3", majorDimension: 'ROWS', values: [['VIP', 'None']] },
    });
    expect(updated.data).toMatchObject({ updatedRange: 'Registrations!E3:F3', updatedCells: 2 });
    const row = await sheets().spreadsheets.values.get({
      spreadsheetId,
      range: 'Registrations!A3:F3',
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(row.data.values).toEqual([['=1+1', 'grace@example.com', 42, true, 'VIP', 'None']]);
  });

  it('refuses a body range that differs from the URL’s, as Google does (400)', async () => {
    const error = await googleError(
      sheets().spreadsheets.values.update({
        spreadsheetId,
        range: "'Registrations'!A9",
        valueInputOption: 'RAW',
        requestBody: { range: 'Registrations!A9', values: [['x']] },
      }),
    );
    expect(error).toMatchObject({
      httpStatus: 400,
      status: 'INVALID_ARGUMENT',
      message: "Request range['Registrations'!A9] does not match value's range[Registrations!A9]",
    });
  });

  it('batchUpdate: addSheet, appendDimension, appendCells, updateSheetProperties (title, frozen rows, index)', async () => {
    const added = await sheets().spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ addSheet: { properties: { title: 'Responses' } } }] },
    });
    const sheetId = added.data.replies?.[0]?.addSheet?.properties?.sheetId;
    expect(sheetId).toEqual(expect.any(Number));
    await sheets().spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          { appendDimension: { sheetId, dimension: 'COLUMNS', length: 4 } },
          {
            appendCells: {
              sheetId,
              fields: 'userEnteredValue',
              rows: [{ values: [{ userEnteredValue: { stringValue: 'Response ID' } }] }],
            },
          },
          { updateSheetProperties: { properties: { sheetId, title: 'Answers' }, fields: 'title' } },
          {
            updateSheetProperties: {
              properties: { sheetId, gridProperties: { frozenRowCount: 1 } },
              fields: 'gridProperties/frozenRowCount',
            },
          },
          { updateSheetProperties: { properties: { sheetId, index: 0 }, fields: 'index' } },
        ],
      },
    });
    const { data } = await sheets().spreadsheets.get({ spreadsheetId });
    expect(data.sheets?.map((sheet) => sheet.properties)).toEqual([
      {
        sheetId,
        title: 'Answers',
        index: 0,
        sheetType: 'GRID',
        gridProperties: { rowCount: 1000, columnCount: 30, frozenRowCount: 1 },
      },
      expect.objectContaining({ title: 'Registrations', index: 1 }),
    ]);
    const cells = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Answers!A1:B2' });
    expect(cells.data.values).toEqual([['Response ID']]);
    // '*' applies every property given.
    await sheets().spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          { updateSheetProperties: { properties: { sheetId, title: 'Responses', index: 2 }, fields: '*' } },
        ],
      },
    });
    const after = await sheets().spreadsheets.get({
      spreadsheetId,
      fields: 'sheets.properties(title,index)',
    });
    expect(after.data.sheets?.map((sheet) => sheet.properties)).toEqual([
      { title: 'Registrations', index: 0 },
      { title: 'Responses', index: 1 },
    ]);
  });

  it('data validation: seeded through the control API, set with setDataValidation, read with grid data', async () => {
    const api = apiClient(emulator.url);
    const { spreadsheetId: id } = await api.createSpreadsheet({
      title: 'Choices',
      ownerEmail: 'owner@example.com',
      sharing: { link: 'none', people: [{ email: serviceAccountEmail, role: 'edit' }] },
      sheets: [
        {
          title: 'Registrations',
          rows: [
            ['Name', 'Email', 'Session', 'Guests', 'Newsletter', 'Dietary needs'],
            ['Ann', 'ann@example.com', 'Evening', 1, false, 'None'],
          ],
          dataValidation: [
            {
              range: 'C2:C',
              rule: {
                condition: {
                  type: 'ONE_OF_LIST',
                  values: [{ userEnteredValue: 'Morning' }, { userEnteredValue: 'Evening' }],
                },
                showCustomUi: true,
              },
            },
          ],
        },
        { title: 'Lists', rows: [['Diet'], ['None'], ['Vegan']] },
      ],
    });
    const column = (index: number) => ({
      sheetId: 0,
      startRowIndex: 1,
      startColumnIndex: index,
      endColumnIndex: index + 1,
    });
    const set = await sheets().spreadsheets.batchUpdate({
      spreadsheetId: id,
      requestBody: {
        requests: [
          {
            setDataValidation: {
              range: column(1),
              rule: { condition: { type: 'TEXT_IS_EMAIL' }, strict: true },
            },
          },
          {
            setDataValidation: {
              range: column(3),
              rule: {
                condition: {
                  type: 'NUMBER_BETWEEN',
                  values: [{ userEnteredValue: '1' }, { userEnteredValue: '5' }],
                },
              },
            },
          },
          { setDataValidation: { range: column(4), rule: { condition: { type: 'BOOLEAN' } } } },
          {
            setDataValidation: {
              range: column(5),
              rule: { condition: { type: 'ONE_OF_RANGE', values: [{ userEnteredValue: 'Lists!A2:A' }] } },
            },
          },
        ],
      },
    });
    expect(set.data.replies).toEqual([{}, {}, {}, {}]);
    // The product's answers: a number as a number, a checkbox as a boolean, RAW. The inserted row takes the
    // rules of the row above it, as in Google.
    await sheets().spreadsheets.values.append({
      spreadsheetId: id,
      range: "'Registrations'!A1",
      valueInputOption: 'RAW',
      insertDataOption: 'INSERT_ROWS',
      requestBody: {
        range: "'Registrations'!A1",
        values: [['Ada', 'ada@example.com', 'Morning', 3, true, 'Vegan']],
      },
    });

    const { data } = await sheets().spreadsheets.get({
      spreadsheetId: id,
      ranges: ["'Registrations'!A1:Z101"],
      includeGridData: true,
      fields:
        'sheets(properties(title,sheetId),data(startRow,startColumn,rowData(values(dataValidation,formattedValue))))',
    });
    expect(data.sheets).toHaveLength(1);
    const rows = data.sheets?.[0]?.data?.[0]?.rowData ?? [];
    expect(rows).toHaveLength(101);
    expect(rows[1]?.values?.map((cell) => cell.formattedValue)).toEqual([
      'Ann',
      'ann@example.com',
      'Evening',
      '1',
      'FALSE',
      'None',
    ]);
    expect(rows[2]?.values).toEqual([
      { formattedValue: 'Ada' },
      {
        formattedValue: 'ada@example.com',
        dataValidation: { condition: { type: 'TEXT_IS_EMAIL' }, strict: true },
      },
      {
        formattedValue: 'Morning',
        dataValidation: {
          condition: {
            type: 'ONE_OF_LIST',
            values: [{ userEnteredValue: 'Morning' }, { userEnteredValue: 'Evening' }],
          },
          showCustomUi: true,
        },
      },
      {
        formattedValue: '3',
        dataValidation: {
          condition: {
            type: 'NUMBER_BETWEEN',
            values: [{ userEnteredValue: '1' }, { userEnteredValue: '5' }],
          },
        },
      },
      { formattedValue: 'TRUE', dataValidation: { condition: { type: 'BOOLEAN' } } },
      {
        formattedValue: 'Vegan',
        dataValidation: {
          condition: { type: 'ONE_OF_RANGE', values: [{ userEnteredValue: '=Lists!A2:A' }] },
        },
      },
    ]);
    expect(rows[100]?.values?.[0]).toEqual({});
    expect(rows[100]?.values?.[4]).toEqual({ dataValidation: { condition: { type: 'BOOLEAN' } } });

    // The server's own mask (sheets-client.ts) with the locale it reads dates by.
    const preview = await sheets().spreadsheets.get({
      spreadsheetId: id,
      ranges: ["'Registrations'!A1:F3"],
      includeGridData: true,
      fields: 'properties.locale,sheets.data.rowData.values(formattedValue,dataValidation)',
    });
    expect(preview.data.properties).toEqual({ locale: 'en_US' });
    expect(preview.data.sheets?.[0]?.data?.[0]?.rowData?.map((row) => row.values?.length)).toEqual([6, 6, 6]);
    const unformatted = await sheets().spreadsheets.values.get({
      spreadsheetId: id,
      range: "'Registrations'!A3:F3",
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(unformatted.data.values).toEqual([['Ada', 'ada@example.com', 'Morning', 3, true, 'Vegan']]);

    const refused = await googleError(
      sheets().spreadsheets.batchUpdate({
        spreadsheetId: id,
        requestBody: {
          requests: [
            {
              setDataValidation: {
                range: column(2),
                rule: { condition: { type: 'NUMBER_BETWEEN', values: [] } },
              },
            },
          ],
        },
      }),
    );
    expect(refused).toMatchObject({
      httpStatus: 400,
      code: 400,
      status: 'INVALID_ARGUMENT',
      message:
        'Invalid requests[0].setDataValidation: The condition type NUMBER_BETWEEN requires exactly 2 values, but 0 were given.',
    });
  });

  it('values.batchUpdate, values.batchClear and spreadsheets.create', async () => {
    const written = await sheets().spreadsheets.values.batchUpdate({
      spreadsheetId,
      requestBody: {
        valueInputOption: 'RAW',
        data: [
          { range: 'Registrations!H1', values: [['Notes']] },
          { range: 'Registrations!H2:I2', values: [['a', 'b']] },
        ],
      },
    });
    expect(written.data).toMatchObject({ totalUpdatedCells: 3, totalUpdatedRows: 2, totalUpdatedSheets: 1 });
    const cleared = await sheets().spreadsheets.values.batchClear({
      spreadsheetId,
      requestBody: { ranges: ['Registrations!H1:I2'] },
    });
    expect(cleared.data.clearedRanges).toEqual(['Registrations!H1:I2']);
    const read = await sheets().spreadsheets.values.get({ spreadsheetId, range: 'Registrations!H1:I2' });
    expect(read.data.values).toBeUndefined();

    const made = await sheets().spreadsheets.create({
      requestBody: { properties: { title: 'Made by the API' }, sheets: [{ properties: { title: 'Data' } }] },
    });
    expect(made.data.properties?.title).toBe('Made by the API');
    expect(made.data.sheets?.[0]?.properties).toMatchObject({ sheetId: 0, title: 'Data' });
    const owners = await drive().files.get({
      fileId: made.data.spreadsheetId ?? '',
      fields: 'owners(emailAddress)',
    });
    expect(owners.data.owners).toEqual([{ emailAddress: serviceAccountEmail }]);
  });

  it('Drive files.get with fields: owners, capabilities, modifiedTime, webViewLink', async () => {
    const plain = await drive().files.get({ fileId: spreadsheetId });
    expect(plain.data).toEqual({
      kind: 'drive#file',
      id: spreadsheetId,
      name: 'Contract',
      mimeType: 'application/vnd.google-apps.spreadsheet',
    });
    const { data } = await drive().files.get({
      fileId: spreadsheetId,
      fields: 'id,owners(emailAddress,me),capabilities(canEdit,canShare),modifiedTime,webViewLink',
      supportsAllDrives: true,
    });
    expect(data).toEqual({
      id: spreadsheetId,
      owners: [{ emailAddress: 'owner@example.com', me: false }],
      capabilities: { canEdit: true, canShare: true },
      modifiedTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      webViewLink: `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit?usp=drivesdk`,
    });
  });

  it('Drive permissions.list with fields, pages and Google’s errors', async () => {
    const { data } = await drive().permissions.list({
      fileId: spreadsheetId,
      fields: 'permissions(id,type,emailAddress,role,displayName)',
      supportsAllDrives: true,
    });
    expect(data.permissions).toEqual([
      expect.objectContaining({ type: 'user', emailAddress: 'owner@example.com', role: 'owner' }),
      expect.objectContaining({ type: 'user', emailAddress: 'viewer@example.com', role: 'reader' }),
      expect.objectContaining({ type: 'user', emailAddress: serviceAccountEmail, role: 'writer' }),
    ]);
    // Without fields, Drive answers only kind, id, type and role.
    const plain = await drive().permissions.list({ fileId: spreadsheetId, pageSize: 2 });
    expect(plain.data.kind).toBe('drive#permissionList');
    expect(plain.data.permissions).toHaveLength(2);
    expect(Object.keys(plain.data.permissions?.[0] ?? {}).sort()).toEqual(['id', 'kind', 'role', 'type']);
    const next = await drive().permissions.list({
      fileId: spreadsheetId,
      pageSize: 2,
      pageToken: plain.data.nextPageToken ?? '',
    });
    expect(next.data.permissions).toHaveLength(1);
    expect(next.data.nextPageToken).toBeUndefined();

    // The seeded private spreadsheet is another owner's and not shared with the service account.
    const hidden = await googleError(drive().permissions.list({ fileId: privateBudgetId }));
    expect(hidden).toMatchObject({ httpStatus: 404, message: `File not found: ${privateBudgetId}.` });
    const ownerAuth = new auth.OAuth2();
    ownerAuth.setCredentials({ access_token: await emulatorToken(PRIVATE_OWNER_EMAIL) });
    const ownerDrive = driveClient({ version: 'v3', auth: ownerAuth, rootUrl: emulator.rootUrl });
    const owner = await ownerDrive.permissions.list({
      fileId: privateBudgetId,
      fields: 'permissions(emailAddress,role)',
    });
    expect(owner.data.permissions).toContainEqual({ emailAddress: PRIVATE_OWNER_EMAIL, role: 'owner' });
  });

  it('Drive files.export and Docs documents.get', async () => {
    const csv = await drive().files.export(
      { fileId: spreadsheetId, mimeType: 'text/csv' },
      { responseType: 'text' },
    );
    expect(String(csv.data).split('\r\n')[0]).toBe(HEADER.join(','));
    const html = await drive().files.export(
      { fileId: documentId, mimeType: 'text/html' },
      { responseType: 'text' },
    );
    expect(String(html.data)).toContain('Hello {{Full Name}}');

    const userAuth = new auth.OAuth2();
    userAuth.setCredentials({ access_token: userToken });
    const docs = docsClient({ version: 'v1', auth: userAuth, rootUrl: emulator.rootUrl });
    const { data } = await docs.documents.get({ documentId });
    expect(data.title).toBe('Template');
    expect(data.body?.content?.[1]?.paragraph?.elements?.[0]?.textRun?.content).toBe('Hello {{Full Name}}\n');
  });

  it('the web app’s template import: spreadsheets.get and values.get with the owner’s token', async () => {
    const userAuth = new auth.OAuth2();
    userAuth.setCredentials({ access_token: userToken });
    const client = sheetsClient({ version: 'v4', auth: userAuth, rootUrl: emulator.rootUrl });
    const meta = await client.spreadsheets.get({
      spreadsheetId,
      fields: 'sheets.properties(title,index,gridProperties(rowCount,columnCount))',
    });
    const first = meta.data.sheets?.find((sheet) => sheet.properties?.index === 0)?.properties;
    expect(first).toMatchObject({ title: 'Registrations', gridProperties: { columnCount: 26 } });
    // Google refuses a read past the grid: the import asks for at most 50 columns, within the grid.
    const pastTheGrid = await googleError(
      client.spreadsheets.values.get({ spreadsheetId, range: "'Registrations'!A1:AX500" }),
    );
    expect(pastTheGrid).toMatchObject({
      httpStatus: 400,
      message: "Range ('Registrations'!A1:AX500) exceeds grid limits. Max rows: 1001, max columns: 26",
    });
    const values = await client.spreadsheets.values.get({
      spreadsheetId,
      range: "'Registrations'!A1:Z500",
      majorDimension: 'ROWS',
    });
    expect(values.data.values?.[0]).toEqual(HEADER);
  });

  it('reads a link-shared spreadsheet with an API key, as the server does without a service account', async () => {
    const list = (await (await apiClient(emulator.url).call('GET', '/__emulator/spreadsheets')).json()) as {
      spreadsheets: Array<{ spreadsheetId: string; title: string }>;
    };
    const registration = list.spreadsheets.find((entry) => entry.title === 'Event Registration');
    const client = sheetsClient({ version: 'v4', auth: 'local-emulator-api-key', rootUrl: emulator.rootUrl });
    const { data } = await client.spreadsheets.values.get({
      spreadsheetId: registration?.spreadsheetId ?? '',
      range: 'Registrations!1:1',
    });
    expect(data.values?.[0]?.[0]).toBe('Full Name');
  });

  it('answers Google’s errors: 404, 403, unable to parse range, and 501 for a method it lacks', async () => {
    expect(
      await googleError(sheets().spreadsheets.get({ spreadsheetId: 'missing-spreadsheet' })),
    ).toMatchObject({
      httpStatus: 404,
      status: 'NOT_FOUND',
      message: 'Requested entity was not found.',
    });
    expect(await googleError(sheets().spreadsheets.get({ spreadsheetId: privateBudgetId }))).toMatchObject({
      httpStatus: 403,
      status: 'PERMISSION_DENIED',
      message: 'The caller does not have permission',
    });
    expect(
      await googleError(sheets().spreadsheets.values.get({ spreadsheetId, range: "'No such sheet'!A1" })),
    ).toMatchObject({
      httpStatus: 400,
      status: 'INVALID_ARGUMENT',
      message: "Unable to parse range: 'No such sheet'!A1",
    });
    expect(await googleError(drive().files.get({ fileId: privateBudgetId }))).toMatchObject({
      httpStatus: 404,
      message: `File not found: ${privateBudgetId}.`,
    });
    const listing = await googleError(drive().files.list({}, { retry: false }));
    expect(listing).toMatchObject({ httpStatus: 501, status: 'UNIMPLEMENTED' });
    expect(listing.message).not.toContain('not found');
  });

  /** An access token for an account, minted by the emulator (as after the account chooser). */
  async function emulatorToken(email: string): Promise<string> {
    const grant = await emulator.identity.issueAccessToken({
      email,
      name: 'Someone',
      clientId: 'test',
      scopes: [DRIVE_READONLY],
    });
    return grant.accessToken;
  }
});
