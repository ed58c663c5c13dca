import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Account } from './sign-in.js';

// Seeding and reading helpers for the responses and document templates journeys.

/** The headers of the emulator's seeded 'Event Registration' sheet, as the form's fields. */
export const REGISTRATION_FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
  { label: 'Phone', type: 'text', required: false, placeHolder: 'Enter your phone' },
  { label: 'Company', type: 'text', required: false, placeHolder: '' },
  { label: 'Ticket Type', type: 'text', required: false, placeHolder: 'VIP, Standard or Student' },
  { label: 'Dietary Requirements', type: 'textarea', required: false, placeHolder: '' },
];

export interface EmulatorDocument {
  documentId: string;
  title: string;
  documentUrl: string;
}

/** A seeded emulator Google Doc, found by its title through the control API. */
export async function seededDocument(request: APIRequestContext, title: string): Promise<EmulatorDocument> {
  const response = await request.get('/__google/__emulator/documents');
  expect(response.ok()).toBe(true);
  const { documents } = (await response.json()) as { documents: EmulatorDocument[] };
  const found = documents.find((document) => document.title === title);
  if (!found) throw new Error(`the emulator has no document titled ${title}`);
  return found;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** Creates a registration form through the owner API, bound to a sheet when a URL is given. */
export async function createRegistrationForm(
  request: APIRequestContext,
  token: string,
  form: { name: string; googleSheetsUrl?: string; sheetName?: string },
): Promise<string> {
  const response = await request.post('/api/v1/forms', {
    headers: bearer(token),
    data: {
      name: form.name,
      description: 'Save your seat for the SheetForms Community Day.',
      googleSheetsUrl: form.googleSheetsUrl ?? '',
      sheetName: form.sheetName ?? '',
      settings: { loginRequired: 0 },
      jdata: REGISTRATION_FIELDS,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { formId: string } }).data.formId;
}

/** A respondent's submission through the public API (what the public form sends); answers its id. */
export async function submitResponse(
  request: APIRequestContext,
  formId: string,
  answers: Record<string, string>,
): Promise<string> {
  const response = await request.post(`/api/v1/forms/${formId}/submit-form`, {
    data: { response: answers, idempotencyKey: randomUUID(), website: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { responseId: string } }).data.responseId;
}

/** Stores a template through the owner API (the editor imports the Doc first; this skips Google). */
export async function addTemplate(
  request: APIRequestContext,
  token: string,
  formId: string,
  template: { name: string; googleDocsUrl: string; content: string },
): Promise<void> {
  const response = await request.post(`/api/v1/forms/${formId}/templates`, {
    headers: bearer(token),
    data: template,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Completes the Google token client's popup on the emulator: the account chooser when it shows (a
 * remembered account, or "Use another account"), then the consent screen's Allow. The popup closes itself.
 */
export async function allowGoogleAccess(popup: Page, account: Account) {
  await popup.waitForLoadState('domcontentloaded');
  const chooser = popup.getByRole('heading', { name: /Choose an account|Sign in/ });
  const consent = popup.getByRole('heading', { name: 'SheetForms wants to access your Google Account' });
  await expect(chooser.or(consent)).toBeVisible();
  if (await chooser.isVisible()) {
    const remembered = popup.getByRole('button', {
      name: new RegExp(account.email.replace(/[.+]/g, '\\$&')),
    });
    if (await remembered.count()) {
      await remembered.first().click();
    } else {
      const another = popup.getByText('Use another account');
      if (await another.isVisible()) await another.click();
      await popup.getByLabel('Full name').fill(account.name);
      await popup.getByLabel('Email').fill(account.email);
      await popup.getByRole('button', { name: 'Next' }).click();
    }
  }
  await expect(consent).toBeVisible();
  await expect(popup.getByText(account.email)).toBeVisible();
  await expect(popup.getByText('See all your Google Docs documents')).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
}

/** The text of a PDF, all pages joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js refuses Node's Buffer (a Uint8Array subclass), so copy into a plain one.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
