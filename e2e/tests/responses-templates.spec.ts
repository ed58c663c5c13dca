import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { expectToast, field } from '../support/public-forms.js';
import {
  allowGoogleAccess,
  createRegistrationForm,
  pdfText,
  REGISTRATION_FIELDS,
  seededDocument,
  submitResponse,
} from '../support/responses.js';
import { newOwner } from '../support/sign-in.js';

// Issue 11's journey: an owner turns on Document Templates, signs in to Google on the emulator's consent
// screen, adds the seeded Google Doc, collects two responses, reads them on the Responses page and exports
// one as a PDF whose text holds the respondent's answers.

const TEMPLATE_NAME = 'Registration Confirmation';

/** The date the 'Latest Response' card shows, formatted the way the owner's browser does. */
function cardDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    iso,
  );
}

test('an owner adds a Google Docs template, collects two responses and exports one as a PDF', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = newOwner('templates');
  const session = await signInViaApi(page, request, owner);
  const sheet = await seededSpreadsheet(request, 'Event Registration');
  const doc = await seededDocument(request, TEMPLATE_NAME);
  const formName = `Community Day ${Date.now().toString(36)}`;
  const formId = await createRegistrationForm(request, session.accessToken, {
    name: formName,
    googleSheetsUrl: sheet.spreadsheetUrl,
    sheetName: 'Registrations',
  });

  // The editor: Document Templates on, then Google sign-in through the token client's popup.
  await page.goto(`/dashboard/form-update?formId=${formId}`);
  const templatesSwitch = page.getByRole('switch', { name: 'Document Templates' });
  await expect(templatesSwitch).toHaveAttribute('aria-checked', 'false');
  await templatesSwitch.click();
  await expect(templatesSwitch).toHaveAttribute('aria-checked', 'true');
  const signIn = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(signIn).toBeEnabled();
  const popupOpened = page.waitForEvent('popup');
  await signIn.click();
  await allowGoogleAccess(await popupOpened, owner);
  await expectToast(page, 'Signed in to Google successfully');
  await expect(page.getByText('Signed in to Google', { exact: true })).toBeVisible();

  // The seeded Doc: its placeholders are the form's fields, so none is left unmatched.
  await page.getByRole('textbox', { name: 'Template name' }).fill(TEMPLATE_NAME);
  await page.getByRole('textbox', { name: 'Google Docs URL' }).fill(doc.documentUrl);
  await page.getByRole('button', { name: 'Add template' }).click();
  await expectToast(page, 'Template added successfully');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TEMPLATE_NAME }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /Open in Google Docs/ })).toHaveAttribute(
    'href',
    doc.documentUrl,
  );
  await expect(card.getByText('Every placeholder matches a field.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Templates (1)' })).toBeVisible();
  // The add form is ready for the next one.
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue('');

  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(page.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);

  // Two respondents: one fills the public form in their own browser, the other arrives through the API.
  const stamp = Date.now().toString(36);
  const first = { name: `Mary Somerville ${stamp}`, email: `mary-${stamp}@example.org` };
  const second = { name: `Emmy Noether ${stamp}`, email: `emmy-${stamp}@example.org` };
  const respondent = await browser.newPage();
  await respondent.goto(`/form/${formId}`);
  await field(respondent, 'Full Name').fill(first.name);
  await field(respondent, 'Email').fill(first.email);
  await field(respondent, 'Phone').fill('+44 20 7946 0999');
  await field(respondent, 'Company').fill('Royal Institution');
  await field(respondent, 'Ticket Type').fill('Speaker');
  await field(respondent, 'Dietary Requirements').fill('Vegetarian');
  const submitted = respondent.waitForResponse(
    (response) => response.url().endsWith('/submit-form') && response.request().method() === 'POST',
  );
  await respondent.getByRole('button', { name: 'Submit Form' }).click();
  const firstId = ((await (await submitted).json()) as { data: { responseId: string } }).data.responseId;
  await expect(respondent.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await respondent.close();
  await submitResponse(request, formId, {
    'Full Name': second.name,
    Email: second.email,
    'Ticket Type': 'Student',
  });

  // Responses, from Manage Forms.
  await page.reload();
  await page.getByRole('link', { name: `Responses of ${formName}` }).click();
  await expect(page).toHaveURL(`/dashboard/responses?formId=${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Responses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Forms' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toHaveText(`Manage Forms/${formName}`);

  const listed = await request.get(`/api/v1/forms/${formId}/responses`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  const newest = ((await listed.json()) as { data: { items: { createdAt: string }[] } }).data.items[0];
  expect(newest).toBeDefined();
  await expect(page.getByTestId('stat-total-responses')).toHaveText('2');
  await expect(page.getByTestId('stat-form-fields')).toHaveText(String(REGISTRATION_FIELDS.length));
  await expect(page.getByTestId('stat-latest-response')).toHaveText(
    await cardDate(page, newest?.createdAt ?? ''),
  );
  const stats = page.getByRole('region', { name: 'Statistics' });
  for (const label of ['Total Responses', 'Form Fields', 'Latest Response']) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }

  const table = page.getByRole('region', { name: 'Responses', exact: true }).getByRole('table');
  // The select-all checkbox heads a column of its own, without text.
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  expect(headers.filter((text) => text !== '')).toEqual([
    'No.',
    'Timestamp',
    ...REGISTRATION_FIELDS.map((f) => f.label),
    'Actions',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // Newest first: the API respondent is No. 1.
  await expect(rows.nth(0)).toContainText(second.name);
  await expect(rows.nth(1)).toContainText(first.name);
  await expect(rows.nth(1)).toContainText('Royal Institution');
  await expect(rows.nth(0).getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(rows.nth(1).getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Export the first respondent's PDF. The server's answer waits until the loading toast has been seen.
  let releasePdf = () => {};
  const pdfHeld = new Promise<void>((resolve) => {
    releasePdf = resolve;
  });
  await page.route('**/api/v1/forms/*/responses/*/pdf', async (route) => {
    await pdfHeld;
    await route.continue();
  });
  await rows
    .nth(1)
    .getByRole('button', { name: /^Export/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Export Template' });
  await expect(dialog).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: TEMPLATE_NAME }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Generating PDF...');
  releasePdf();
  // The first PDF of a server process starts its Chromium, which takes seconds on a busy machine.
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('PDF generated and downloaded successfully'),
  ).toBeVisible({ timeout: 30_000 });
  const pdf = await downloaded;
  expect(pdf.suggestedFilename()).toBe(`${TEMPLATE_NAME}.pdf`);
  const text = await pdfText(await readFile(await pdf.path()));
  expect(text).toContain(`Dear ${first.name},`);
  expect(text).toContain(firstId);
  expect(text).toContain('Royal Institution');
  expect(text).not.toContain('{{');
  await page.unroute('**/api/v1/forms/*/responses/*/pdf');

  // Every response as CSV.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readFile(await csv.path(), 'utf8');
  expect(csvText).toContain(first.name);
  expect(csvText).toContain(second.name);
  expect(csvText).toContain(firstId);
});

test('the Responses page asks for a form, and says when a form has no responses yet', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, newOwner('no-responses'));
  await page.goto('/dashboard/responses');
  await expectToast(page, 'Form ID is required');
  await expect(page).toHaveURL(/\/dashboard\/forms$/);

  const formName = `Quiet form ${Date.now().toString(36)}`;
  const formId = await createRegistrationForm(request, session.accessToken, { name: formName });
  await page.goto(`/dashboard/responses?formId=${formId}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Manage Forms/${formName}`);
  await expect(page.getByTestId('stat-total-responses')).toHaveText('0');
  await expect(page.getByTestId('stat-latest-response')).toHaveText('No responses yet');
  const empty = page.getByText('Responses will appear here once users start submitting the form.');
  await expect(empty).toBeVisible();
  await expect(page.getByText('No responses yet', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
});
