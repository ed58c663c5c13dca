import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const SERVICE_ACCOUNT_EMAIL = 'sheetforms-local@sheetforms-local.iam.gserviceaccount.com';
const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;
const NO_SUCH_URL = sheetUrl('1NoSuchSpreadsheetExistsHere000000000000000');

describeEachDialect('Spreadsheets API', (dialect) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};

  const metadata = (url: string) =>
    t.request('GET', `/api/v1/sheets/metadata?url=${encodeURIComponent(url)}`, { token });
  const preview = (url: string, sheet: string) =>
    t.request(
      'GET',
      `/api/v1/sheets/preview?url=${encodeURIComponent(url)}&sheet=${encodeURIComponent(sheet)}`,
      {
        token,
      },
    );
  const check = (googleSheetsUrl: string, sheetName: string, app = t, bearer = token) =>
    app.request('POST', '/api/v1/forms/check-sheet-access', {
      token: bearer,
      body: { googleSheetsUrl, sheetName },
    });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = (await t.signIn('owner@example.com')).accessToken;
    await t.emulatorControl('POST', '/seed');
    const { spreadsheets } = await t.emulatorControl('GET', '/spreadsheets');
    for (const s of spreadsheets as { spreadsheetId: string; title: string }[])
      ids[s.title] = s.spreadsheetId;
    ids.quoted = (
      await t.emulatorControl('POST', '/spreadsheets', {
        title: "Bob's Budget",
        sharing: { link: 'edit', people: [] },
        sheets: [
          { title: 'Sheet1', rows: [] },
          {
            title: "Bob's Sheet",
            rows: [
              ['Name', '', 'City'],
              ['r1', 'a', 'x'],
              ['r2', '', 'y'],
              ['r3', 'c', 'z'],
              ['r4', 'd', ''],
              ['r5', 'e', 'w'],
              ['r6', 'f', 'v'],
              ['r7', 'g', 'u'],
            ],
          },
        ],
      })
    ).spreadsheetId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the seeded spreadsheets it relies on', () => {
    for (const title of ['Event Registration', 'Private Budget', 'Empty Sheet', 'Large Dataset']) {
      expect(ids[title], title).toBeTruthy();
    }
  });

  it('answers 401 without a signed-in user', async () => {
    const url = sheetUrl(ids['Event Registration']!);
    for (const [method, path, body] of [
      ['GET', `/api/v1/sheets/metadata?url=${encodeURIComponent(url)}`, undefined],
      ['GET', `/api/v1/sheets/preview?url=${encodeURIComponent(url)}&sheet=Registrations`, undefined],
      ['POST', '/api/v1/forms/check-sheet-access', { googleSheetsUrl: url, sheetName: 'Registrations' }],
    ] as const) {
      const res = await t.request(method, path, body ? { body } : {});
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  describe('POST /forms/check-sheet-access', () => {
    it('answers Connected for a link-shared spreadsheet and its sheet', async () => {
      const res = await check(sheetUrl(ids['Event Registration']!), 'Registrations');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        accessible: true,
        error: null,
        message: 'Connected to "Event Registration". Responses go to sheet "Registrations".',
        lastChecked: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sheetExists: true,
      });
    });

    it('is still accessible when the sheet is missing, and says it will be created', async () => {
      const res = await check(sheetUrl(ids['Event Registration']!), 'Responses');
      expect(res.body.data).toMatchObject({
        accessible: true,
        error: null,
        sheetExists: false,
        message:
          'Connected to "Event Registration". Sheet "Responses" does not exist yet; it will be created automatically with the first response.',
      });
    });

    it('answers PERMISSION_DENIED for a private spreadsheet, naming whom to share with', async () => {
      const res = await check(sheetUrl(ids['Private Budget']!), 'Sheet1');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        accessible: false,
        error: 'PERMISSION_DENIED',
        message: `Share the spreadsheet with ${SERVICE_ACCOUNT_EMAIL} as Editor or make it "Anyone with the link" can edit`,
      });
    });

    it('answers NOT_FOUND for an unknown spreadsheet and for a bad URL', async () => {
      expect((await check(NO_SUCH_URL, 'Sheet1')).body.data).toMatchObject({
        accessible: false,
        error: 'NOT_FOUND',
        message: 'Spreadsheet not found',
      });
      for (const url of ['', 'https://example.com/spreadsheets/d/', 'not a url']) {
        const res = await check(url, 'Sheet1');
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          accessible: false,
          error: 'NOT_FOUND',
          message: 'Invalid Google Sheets URL',
        });
      }
    });

    it('requires a sheet name', async () => {
      const res = await check(sheetUrl(ids['Event Registration']!), '  ');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Sheet name is required' });
    });

    it('answers CHECK_FAILED when Google cannot be reached', async () => {
      const unreachable = await startTestApp(dialect, { GOOGLE_SHEETS_API_URL: 'http://127.0.0.1:9' });
      try {
        const bearer = (await unreachable.signIn('owner@example.com')).accessToken;
        const res = await check(sheetUrl(ids['Event Registration']!), 'Registrations', unreachable, bearer);
        expect(res.body.data).toMatchObject({
          accessible: false,
          error: 'CHECK_FAILED',
          message: 'Failed to check spreadsheet access',
        });
      } finally {
        await unreachable.close();
      }
    });
  });

  describe('GET /sheets/metadata', () => {
    it("answers the spreadsheet's title and sheets", async () => {
      const res = await metadata(sheetUrl(ids['Event Registration']!));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        spreadsheetId: ids['Event Registration'],
        title: 'Event Registration',
        sheets: [{ id: expect.any(Number), title: 'Registrations', index: 0 }],
      });
      const quoted = await metadata(sheetUrl(ids.quoted!));
      expect(quoted.body.data.sheets.map((s: { title: string }) => s.title)).toEqual([
        'Sheet1',
        "Bob's Sheet",
      ]);
    });

    it('answers 400 INVALID_URL for URLs that are not Google Sheets URLs', async () => {
      for (const url of ['', 'https://example.com/x', 'https://docs.google.com/document/d/abc/edit']) {
        const res = await metadata(url);
        expect(res.status, url).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body).toMatchObject({
          code: 'INVALID_URL',
          detail: 'Please enter a valid Google Sheets URL',
        });
      }
    });

    it('answers 404 NOT_FOUND and 403 PERMISSION_DENIED', async () => {
      const missing = await metadata(NO_SUCH_URL);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Spreadsheet not found' });
      const denied = await metadata(sheetUrl(ids['Private Budget']!));
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('PERMISSION_DENIED');
      expect(denied.body.detail).toContain(SERVICE_ACCOUNT_EMAIL);
    });
  });

  describe('GET /sheets/preview', () => {
    it('answers headers, the first 5 rows and 3 samples per header', async () => {
      const res = await preview(sheetUrl(ids['Event Registration']!), 'Registrations');
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.empty).toBe(false);
      expect(data.headers.map((h: { name: string }) => h.name)).toEqual([
        'Full Name',
        'Email',
        'Phone',
        'Company',
        'Ticket Type',
        'Dietary Requirements',
      ]);
      expect(data.rows).toHaveLength(5);
      expect(data.headers[0].sampleData).toEqual(data.rows.slice(0, 3).map((row: string[]) => row[0]));
    });

    it("reads a quoted sheet name and names an empty header 'Column {n}'", async () => {
      const res = await preview(sheetUrl(ids.quoted!), "Bob's Sheet");
      expect(res.status).toBe(200);
      expect(res.body.data.headers).toEqual([
        { index: 0, name: 'Name', sampleData: ['r1', 'r2', 'r3'], suggestedType: 'text', typeReason: 'data' },
        {
          index: 1,
          name: 'Column 2',
          sampleData: ['a', 'c', 'd'],
          suggestedType: 'text',
          typeReason: 'data',
        },
        { index: 2, name: 'City', sampleData: ['x', 'y', 'z'], suggestedType: 'text', typeReason: 'data' },
      ]);
      expect(res.body.data.rows).toEqual([
        ['r1', 'a', 'x'],
        ['r2', '', 'y'],
        ['r3', 'c', 'z'],
        ['r4', 'd', ''],
        ['r5', 'e', 'w'],
      ]);
    });

    it('reports an empty sheet as empty', async () => {
      const res = await preview(sheetUrl(ids['Empty Sheet']!), 'Sheet1');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ empty: true, headers: [], rows: [] });
    });

    it('reads only 5 rows of the 100,000-row sheet', async () => {
      const res = await preview(sheetUrl(ids['Large Dataset']!), 'Data');
      expect(res.status).toBe(200);
      expect(res.body.data.rows).toHaveLength(5);
      expect(res.body.data.headers.length).toBeGreaterThan(0);
    });

    it('answers 404 SHEET_NOT_FOUND for a missing sheet, 400 for a bad URL or no sheet', async () => {
      const missing = await preview(sheetUrl(ids['Event Registration']!), 'Nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({
        code: 'SHEET_NOT_FOUND',
        detail: 'Sheet "Nope" was not found in this spreadsheet',
      });
      const badUrl = await preview('https://example.com', 'Sheet1');
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.code).toBe('INVALID_URL');
      const noSheet = await t.request(
        'GET',
        `/api/v1/sheets/preview?url=${encodeURIComponent(sheetUrl(ids['Event Registration']!))}`,
        { token },
      );
      expect(noSheet.status).toBe(400);
      expect(noSheet.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('when Google struggles', () => {
    afterAll(async () => {
      await t.emulatorControl('DELETE', '/faults');
      await t.emulatorControl('PUT', '/quota', { enabled: false });
    });

    it("answers 429 RATE_LIMITED when Google's quota is exhausted", async () => {
      await t.emulatorControl('PUT', '/quota', { enabled: true, readsPerMinutePerUser: 1 });
      await metadata(sheetUrl(ids['Event Registration']!));
      const res = await metadata(sheetUrl(ids['Event Registration']!));
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      await t.emulatorControl('PUT', '/quota', { enabled: false });
    });

    it('answers 503 UNAVAILABLE when Google fails', async () => {
      await t.emulatorControl('PUT', '/faults', { errorRate: 1, errorStatus: 500, target: 'reads' });
      const res = await preview(sheetUrl(ids['Event Registration']!), 'Registrations');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'UNAVAILABLE',
        detail: 'Google Sheets is unavailable right now. Please try again.',
      });
      await t.emulatorControl('DELETE', '/faults');
    });

    it('answers CHECK_FAILED once the emulator is stopped', async () => {
      const own = await startTestApp(dialect);
      try {
        const bearer = (await own.signIn('owner@example.com')).accessToken;
        await own.stopEmulator();
        const res = await check(sheetUrl(ids['Event Registration']!), 'Registrations', own, bearer);
        expect(res.body.data).toMatchObject({ accessible: false, error: 'CHECK_FAILED' });
      } finally {
        await own.close();
      }
    });
  });

  describe('rate limit', () => {
    it('limits each signed-in user', async () => {
      const limited = await startTestApp(dialect, { SHEETS_RATE_LIMIT_PER_MINUTE: '2' });
      try {
        const bearer = (await limited.signIn('owner@example.com')).accessToken;
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          statuses.push(
            (await limited.request('GET', '/api/v1/sheets/metadata?url=x', { token: bearer })).status,
          );
        }
        expect(statuses).toEqual([400, 400, 429]);
        const other = (await limited.signIn('other@example.com')).accessToken;
        expect((await limited.request('GET', '/api/v1/sheets/metadata?url=x', { token: other })).status).toBe(
          400,
        );
      } finally {
        await limited.close();
      }
    });
  });
});
