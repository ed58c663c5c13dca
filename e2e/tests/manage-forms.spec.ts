import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, newOwner } from '../support/sign-in.js';

// Manage Forms (spec 000): forms are seeded through the API, the page is exercised in the browser.

const MISSING_SHEET_URL = 'https://docs.google.com/spreadsheets/d/doesNotExist1234567890abcdefg/edit';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

interface EmulatorSpreadsheet {
  title: string;
  spreadsheetUrl: string;
}

/** Signs in without the popup: an emulator ID token, then the app's own sign-in call. */
async function signInViaApi(page: Page, request: APIRequestContext, account: Account): Promise<Session> {
  const mint = await request.post('/__google/__emulator/id-token', { data: account });
  expect(mint.ok()).toBe(true);
  const { idToken } = (await mint.json()) as { idToken: string };
  const signIn = await request.post('/api/v1/auth/google', { data: { idToken } });
  expect(signIn.ok()).toBe(true);
  const session = ((await signIn.json()) as { data: Session }).data;
  await page.goto('/');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
  return session;
}

async function spreadsheetUrl(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get('/__google/__emulator/spreadsheets');
  expect(response.ok()).toBe(true);
  const { spreadsheets } = (await response.json()) as { spreadsheets: EmulatorSpreadsheet[] };
  const found = spreadsheets.find((sheet) => sheet.title === title);
  if (!found) throw new Error(`the emulator has no spreadsheet titled ${title}`);
  return found.spreadsheetUrl;
}

async function createForm(
  request: APIRequestContext,
  session: Session,
  form: { name: string; googleSheetsUrl: string; sheetName: string },
) {
  const response = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { ...form, description: '', jdata: [{ label: 'Full Name', type: 'text', required: true }] },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an owner sees each sheet status, fixes a sheet inline, copies the iframe code and deletes a form', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, newOwner('forms'));
  const registrationUrl = await spreadsheetUrl(request, 'Event Registration');
  const privateUrl = await spreadsheetUrl(request, 'Private Budget');
  await createForm(request, session, {
    name: 'Missing sheet form',
    googleSheetsUrl: MISSING_SHEET_URL,
    sheetName: 'Sheet1',
  });
  await createForm(request, session, {
    name: 'Budget form',
    googleSheetsUrl: privateUrl,
    sheetName: 'Budget',
  });
  await createForm(request, session, {
    name: 'Registration form',
    googleSheetsUrl: registrationUrl,
    sheetName: 'Registrations',
  });

  await page.goto('/dashboard/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Forms' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('href', '/dashboard');

  const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
  const status = (name: string) => row(name).getByTestId('sheet-status');
  await expect(status('Registration form')).toHaveText('Connected');
  await expect(status('Budget form')).toHaveText('Setup Required');
  await expect(status('Budget form')).toHaveAttribute('title', 'Needs to be made public');
  await expect(row('Budget form').getByText('Needs to be made public')).toBeVisible();
  await expect(status('Missing sheet form')).toHaveText('Invalid URL');
  await expect(page.getByTestId('stat-forms')).toHaveText('3');
  await expect(row('Registration form').getByTestId('form-status')).toHaveText('Active');
  await page.screenshot({ path: 'screenshots/manage-forms.png', fullPage: true });

  // Inline editing: an invalid URL is refused, then the registration sheet is saved and rechecked.
  const missing = row('Missing sheet form');
  await missing.getByRole('button', { name: 'Edit Google Sheets of Missing sheet form' }).click();
  const urlInput = missing.getByLabel('Google Sheets URL');
  await urlInput.fill('https://example.com/spreadsheets/d/abc');
  await expect(missing.getByText('Invalid Google Sheets URL format')).toBeVisible();
  await expect(urlInput).toHaveAttribute('aria-invalid', 'true');
  await expect(missing.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.screenshot({ path: 'screenshots/manage-forms-edit.png' });
  await urlInput.fill(`  ${registrationUrl}  `);
  await missing.getByLabel('Sheet name').fill(' Registrations ');
  await expect(missing.getByRole('button', { name: 'Save' })).toBeEnabled();
  await missing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form updated successfully!')).toBeVisible();
  await expect(status('Missing sheet form')).toHaveText('Connected');
  await expect(missing.getByRole('link', { name: /View Sheet/ })).toHaveAttribute('href', registrationUrl);

  // Recheck repeats the check.
  await row('Budget form')
    .getByRole('button', { name: /Recheck/ })
    .click();
  await expect(status('Budget form')).toHaveText('Setup Required');

  // The iframe code dialog copies to the clipboard; Escape closes it and focus returns to the opener.
  const copyIframe = row('Registration form').getByRole('button', {
    name: 'Copy iframe code of Registration form',
  });
  await copyIframe.click();
  const dialog = page.getByRole('dialog', { name: 'Copy Iframe Code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Iframe code')).toHaveValue(/^<iframe src="http:\/\/localhost:\d+\/form\//);
  await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(page.getByText('Iframe code copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<iframe src=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(copyIframe).toBeFocused();

  // The setup dialog names the emulator's address in local mode.
  await page.getByRole('button', { name: 'Google Sheets Setup' }).click();
  const setup = page.getByRole('dialog', { name: 'Google Sheets Integration Setup' });
  await expect(setup).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(setup.getByRole('link', { name: `${origin}/__google/` })).toBeVisible();
  await page.screenshot({ path: 'screenshots/manage-forms-setup.png' });
  await setup.getByRole('button', { name: 'Got it' }).click();
  await expect(setup).toBeHidden();

  // Delete asks first; dismissing keeps the form, accepting removes it.
  page.once('dialog', (prompt) => {
    expect(prompt.message()).toBe('Are you sure you want to delete this form?');
    void prompt.dismiss();
  });
  await row('Budget form').getByRole('button', { name: 'Delete Budget form' }).click();
  await expect(row('Budget form')).toBeVisible();
  page.once('dialog', (prompt) => void prompt.accept());
  await row('Budget form').getByRole('button', { name: 'Delete Budget form' }).click();
  await expect(page.getByText('Form deleted successfully')).toBeVisible();
  await expect(row('Budget form')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(3);

  // On a phone the table scrolls sideways inside its own region.
  await page.setViewportSize({ width: 390, height: 844 });
  const region = page.getByRole('region', { name: 'Forms' });
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await page.screenshot({ path: 'screenshots/manage-forms-mobile.png' });
});

test("a fresh owner sees 'No forms found', and Add Form opens the generator in a new tab", async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, newOwner('empty'));
  await page.goto('/dashboard/forms');
  await expect(page.getByText('No forms found')).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Add Form' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(/\/dashboard\/form-generator$/);
  await popup.close();
});
