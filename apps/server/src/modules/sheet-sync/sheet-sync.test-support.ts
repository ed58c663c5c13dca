import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type StandaloneEmulator, startStandaloneEmulator } from '@sheetforms/google-emulator';
import type { DatabaseHandle } from '../../db/database.js';
import { createServiceAccountTokens } from '../../google/service-account.js';
import { createSheetsClient, type SheetsClient } from '../../google/sheets-client.js';
import { createTestDatabase, type Dialect } from '../../test/dialects.js';
import type { SheetSyncDatabase } from './sheet-sync.repository.js';

/**
 * Test support for the sheet-sync suites: a migrated database, a standalone emulator with a Sheets client on its service account, and
 * row helpers.
 */
export async function createSyncTestDatabase(
  dialect: Dialect,
): Promise<DatabaseHandle & { dataDir: string }> {
  return createTestDatabase(dialect, { migrated: true });
}

export interface SyncEmulator {
  emulator: StandaloneEmulator;
  sheets: SheetsClient;
  serviceAccountEmail: () => Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: control API replies are read ad hoc by tests
  control(method: string, controlPath: string, body?: unknown): Promise<any>;
  /** Creates a spreadsheet shared with the service account as editor; answers its id. */
  createSpreadsheet(sheets: Array<{ title: string; rows?: unknown[][] }>, shared?: boolean): Promise<string>;
  /** A sheet's cells as text, read through the control API (no quota, no faults). */
  sheetValues(spreadsheetId: string, title: string): Promise<string[][]>;
  /** Sheets batchUpdate as the owner would do it in Google (rename or delete a tab), on the service account. */
  batchUpdate(spreadsheetId: string, requests: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export async function startSyncEmulator(dataDir: string, timeoutMs = 2_000): Promise<SyncEmulator> {
  const emulator = await startStandaloneEmulator({
    port: 0,
    dataDir: path.join(dataDir, 'emulator'),
    seed: false,
  });
  const tokens = createServiceAccountTokens({
    source: { file: emulator.serviceAccountKeyPath },
    timeoutMs: 5_000,
  });
  const sheets = createSheetsClient({
    sheetsApiUrl: emulator.url,
    credentials: { serviceAccount: tokens },
    timeoutMs,
  });
  const control: SyncEmulator['control'] = async (method, controlPath, body) => {
    const res = await fetch(`${emulator.url}/__emulator${controlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`emulator ${method} ${controlPath}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    emulator,
    sheets,
    serviceAccountEmail: () => tokens.clientEmail(),
    control,
    async createSpreadsheet(sheetSpecs, shared = true) {
      const email = await tokens.clientEmail();
      const created = await control('POST', '/spreadsheets', {
        title: `Sync ${randomUUID().slice(0, 8)}`,
        sheets: sheetSpecs,
        sharing: { link: 'none', people: shared ? [{ email, role: 'edit' }] : [] },
      });
      return created.spreadsheetId as string;
    },
    async batchUpdate(spreadsheetId, requests) {
      const res = await fetch(`${emulator.url}/v4/spreadsheets/${spreadsheetId}:batchUpdate`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await tokens.getAccessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ requests }),
      });
      if (!res.ok) throw new Error(`batchUpdate: ${res.status} ${await res.text()}`);
    },
    async sheetValues(spreadsheetId, title) {
      return (await control('GET', `/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(title)}`))
        .values as string[][];
    },
    close: () => emulator.close(),
  };
}

export async function insertUser(database: DatabaseHandle): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values({
      id,
      google_sub: null,
      email: `${id}@example.org`,
      name: 'Owner',
      role: 'User',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export interface TestForm {
  id: string;
  formId: string;
}

export async function insertForm(
  database: DatabaseHandle,
  ownerId: string,
  input: {
    spreadsheetId: string | null;
    sheetName: string;
    fields: Array<{ label: string; isRemoved?: boolean; name?: string; column?: number }>;
    signatureEnabled?: boolean;
    sheetId?: number;
  },
): Promise<TestForm> {
  const id = randomUUID();
  const formId = randomUUID().slice(0, 12);
  const at = new Date().toISOString();
  await database.db
    .insertInto('forms')
    .values({
      id,
      form_id: formId,
      owner_id: ownerId,
      name: 'Form',
      description: '',
      google_sheets_url: input.spreadsheetId
        ? `https://docs.google.com/spreadsheets/d/${input.spreadsheetId}/edit`
        : '',
      spreadsheet_id: input.spreadsheetId,
      sheet_name: input.sheetName,
      sheet_id: input.sheetId ?? null,
      fields_json: JSON.stringify(
        input.fields.map((f) => ({ type: 'text', required: false, placeHolder: '', ...f })),
      ),
      settings_json: JSON.stringify({ loginRequired: 0, signatureEnabled: input.signatureEnabled ? 1 : 0 }),
      status: 'Active',
      due_date: '2030-01-01',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, formId };
}

export async function updateFormFields(
  database: DatabaseHandle,
  formRowId: string,
  fields: Array<{ label: string; isRemoved?: boolean; name?: string }>,
) {
  await database.db
    .updateTable('forms')
    .set({
      fields_json: JSON.stringify(
        fields.map((f) => ({ type: 'text', required: false, placeHolder: '', ...f })),
      ),
    })
    .where('id', '=', formRowId)
    .execute();
}

let clock = Date.parse('2026-03-07T21:05:00.000Z');

/** Stores a pending response; created_at strictly increases across calls. */
export async function insertResponse(
  database: DatabaseHandle,
  formRowId: string,
  answers: Record<string, unknown>,
  options: { signatureUrl?: string; createdAt?: string } = {},
): Promise<string> {
  const id = randomUUID();
  clock += 1;
  await database.db
    .insertInto('responses')
    .values({
      id,
      form_id: formRowId,
      answers_json: JSON.stringify(answers),
      signature_url: options.signatureUrl ?? null,
      respondent_id: null,
      respondent_email: null,
      consent: null,
      idempotency_key: null,
      created_at: options.createdAt ?? new Date(clock).toISOString(),
      last_error: null,
      synced_at: null,
      claimed_until: null,
    })
    .execute();
  return id;
}

export async function responseRows(database: DatabaseHandle, ids?: string[]) {
  let query = (database.db as unknown as import('kysely').Kysely<SheetSyncDatabase>)
    .selectFrom('responses')
    .select([
      'id',
      'sync_state',
      'attempts',
      'last_error',
      'next_attempt_at',
      'dedupe_required',
      'synced_at',
    ]);
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

/** Waits until `check` answers true, polling. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const silentLog = { info() {}, warn() {}, error() {} };

/** Fast pacing and backoff for tests. */
export const FAST = {
  pollMs: 10,
  idleClaimGapMs: 0,
  perSpreadsheetMinIntervalMs: 0,
  writesPerMinute: 100_000,
  readsPerMinute: 100_000,
  backoff: { baseMs: 5, factor: 2, capMs: 50 },
  ambiguousSettleMs: 0,
  // Tests store responses straight into the database (no notify): re-read the forms with work each round.
  rebuildEveryMs: 0,
  log: silentLog,
} as const;
