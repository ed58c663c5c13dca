import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type StandaloneEmulator, startStandaloneEmulator } from '@sheetforms/google-emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { a1Range, columnLetter, firstRowOfRange } from './a1-notation.js';
import { createDriveClient } from './drive-client.js';
import type { GoogleErrorCode } from './google-api-error.js';
import { createServiceAccountTokens, type ServiceAccountSource } from './service-account.js';
import { createSheetsClient, type SheetsClient } from './sheets-client.js';

/**
 * The Sheets client's contract, run over real HTTP against the emulator always, and against Google
 * when credentials are given. The shared part uses only what works on both (it creates its own tab);
 * faults, quotas and private sheets are driven through the emulator's control API.
 */

const LOCAL_API_KEY = 'local-emulator-api-key';
const NO_SUCH_SPREADSHEET = '1NoSuchSpreadsheetExistsHere000000000000000';

interface Target {
  sheets: SheetsClient;
  spreadsheetId: string;
  /** How many token exchanges the client made so far. */
  tokenRequests: () => number;
}

/** A fetch that counts token exchanges (any POST to a …/token URL). */
function countingFetch() {
  let tokenRequests = 0;
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
    if (String(input).replace(/\?.*$/, '').endsWith('/token')) tokenRequests++;
    return fetch(input, init);
  }) as typeof fetch;
  return { fetchFn, tokenRequests: () => tokenRequests };
}

async function expectCode(promise: Promise<unknown>, code: GoogleErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: 'GoogleApiError', code });
}

function defineSharedContract(setup: () => Target) {
  const tab = `Bob's Sheet ${Date.now()}`;

  it('adds a sheet whose name needs quoting, and lists it in the metadata', async () => {
    const { sheets, spreadsheetId } = setup();
    const added = await sheets.addSheet(spreadsheetId, tab);
    expect(added.title).toBe(tab);
    const spreadsheet = await sheets.getSpreadsheet(spreadsheetId);
    expect(spreadsheet.spreadsheetId).toBe(spreadsheetId);
    expect(spreadsheet.title).not.toBe('');
    expect(spreadsheet.sheets).toContainEqual({
      sheetId: added.sheetId,
      title: tab,
      index: added.index,
      rowCount: expect.any(Number),
      columnCount: expect.any(Number),
    });
  });

  it('refuses a second sheet with the same title', async () => {
    const { sheets, spreadsheetId } = setup();
    await expectCode(sheets.addSheet(spreadsheetId, tab), 'INVALID_REQUEST');
  });

  it('writes and reads values in a quoted sheet, single and batched', async () => {
    const { sheets, spreadsheetId } = setup();
    const written = await sheets.updateValues(spreadsheetId, a1Range(tab, 'A1:C3'), [
      ['Name', 'Email', 'Age'],
      ['Ann', 'ann@example.org', '31'],
      ['Bob', '', '40'],
    ]);
    expect(written.updatedRows).toBe(3);
    const one = await sheets.getValues(spreadsheetId, a1Range(tab, 'A1:C3'));
    expect(one.values).toEqual([
      ['Name', 'Email', 'Age'],
      ['Ann', 'ann@example.org', '31'],
      ['Bob', '', '40'],
    ]);
    const [header, rows] = await sheets.batchGetValues(spreadsheetId, [
      a1Range(tab, '1:1'),
      a1Range(tab, '2:6'),
    ]);
    expect(header?.values).toEqual([['Name', 'Email', 'Age']]);
    expect(rows?.values).toHaveLength(2);
    // An empty range comes back without values; the client answers [].
    const empty = await sheets.getValues(spreadsheetId, a1Range(tab, 'A50:C60'));
    expect(empty.values).toEqual([]);
  });

  it('appends RAW below the table: =1+1 stays text, and the reply names the new row', async () => {
    const { sheets, spreadsheetId } = setup();
    const appended = await sheets.appendValues(spreadsheetId, tab, [['Cy', '=1+1', '0012']]);
    expect(firstRowOfRange(appended.updatedRange)).toBe(4);
    expect(appended.updatedRows).toBe(1);
    const row = await sheets.getValues(spreadsheetId, a1Range(tab, 'A4:C4'));
    expect(row.values).toEqual([['Cy', '=1+1', '0012']]);
  });

  it('refuses cells past the grid, and writes them once appendDimension has grown it', async () => {
    const { sheets, spreadsheetId } = setup();
    const before = (await sheets.getSpreadsheet(spreadsheetId)).sheets.find((s) => s.title === tab);
    if (!before) throw new Error('the tab is missing');
    const past = `${columnLetter(before.columnCount + 1)}1:${columnLetter(before.columnCount + 2)}1`;
    // Google answers 400 "exceeds grid limits": a write's 400 is a refusal of the write itself.
    await expectCode(sheets.updateValues(spreadsheetId, a1Range(tab, past), [['x', 'y']]), 'INVALID_REQUEST');
    await sheets.appendDimension(spreadsheetId, before.sheetId, 'COLUMNS', 2);
    const after = (await sheets.getSpreadsheet(spreadsheetId)).sheets.find((s) => s.title === tab);
    expect(after?.columnCount).toBe(before.columnCount + 2);
    await sheets.updateValues(spreadsheetId, a1Range(tab, past), [['x', 'y']]);
    expect((await sheets.getValues(spreadsheetId, a1Range(tab, past))).values).toEqual([['x', 'y']]);
  });

  it('maps a missing sheet to SHEET_NOT_FOUND on reads (INVALID_REQUEST on writes) and a missing spreadsheet to NOT_FOUND', async () => {
    const { sheets, spreadsheetId } = setup();
    await expectCode(sheets.getValues(spreadsheetId, a1Range('No Such Tab', 'A1:B2')), 'SHEET_NOT_FOUND');
    await expectCode(
      sheets.batchGetValues(spreadsheetId, [a1Range('No Such Tab', '1:1'), a1Range('No Such Tab', 'A2:B6')]),
      'SHEET_NOT_FOUND',
    );
    // Writes go to a tab just found by its sheetId, so their 400s are final (protected ranges, limits).
    await expectCode(sheets.appendValues(spreadsheetId, 'No Such Tab', [['x']]), 'INVALID_REQUEST');
    await expectCode(sheets.getSpreadsheet(NO_SUCH_SPREADSHEET), 'NOT_FOUND');
  });

  it('refuses an id that cannot be a spreadsheet id without sending anything', async () => {
    const { sheets } = setup();
    await expectCode(sheets.getSpreadsheet('../../drive/v3/files'), 'INVALID_URL');
  });

  it('exchanged one service-account token for all of the calls above', () => {
    expect(setup().tokenRequests()).toBe(1);
  });
}

describe('Sheets client contract [emulator]', () => {
  let emulator: StandaloneEmulator;
  let dataDir: string;
  let serviceAccount: ServiceAccountSource;
  let target: Target;

  async function control(method: string, controlPath: string, body?: unknown) {
    const res = await fetch(`${emulator.url}/__emulator${controlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`emulator ${method} ${controlPath}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  async function createSpreadsheet(spec: Record<string, unknown>): Promise<string> {
    return (await control('POST', '/spreadsheets', spec)).spreadsheetId;
  }

  function client(options: { apiKey?: string; withServiceAccount?: boolean; timeoutMs?: number } = {}) {
    const counter = countingFetch();
    const tokens =
      options.withServiceAccount === false
        ? undefined
        : createServiceAccountTokens({ source: serviceAccount, timeoutMs: 5000, fetch: counter.fetchFn });
    const sheets = createSheetsClient({
      sheetsApiUrl: emulator.url,
      credentials: { apiKey: options.apiKey, serviceAccount: tokens },
      timeoutMs: options.timeoutMs ?? 5000,
      fetch: counter.fetchFn,
    });
    return { sheets, tokens, tokenRequests: counter.tokenRequests };
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-contract-'));
    emulator = await startStandaloneEmulator({ port: 0, dataDir });
    serviceAccount = { file: path.join(dataDir, 'google-emulator', 'service-account.json') };
    const spreadsheetId = await createSpreadsheet({
      title: 'Contract Test',
      sharing: { link: 'edit', people: [] },
    });
    const { sheets, tokenRequests } = client();
    target = { sheets, spreadsheetId, tokenRequests };
  });

  afterAll(async () => {
    await emulator?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('shared contract', () => {
    defineSharedContract(() => target);
  });

  describe('emulator-driven failures', () => {
    beforeEach(async () => {
      await control('DELETE', '/faults');
      await control('PUT', '/quota', { enabled: false });
    });
    afterAll(async () => {
      await control('DELETE', '/faults');
      await control('PUT', '/quota', { enabled: false });
    });

    it('answers PERMISSION_DENIED for a private spreadsheet, with the service account and with the API key', async () => {
      const privateId = await createSpreadsheet({ title: 'Private', sharing: { link: 'none', people: [] } });
      await expectCode(client().sheets.getSpreadsheet(privateId), 'PERMISSION_DENIED');
      const keyOnly = client({ apiKey: LOCAL_API_KEY, withServiceAccount: false }).sheets;
      await expectCode(keyOnly.getSpreadsheet(privateId), 'PERMISSION_DENIED');
    });

    it('reads a link-shared spreadsheet with only the API key, and refuses to write without a service account', async () => {
      const keyOnly = client({ apiKey: LOCAL_API_KEY, withServiceAccount: false }).sheets;
      const spreadsheet = await keyOnly.getSpreadsheet(target.spreadsheetId);
      expect(spreadsheet.title).toBe('Contract Test');
      await expectCode(keyOnly.appendValues(target.spreadsheetId, 'Sheet1', [['x']]), 'UNAVAILABLE');
    });

    it('treats a rejected API key as our problem (UNAVAILABLE), not the sheet’s', async () => {
      const badKey = client({ apiKey: 'not-a-key', withServiceAccount: false }).sheets;
      await expectCode(badKey.getSpreadsheet(target.spreadsheetId), 'UNAVAILABLE');
    });

    it('maps a 429 from the quota to RATE_LIMITED', async () => {
      await control('PUT', '/quota', { enabled: true, readsPerMinutePerUser: 1 });
      const { sheets } = client();
      await sheets.getSpreadsheet(target.spreadsheetId);
      await expectCode(sheets.getSpreadsheet(target.spreadsheetId), 'RATE_LIMITED');
    });

    it('maps 5xx faults to UNAVAILABLE', async () => {
      const { sheets } = client();
      await sheets.getSpreadsheet(target.spreadsheetId); // token first, so the fault hits the Sheets call
      for (const errorStatus of [500, 503]) {
        await control('PUT', '/faults', { errorRate: 1, errorStatus, target: 'all' });
        await expectCode(sheets.getSpreadsheet(target.spreadsheetId), 'UNAVAILABLE');
      }
    });

    it('gives up after the timeout and answers UNAVAILABLE', async () => {
      const { sheets } = client({ timeoutMs: 300 });
      await sheets.getSpreadsheet(target.spreadsheetId);
      await control('PUT', '/faults', { latencyMs: 2000, target: 'reads' });
      const started = Date.now();
      await expectCode(sheets.getSpreadsheet(target.spreadsheetId), 'UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('answers UNAVAILABLE when Google cannot be reached at all', async () => {
      const unreachable = createSheetsClient({
        sheetsApiUrl: 'http://127.0.0.1:9',
        credentials: { apiKey: LOCAL_API_KEY },
        timeoutMs: 2000,
      });
      await expectCode(unreachable.getSpreadsheet(target.spreadsheetId), 'UNAVAILABLE');
    });

    it('exports a document through Drive', async () => {
      const { documentId } = await control('POST', '/documents', {
        title: 'Contract Doc',
        html: '<p>Hello {{Full Name}}</p>',
      });
      const tokens = createServiceAccountTokens({ source: serviceAccount, timeoutMs: 5000 });
      const drive = createDriveClient({ driveApiUrl: emulator.url, serviceAccount: tokens, timeoutMs: 5000 });
      const exported = await drive.export(documentId, 'text/html');
      expect(exported.contentType).toContain('text/html');
      expect(new TextDecoder().decode(exported.data)).toContain('{{Full Name}}');
      await expectCode(drive.export('1NoSuchDocument0000000000000000', 'text/html'), 'NOT_FOUND');
    });
  });
});

// Real Google runs only with credentials: a spreadsheet shared with the service account as Editor.
// The shared contract adds one tab per run ("Bob's Sheet {timestamp}") to that spreadsheet.
const realSpreadsheetId = process.env.GOOGLE_CONTRACT_SPREADSHEET_ID;
const realKeyFile = process.env.GOOGLE_CONTRACT_SERVICE_ACCOUNT_FILE;
const realKeyJson = process.env.GOOGLE_CONTRACT_SERVICE_ACCOUNT_JSON;
const hasRealGoogle = Boolean(realSpreadsheetId && (realKeyFile || realKeyJson));

describe.skipIf(!hasRealGoogle)(
  'Sheets client contract [real Google] (skipped unless GOOGLE_CONTRACT_SPREADSHEET_ID and GOOGLE_CONTRACT_SERVICE_ACCOUNT_FILE or _JSON are set)',
  () => {
    let target: Target;
    beforeAll(() => {
      const counter = countingFetch();
      const source: ServiceAccountSource = realKeyJson ? { json: realKeyJson } : { file: realKeyFile ?? '' };
      const sheets = createSheetsClient({
        sheetsApiUrl: 'https://sheets.googleapis.com',
        credentials: {
          serviceAccount: createServiceAccountTokens({ source, timeoutMs: 15_000, fetch: counter.fetchFn }),
        },
        timeoutMs: 15_000,
        fetch: counter.fetchFn,
      });
      target = { sheets, spreadsheetId: realSpreadsheetId ?? '', tokenRequests: counter.tokenRequests };
    });
    defineSharedContract(() => target);
  },
);
