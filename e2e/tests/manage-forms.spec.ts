import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Session, seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { newOwner } from '../support/sign-in.js';

// Manage Forms (spec 000): forms are seeded through the API, the page is exercised in the browser.

const MISSING_SHEET_URL = 'https://docs.google.com/spreadsheets/d/doesNotExist1234567890abcdefg/edit';

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
  const registrationUrl = (await seededSpreadsheet(request, 'Event Registration')).spreadsheetUrl;
  const privateUrl = (await seededSpreadsheet(request, 'Private Budget')).spreadsheetUrl;
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

  // Delete asks first; Cancel keeps the form, Delete removes it.
  await row('Budget form').getByRole('button', { name: 'Delete Budget form' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Budget form”?' });
  await expect(confirm.getByText('Are you sure you want to delete this form?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row('Budget form')).toBeVisible();
  await row('Budget form').getByRole('button', { name: 'Delete Budget form' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Form deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row('Budget form')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(3);

  // On a phone each form is a card, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('row')).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
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

test("Manage Forms says 'Loading forms....' while the list loads", async ({ page, request }) => {
  const session = await signInViaApi(page, request, newOwner('loading'));
  await createForm(request, session, { name: 'Slow list form', googleSheetsUrl: '', sheetName: '' });
  // Hold the list back until the loading text has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/v1/forms',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/dashboard/forms');
  await expect(page.getByText('Loading forms....')).toBeVisible();
  release();
  await expect(page.getByRole('row', { name: /Slow list form/ })).toBeVisible();
  await expect(page.getByText('Loading forms....')).toHaveCount(0);
});
