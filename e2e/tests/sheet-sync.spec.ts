import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { expectToast, field, ownerToken } from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

// Sheet sync (issue: owners see sync health): a respondent's answers reach the sheet once, and a failed
// write shows in Manage Forms until the owner fixes the sharing and retries.

const ROWS_PER_PAGE = 100;

const FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
  { label: 'Company', type: 'text', required: false, placeHolder: '' },
];

async function createForm(
  request: APIRequestContext,
  token: string,
  form: { name: string; googleSheetsUrl: string; sheetName: string },
): Promise<string> {
  const response = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...form, description: 'Sheet sync journey', settings: { loginRequired: 0 }, jdata: FIELDS },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { formId: string } }).data.formId;
}

async function sheetValues(request: APIRequestContext, spreadsheetId: string, sheet: string) {
  const response = await request.get(
    `/__google/__emulator/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(sheet)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { values: string[][] }).values;
}

/** Fills the required fields, submits, and answers the stored response's id. */
async function submit(page: Page, formId: string, name: string, email: string): Promise<string> {
  await page.goto(`/form/${formId}`);
  await field(page, 'Full Name').fill(name);
  await field(page, 'Email').fill(email);
  const submitted = page.waitForResponse(
    (response) => response.url().endsWith('/submit-form') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit Form' }).click();
  const body = (await (await submitted).json()) as { data: { responseId: string } };
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  return body.data.responseId;
}

/** Rows holding the response, found by its Response ID column. */
function rowsOf(values: string[][], responseId: string): string[][] {
  return values.filter((row) => row.includes(responseId));
}

test('a response reaches the seeded registration sheet exactly once', async ({ page, request }) => {
  const token = await ownerToken(newOwner('sync-ok'));
  const sheet = await seededSpreadsheet(request, 'Event Registration');
  const formId = await createForm(request, token, {
    name: 'Sync registration',
    googleSheetsUrl: sheet.spreadsheetUrl,
    sheetName: 'Registrations',
  });

  const name = `Mary Somerville ${Date.now().toString(36)}`;
  const email = `mary-${Date.now().toString(36)}@example.org`;
  const responseId = await submit(page, formId, name, email);
  // A stored response is submitted: the respondent is not told about the sheet (the owner's concern).
  await expectToast(page, 'Form submitted successfully!');
  await expect(page.getByText(/Google Sheet/)).toHaveCount(0);
  await expect
    .poll(
      async () => rowsOf(await sheetValues(request, sheet.spreadsheetId, 'Registrations'), responseId).length,
    )
    .toBe(1);

  const values = await sheetValues(request, sheet.spreadsheetId, 'Registrations');
  const header = values[0] ?? [];
  const rows = rowsOf(values, responseId);
  expect(rows).toHaveLength(1);
  const row = rows[0] ?? [];
  expect(row[header.indexOf('Full Name')]).toBe(name);
  expect(row[header.indexOf('Email')]).toBe(email);

  // The emulator's page shows the row on the sheet's last page.
  await page.goto('/__google/');
  await page.getByRole('link', { name: 'Event Registration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Event Registration' })).toBeVisible();
  const lastPage = Math.max(1, Math.ceil(values.length / ROWS_PER_PAGE));
  if (lastPage > 1) await page.goto(`${page.url()}&page=${lastPage}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: responseId, exact: true })).toHaveCount(1);
  const sheetRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: responseId, exact: true }) });
  await expect(sheetRow.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(sheetRow.getByRole('cell', { name: email, exact: true })).toBeVisible();
});

test('a write to a private sheet fails, shows in Manage Forms, and Retry delivers it once the sheet is shared', async ({
  page,
  request,
}) => {
  const created = await request.post('/__google/__emulator/spreadsheets', {
    data: {
      title: `Private responses ${Date.now()}`,
      sheets: [{ title: 'Responses', rows: [['Name']] }],
      sharing: { link: 'none', people: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sheet = (await created.json()) as { spreadsheetId: string; spreadsheetUrl: string };

  const session = await signInViaApi(page, request, newOwner('sync-fail'));
  const formName = 'Private sync form';
  const formId = await createForm(request, session.accessToken, {
    name: formName,
    googleSheetsUrl: sheet.spreadsheetUrl,
    sheetName: 'Responses',
  });

  const responseId = await submit(page, formId, 'Emmy Noether', 'emmy@example.org');
  // The respondent's answers are stored, so they see success; the failed write is the owner's to see.
  await expectToast(page, 'Form submitted successfully!');
  await expect(page.getByText('Form submitted but could not save to Google Sheet')).toHaveCount(0);

  await page.goto('/dashboard/forms');
  const row = page.getByRole('row', { name: new RegExp(formName) });
  const failed = row.getByTestId('sync-failed');
  // The worker may still be trying when the owner's page first loads: look again until it has failed.
  await expect(async () => {
    await page.reload();
    await expect(failed).toHaveText('1 failed', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(failed).toHaveAttribute('title', /Share the spreadsheet with .+ as an Editor/);
  await page.screenshot({ path: 'screenshots/manage-forms-sync-failed.png', fullPage: true });

  const fixed = await request.patch(`/__google/__emulator/spreadsheets/${sheet.spreadsheetId}`, {
    data: { sharing: { link: 'edit', people: [] } },
  });
  expect(fixed.ok(), await fixed.text()).toBe(true);

  await row.getByRole('button', { name: `Retry failed responses of ${formName}` }).click();
  await expectToast(page, '1 response queued for the sheet again');
  await expect(row.getByTestId('sync-failed')).toHaveCount(0);
  await expect(row.getByTestId('sync-health')).toHaveCount(0, { timeout: 20_000 });

  await expect
    .poll(async () => rowsOf(await sheetValues(request, sheet.spreadsheetId, 'Responses'), responseId).length)
    .toBe(1);
  const values = await sheetValues(request, sheet.spreadsheetId, 'Responses');
  const header = values[0] ?? [];
  expect(header[0]).toBe('Name');
  const delivered = rowsOf(values, responseId)[0] ?? [];
  expect(delivered[header.indexOf('Full Name')]).toBe('Emmy Noether');
  expect(delivered[header.indexOf('Email')]).toBe('emmy@example.org');
});
