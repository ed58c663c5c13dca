import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInViaApi } from '../support/api-session.js';
import { expectToast } from '../support/public-forms.js';
import { allowGoogleAccess, createRegistrationForm, submitResponse } from '../support/responses.js';
import { newOwner } from '../support/sign-in.js';

// Decision 0044: an owner whose company shares a spreadsheet with everyone at its Workspace domain (or a
// Google group, or a shared drive) is refused by the sharing SheetForms can read, and proves edit access
// with their own Google account: in the generator, then the form syncs and its Sheet Status is Connected;
// and from the Sheet Status of a form whose sharing changed to the domain.

/** Local mode's service account (the emulator's default), which writes the responses. */
const SERVICE_ACCOUNT = 'sheetforms-local@sheetforms-local.iam.gserviceaccount.com';
/** The domain of the journeys' made-up accounts (newOwner). */
const OWNERS_DOMAIN = 'sheetforms.test';

interface Sheet {
  spreadsheetId: string;
  spreadsheetUrl: string;
}

type Sharing = {
  link: 'none';
  people: { email: string; role: string }[];
  domains?: { domain: string; role: string }[];
};
const domainEdits = (): Sharing => ({
  link: 'none',
  people: [{ email: SERVICE_ACCOUNT, role: 'edit' }],
  domains: [{ domain: OWNERS_DOMAIN, role: 'edit' }],
});

async function newSpreadsheet(request: APIRequestContext, title: string, sharing: Sharing): Promise<Sheet> {
  const created = await request.post('/__google/__emulator/spreadsheets', {
    data: {
      title: `${title} ${Date.now().toString(36)}`,
      ownerEmail: `manager@${OWNERS_DOMAIN}`,
      sheets: [{ title: 'Rota', rows: [['Full Name', 'Email']] }],
      sharing,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Sheet;
}

async function rows(request: APIRequestContext, sheet: Sheet): Promise<string[][]> {
  const response = await request.get(`/__google/__emulator/spreadsheets/${sheet.spreadsheetId}/values/Rota`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { values: string[][] }).values;
}

async function verifyInPopup(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  owner: ReturnType<typeof newOwner>,
) {
  await expect(button).toBeEnabled();
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  await allowGoogleAccess(await popupOpened, owner);
  await expectToast(page, 'Verified: you can edit this spreadsheet.');
}

test('an owner who edits a spreadsheet through their organization verifies with Google, binds it and the responses reach it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newOwner('verify');
  const session = await signInViaApi(page, request, owner);
  const sheet = await newSpreadsheet(request, 'Team rota', domainEdits());

  // The generator: the sharing shows only "everyone at sheetforms.test", which SheetForms does not take
  // for membership, so the load is refused with what to do, and Verify with Google is offered.
  await page.goto('/dashboard/form-generator');
  await page.getByRole('textbox', { name: 'Google Sheets URL' }).fill(sheet.spreadsheetUrl);
  await page.getByRole('button', { name: 'Load Data' }).click();
  const refused = page.getByRole('region', { name: 'The spreadsheet could not be loaded' });
  await expect(refused).toContainText(`You do not have access to this spreadsheet as ${owner.email}.`);
  const verify = refused.getByRole('button', { name: 'Verify with Google' });
  await expect(verify).toBeVisible();
  await page.screenshot({ path: 'screenshots/verify-google-generator-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await refused.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/verify-google-generator-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await verifyInPopup(page, verify, owner);
  // Verified: the spreadsheet loads (its only sheet at once), and the form is created without the token.
  await expect(page.getByRole('checkbox', { name: 'Full Name', exact: true })).toBeVisible();
  await expect(refused).toHaveCount(0);
  const formName = `Team rota ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Form Name' }).fill(formName);
  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  const row = page.getByRole('row').filter({ hasText: formName });
  await expect(row.getByTestId('sheet-status')).toHaveAttribute('data-status', 'connected');

  // A response reaches the sheet: the sync accepts the remembered proof before its first write.
  const listed = await request.get('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  const forms = ((await listed.json()) as { data: { formId: string; name: string }[] }).data;
  const formId = forms.find((form) => form.name === formName)?.formId ?? '';
  expect(formId).toMatch(/^[A-Za-z0-9_-]+$/);
  await submitResponse(request, formId, { 'Full Name': 'Grace Hopper', Email: 'grace@example.com' });
  await expect
    .poll(async () => (await rows(request, sheet)).map((cells) => cells[0]), { timeout: 30_000 })
    .toEqual(['Full Name', 'Grace Hopper']);
});

test('the Sheet Status of a form whose spreadsheet moved to organization sharing offers Verify with Google', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newOwner('verify-status');
  const session = await signInViaApi(page, request, owner);
  const sheet = await newSpreadsheet(request, 'Shift plan', {
    link: 'none',
    people: [
      { email: SERVICE_ACCOUNT, role: 'edit' },
      { email: owner.email, role: 'edit' },
    ],
  });
  const formName = `Shift plan ${Date.now().toString(36)}`;
  await createRegistrationForm(request, session.accessToken, {
    name: formName,
    googleSheetsUrl: sheet.spreadsheetUrl,
    sheetName: 'Rota',
  });
  // The company replaces the personal share by one for everyone at the domain.
  const moved = await request.patch(`/__google/__emulator/spreadsheets/${sheet.spreadsheetId}`, {
    data: { sharing: domainEdits() },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  // On a phone first: the form's card says No access and offers it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/forms');
  const phoneCard = page.getByRole('listitem').filter({ hasText: formName });
  await expect(phoneCard.getByTestId('sheet-status')).toHaveAttribute('data-status', 'no-access');
  await expect(phoneCard.getByRole('button', { name: /Verify with Google/ })).toBeVisible();
  await page.screenshot({ path: 'screenshots/verify-google-status-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const row = page.getByRole('row').filter({ hasText: formName });
  await expect(row.getByTestId('sheet-status')).toHaveAttribute('data-status', 'no-access');
  const verify = row.getByRole('button', { name: new RegExp(`Verify with Google for ${formName}`) });
  await expect(verify).toBeVisible();
  await page.screenshot({ path: 'screenshots/verify-google-status-1280.png', fullPage: true });
  await verifyInPopup(page, verify, owner);
  await expect(row.getByTestId('sheet-status')).toHaveAttribute('data-status', 'connected');

  // Cards on a phone: the same status, Connected after the reload too (the proof is kept, not the token).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: formName });
  await expect(card.getByTestId('sheet-status')).toHaveAttribute('data-status', 'connected');
});
