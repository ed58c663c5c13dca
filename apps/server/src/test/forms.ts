import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { TestApp } from './test-app.js';

export const SPREADSHEET_ID = '1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF';
export const SHEET_URL = `https://docs.google.com/spreadsheets/d/${SPREADSHEET_ID}/edit#gid=0`;

/** A valid POST /forms body as the generator sends it. */
export function formBody(overrides: Record<string, unknown> = {}) {
  return {
    googleSheetsUrl: SHEET_URL,
    sheetName: 'Sheet1',
    name: 'Customer Survey',
    description: 'Tell us how we did',
    settings: { loginRequired: 0 },
    jdata: [
      { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
      { label: 'Email', type: 'email', required: false, placeHolder: 'Enter your email' },
    ],
    dueDate: '2025-01-01',
    ...overrides,
  };
}

/** Creates a form through the API and answers its reply data; throws unless 201. */
export async function createForm(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/v1/forms', { token, body: formBody(overrides) });
  if (res.status !== 201) throw new Error(`create form failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; formId: string; name: string };
}

/** Stores a response row directly, as the public form will. */
export async function insertResponse(
  database: DatabaseHandle,
  formRowId: string,
  createdAt: string,
  answers: Record<string, string> = { 'Full Name': 'Ada' },
): Promise<string> {
  const id = randomUUID();
  await database.db
    .insertInto('responses')
    .values({
      id,
      form_id: formRowId,
      answers_json: JSON.stringify(answers),
      signature_url: null,
      respondent_id: null,
      respondent_email: null,
      consent: null,
      idempotency_key: null,
      created_at: createdAt,
      last_error: null,
      synced_at: null,
      claimed_until: null,
    })
    .execute();
  return id;
}

/** A clock that follows real time but never answers the same millisecond twice (stable "newest first"). */
export function strictlyIncreasingClock(start?: number): () => Date {
  let last = start === undefined ? 0 : start - 1;
  return () => {
    last = Math.max(start === undefined ? Date.now() : last + 1, last + 1);
    return new Date(last);
  };
}
