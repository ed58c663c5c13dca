import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import type { Account } from './sign-in.js';

/** Signs an owner in through the API (emulator ID token → /auth/google) and answers the access token. */
export async function ownerToken(account: Account): Promise<string> {
  const mint = await fetch(`${BASE_URL}/__google/__emulator/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, name: account.name }),
  });
  if (!mint.ok) throw new Error(`emulator did not mint a token: ${mint.status}`);
  const { idToken } = (await mint.json()) as { idToken: string };
  const res = await fetch(`${BASE_URL}/api/v1/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export interface PublicFormSetup {
  name?: string;
  description?: string;
  settings?: Record<string, unknown>;
  jdata?: {
    label: string;
    type: string;
    required: boolean;
    placeHolder?: string;
    /** A stable id, for conditions and prefilled links to name the field by. */
    id?: string;
    options?: string[];
    visibleWhen?: { match: 'all' | 'any'; rules: { fieldId: string; op: string; value?: string }[] };
  }[];
  googleSheetsUrl?: string;
  sheetName?: string;
  status?: string;
}

export const DEFAULT_FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
  { label: 'Guests', type: 'number', required: false, placeHolder: 'How many people?' },
  { label: 'Arrival', type: 'date', required: false, placeHolder: '' },
  { label: 'Notes', type: 'textarea', required: false, placeHolder: 'Anything we should know?' },
];

/** Creates a form through the owner API and answers its formId. */
export async function createPublicForm(token: string, setup: PublicFormSetup = {}): Promise<string> {
  const form = await call<{ formId: string }>(token, 'POST', '/forms', {
    googleSheetsUrl: setup.googleSheetsUrl ?? '',
    sheetName: setup.sheetName ?? '',
    name: setup.name ?? 'Spring Meetup Registration',
    description: setup.description ?? 'Save your seat for the spring meetup. It takes a minute.',
    settings: { loginRequired: 0, ...setup.settings },
    jdata: setup.jdata ?? DEFAULT_FIELDS,
    ...(setup.status ? { status: setup.status } : {}),
  });
  return form.formId;
}

/** Adds an authorized user to a login-protected form; the generated password is answered only here. */
export async function addFormUser(token: string, formId: string, email: string, name: string) {
  return call<{ formUser: { id: string }; password: string }>(token, 'POST', '/forms/add-user', {
    formId,
    email,
    name,
  });
}

export interface StoredResponse {
  id: string;
  response: Record<string, string>;
}

/** The responses the owner sees for a form. */
export async function storedResponses(token: string, formId: string): Promise<StoredResponse[]> {
  const detail = await call<{ formResponse: StoredResponse[] }>(token, 'GET', `/forms/${formId}`);
  return detail.formResponse;
}

type Scope = Page | FrameLocator;

/** A form field by its label (the required star is aria-hidden, so it is not part of the name). */
export function field(scope: Scope, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
}

/** Draws a signature-like zigzag on the pad with the mouse. */
export async function drawSignature(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature canvas is not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), y + (i % 2 === 0 ? -20 : 20), { steps: 4 });
  }
  await page.mouse.up();
}

export async function expectToast(scope: Page, text: string | RegExp) {
  await expect(scope.getByRole('region', { name: 'Notifications' }).getByText(text)).toBeVisible();
}

/** The owner's prefilled link (POST /forms/{formId}/prefill-links), as a path on the test server. */
export async function prefillLink(
  token: string,
  formId: string,
  body: { values: Record<string, string | string[]>; locked?: string[]; expiresInDays?: number },
): Promise<string> {
  const { url } = await call<{ url: string }>(token, 'POST', `/forms/${formId}/prefill-links`, body);
  const address = new URL(url);
  return `${address.pathname}${address.search}`;
}
