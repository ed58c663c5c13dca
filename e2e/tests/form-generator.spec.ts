import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { dragHandle, moveByKeyboard } from '../support/drag.js';
import { newOwner } from '../support/sign-in.js';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

interface EmulatorSpreadsheet {
  title: string;
  spreadsheetUrl: string;
}

/** Signs in through the API (emulator ID token, then /auth/google) and stores the session before any page loads. */
async function signInViaApi(page: Page, request: APIRequestContext, label: string): Promise<Session> {
  const owner = newOwner(label);
  const mint = await request.post('/__google/__emulator/id-token', { data: owner });
  expect(mint.ok()).toBe(true);
  const { idToken } = (await mint.json()) as { idToken: string };
  const signIn = await request.post('/api/v1/auth/google', { data: { idToken } });
  expect(signIn.ok()).toBe(true);
  const session = ((await signIn.json()) as { data: Session }).data;
  await page.addInitScript((stored: Session) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
  return session;
}

async function seededUrl(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get('/__google/__emulator/spreadsheets');
  const { spreadsheets } = (await response.json()) as { spreadsheets: EmulatorSpreadsheet[] };
  const found = spreadsheets.find((sheet) => sheet.title === title);
  if (!found) throw new Error(`the emulator has no spreadsheet '${title}'`);
  return found.spreadsheetUrl;
}

async function loadSheet(page: Page, url: string, sheet: string) {
  await page.getByRole('textbox', { name: 'Google Sheets URL' }).fill(url);
  await page.getByRole('button', { name: 'Load Data' }).click();
  await page.getByRole('combobox', { name: 'Sheet' }).selectOption(sheet);
}

function fieldList(page: Page): Locator {
  return page.getByRole('list', { name: 'Form fields' });
}

/** The field names in list order, read from the drag handles ('Reorder {name}'). */
async function fieldOrder(page: Page): Promise<string[]> {
  const labels = await fieldList(page)
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder /, ''));
}

test('an owner builds a form from a sheet: rename, type, custom header, create', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, 'generator');
  const url = await seededUrl(request, 'Event Registration');

  await page.goto('/dashboard/form-generator');
  await expect(page.getByRole('heading', { name: 'Welcome to the Form Generator' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/form-generator-welcome.png', fullPage: true });

  // A bad URL is refused before anything is sent.
  await page.getByRole('textbox', { name: 'Google Sheets URL' }).fill('https://example.com/not-a-sheet');
  await page.getByRole('button', { name: 'Load Data' }).click();
  await expect(page.getByText('Please enter a valid Google Sheets URL')).toBeVisible();

  await loadSheet(page, url, 'Registrations');
  await expect(fieldList(page).getByRole('checkbox', { name: 'Full Name', exact: true })).toBeChecked();
  expect(await fieldOrder(page)).toEqual([
    'Full Name',
    'Email',
    'Phone',
    'Company',
    'Ticket Type',
    'Dietary Requirements',
  ]);
  await expect(page.getByRole('cell', { name: 'Linus Torvalds' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue(
    'Event Registration - Registrations',
  );
  await page.screenshot({ path: 'screenshots/form-generator-loaded.png', fullPage: true });

  // Rename inline (Enter commits) and change a type.
  await page.getByRole('button', { name: 'Rename Full Name' }).click();
  const rename = page.getByRole('textbox', { name: 'New name for Full Name' });
  await rename.fill('Attendee Name');
  await rename.press('Enter');
  await expect(fieldList(page).getByRole('checkbox', { name: 'Attendee Name', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type of Email' }).selectOption('email');
  await page.getByRole('checkbox', { name: 'Required Email', exact: true }).check();

  // A custom header, and one column left out.
  await page.getByRole('textbox', { name: 'Custom header name' }).fill('Referral Source');
  await page.getByRole('button', { name: 'Add Header' }).click();
  await expect(page.getByText('Custom header added!')).toBeVisible();
  await fieldList(page).getByRole('checkbox', { name: 'Dietary Requirements', exact: true }).uncheck();

  // The Preview tab shows the form as it will look.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('form', { name: 'Form preview' });
  await expect(preview.getByRole('textbox', { name: 'Referral Source' })).toBeVisible();
  await expect(preview.getByText('Dietary Requirements')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Form Settings' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill('Sign up for the community day');

  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.getByText('Form created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);

  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const list = (await (await request.get('/api/v1/forms', { headers })).json()) as {
    data: { formId: string; name: string }[];
  };
  const listed = list.data.find((form) => form.name === 'Event Registration - Registrations');
  expect(listed).toBeDefined();
  const detail = (await (await request.get(`/api/v1/forms/${listed?.formId}`, { headers })).json()) as {
    data: {
      form: {
        sheetName: string;
        description: string;
        dueDate: string;
        settings: { loginRequired: number };
        jdata: { label: string; type: string; required: boolean; placeHolder: string }[];
      };
    };
  };
  const { form } = detail.data;
  expect(form.sheetName).toBe('Registrations');
  expect(form.description).toBe('Sign up for the community day');
  expect(form.dueDate).toBe('2025-01-01');
  expect(form.settings.loginRequired).toBe(0);
  expect(
    form.jdata.map(({ label, type, required, placeHolder }) => ({ label, type, required, placeHolder })),
  ).toEqual([
    { label: 'Attendee Name', type: 'text', required: false, placeHolder: 'Enter your attendee name' },
    { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
    { label: 'Phone', type: 'text', required: false, placeHolder: 'Enter your phone' },
    { label: 'Company', type: 'text', required: false, placeHolder: 'Enter your company' },
    { label: 'Ticket Type', type: 'text', required: false, placeHolder: 'Enter your ticket type' },
    { label: 'Referral Source', type: 'text', required: false, placeHolder: 'Enter your referral source' },
  ]);
});

test('an empty sheet shows the Empty Sheet Detected panel', async ({ page, request }) => {
  await signInViaApi(page, request, 'empty');
  const url = await seededUrl(request, 'Empty Sheet');
  await page.goto('/dashboard/form-generator');
  await loadSheet(page, url, 'Sheet1');
  await expect(page.getByRole('heading', { name: 'Empty Sheet Detected' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/form-generator-empty.png', fullPage: true });
});

test('the generator on a phone stacks its panels', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, request, 'phone');
  const url = await seededUrl(request, 'Event Registration');
  await page.goto('/dashboard/form-generator');
  await loadSheet(page, url, 'Registrations');
  await expect(fieldList(page).getByRole('checkbox', { name: 'Email', exact: true })).toBeVisible();
  await page.screenshot({ path: 'screenshots/form-generator-phone.png', fullPage: true });
});

test('a visitor who is not signed in gets Access Denied and can return home', async ({ page }) => {
  await page.goto('/dashboard/form-generator');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** A spreadsheet made for one test, with the given header row and data rows. */
async function newSpreadsheet(request: APIRequestContext, rows: string[][]): Promise<string> {
  const created = await request.post('/__google/__emulator/spreadsheets', {
    data: {
      title: `Generator columns ${Date.now()}`,
      sheets: [{ title: 'Responses', rows }],
      sharing: { link: 'edit', people: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { spreadsheetUrl: string }).spreadsheetUrl;
}

async function renameField(page: Page, from: Locator, to: string, current: string) {
  await from.click();
  const input = page.getByRole('textbox', { name: `New name for ${current}`, exact: true });
  await input.fill(to);
  await input.press('Enter');
}

test('system columns are never offered, duplicate headers must be renamed, and renamed fields keep their sheet column', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, 'columns');
  const url = await newSpreadsheet(request, [
    ['Timestamp', 'Email', 'Name', '', 'email', 'Response ID', 'Signature'],
    ['2025-01-01 10:00', 'ada@example.org', 'Ada', 'left-handed', 'ada@work.example', 'r-1', ''],
  ]);
  await page.goto('/dashboard/form-generator');
  await loadSheet(page, url, 'Responses');

  // The preview marks the columns SheetForms fills itself; the fields leave them out.
  const preview = page.getByRole('region', { name: 'First rows of Responses' });
  for (const system of ['Timestamp', 'Response ID', 'Signature']) {
    await expect(preview.getByRole('columnheader', { name: new RegExp(system) })).toContainText(
      'System column',
    );
  }
  await expect.poll(() => fieldOrder(page)).toEqual(['Email', 'Name', 'Column 4', 'email']);

  // Duplicate headers are both offered, but Create is refused until one is renamed.
  const duplicate = 'Each field needs its own label: "Email" is used more than once.';
  await expect(page.getByRole('alert').filter({ hasText: duplicate }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: duplicate })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/form-generator$/);

  await renameField(
    page,
    page.getByRole('button', { name: 'Rename email', exact: true }),
    'Work Email',
    'email',
  );
  await renameField(
    page,
    page.getByRole('button', { name: 'Rename Column 4', exact: true }),
    'Notes',
    'Column 4',
  );
  await expect(page.getByRole('alert').filter({ hasText: duplicate })).toHaveCount(0);
  await expect(fieldList(page).getByText('Writes to sheet column')).toHaveCount(2);
  await page.screenshot({ path: 'screenshots/form-generator-columns.png', fullPage: true });

  await page.getByRole('textbox', { name: 'Form Name' }).fill('Columns check');
  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);

  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const list = (await (await request.get('/api/v1/forms', { headers })).json()) as {
    data: { formId: string; name: string }[];
  };
  const formId = list.data.find((form) => form.name === 'Columns check')?.formId;
  const detail = (await (await request.get(`/api/v1/forms/${formId}`, { headers })).json()) as {
    data: { form: { jdata: { label: string; name?: string; column?: number }[] } };
  };
  expect(detail.data.form.jdata.map(({ label, name, column }) => ({ label, name, column }))).toEqual([
    { label: 'Email', name: 'Email', column: 1 },
    { label: 'Name', name: 'Name', column: 2 },
    { label: 'Notes', name: 'Column 4', column: 3 },
    { label: 'Work Email', name: 'email', column: 4 },
  ]);
});

test('a failed load leaves nothing of the previous spreadsheet, and Create waits for a load that works', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, 'reload');
  const url = await seededUrl(request, 'Event Registration');
  await page.goto('/dashboard/form-generator');
  const create = page.getByRole('button', { name: 'Create Form' });
  await expect(create).toBeDisabled();

  await loadSheet(page, url, 'Registrations');
  await expect(fieldList(page).getByRole('checkbox', { name: 'Email', exact: true })).toBeVisible();
  await expect(create).toBeEnabled();

  await page
    .getByRole('textbox', { name: 'Google Sheets URL' })
    .fill('https://docs.google.com/spreadsheets/d/1NoSuchSpreadsheetAnywhere000000000/edit');
  await page.getByRole('button', { name: 'Load Data' }).click();
  await expect(page.locator('.Toastify__toast')).toBeVisible();
  await expect(fieldList(page)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Sheet' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Linus Torvalds' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue('');
  await expect(create).toBeDisabled();
});

// Rows differ in height (each selected field shows its settings), so the list runs below the fold at
// 1280 x 720: the drag starts with the dragged row in the middle of the screen, as a person would scroll
// it, and stays out of the edges where dragging scrolls the page.
test("an owner reorders the generator's fields by mouse and by keyboard, up and down", async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, 'reorder');
  const url = await seededUrl(request, 'Event Registration');
  await page.goto('/dashboard/form-generator');
  await loadSheet(page, url, 'Registrations');
  const phone = page.getByRole('button', { name: 'Reorder Phone' });
  await phone.evaluate((handle) => handle.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await dragHandle(page, phone, page.getByRole('button', { name: 'Reorder Email' }));
  await expect
    .poll(() => fieldOrder(page))
    .toEqual(['Full Name', 'Phone', 'Email', 'Company', 'Ticket Type', 'Dietary Requirements']);

  const handle = (name: string) => page.getByRole('button', { name: `Reorder ${name}` });
  await moveByKeyboard(page, handle('Company'), 'ArrowDown');
  await expect
    .poll(() => fieldOrder(page))
    .toEqual(['Full Name', 'Phone', 'Email', 'Ticket Type', 'Company', 'Dietary Requirements']);
  await moveByKeyboard(page, handle('Dietary Requirements'), 'ArrowUp');
  await expect
    .poll(() => fieldOrder(page))
    .toEqual(['Full Name', 'Phone', 'Email', 'Ticket Type', 'Dietary Requirements', 'Company']);
  await moveByKeyboard(page, handle('Full Name'), 'ArrowDown');
  await expect
    .poll(() => fieldOrder(page))
    .toEqual(['Phone', 'Full Name', 'Email', 'Ticket Type', 'Dietary Requirements', 'Company']);
});
