import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Session, seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { newOwner } from '../support/sign-in.js';

// Issue 22: Manage Forms as cards on a phone, the table's last columns in view at 1280 px while a sheet
// editor is open, one sheet check per load (reloads stay Connected), and a delete dialog that names the form.

async function createForm(
  request: APIRequestContext,
  session: Session,
  form: { name: string; googleSheetsUrl: string; sheetName: string },
): Promise<string> {
  const response = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { ...form, description: '', jdata: [{ label: 'Full Name', type: 'text', required: true }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { formId: string } }).data.formId;
}

async function seedForms(page: import('@playwright/test').Page, request: APIRequestContext) {
  const session = await signInViaApi(page, request, newOwner('cards'));
  const url = (await seededSpreadsheet(request, 'Event Registration')).spreadsheetUrl;
  await createForm(request, session, { name: 'Unbound form', googleSheetsUrl: '', sheetName: 'Sheet1' });
  await createForm(request, session, { name: 'Feedback form', googleSheetsUrl: url, sheetName: 'Feedback' });
  await createForm(request, session, {
    name: 'Annual Conference Registration 2026 (North America)',
    googleSheetsUrl: url,
    sheetName: 'Registrations',
  });
}

test('on a 390 px phone each form is a card, nothing scrolls sideways, and Delete names its form', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedForms(page, request);
  await page.goto('/dashboard/forms');
  const card = page.getByRole('article', { name: /Feedback form/ });
  await expect(card.getByTestId('sheet-status')).toHaveText('Connected');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  // Not off the right edge: once scrolled to, the status is on screen.
  await card.getByTestId('form-status').scrollIntoViewIfNeeded();
  await expect(card.getByTestId('form-status')).toBeInViewport();

  await card.getByRole('button', { name: 'Delete Feedback form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Feedback form”?' });
  await expect(dialog.getByText('It has no responses. This cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: 'screenshots/manage-forms-cards-390.png', fullPage: true });
});

test('at 1280 px one check per load keeps every status Connected, and an open sheet editor leaves Action in view', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedForms(page, request);
  const checks: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/check-sheet-access')) checks.push(new URL(sent.url()).pathname);
  });
  const status = (name: string) =>
    page.getByRole('row', { name: new RegExp(name) }).getByTestId('sheet-status');

  await page.goto('/dashboard/forms');
  await expect(status('Feedback form')).toHaveText('Connected');
  for (let reload = 0; reload < 6; reload++) {
    await page.reload();
    await expect(status('Feedback form')).toHaveText('Connected');
    await expect(status('Annual Conference')).toHaveText('Connected');
  }
  expect(checks).toEqual(Array(7).fill('/api/v1/forms/check-sheet-access/batch'));

  // 'Add Google Sheets' fits on one line.
  const add = await page.getByRole('button', { name: /^Add Google Sheets/ }).boundingBox();
  expect(add?.height ?? 0).toBeLessThan(40);

  await page.getByRole('button', { name: /^Edit Google Sheets of Feedback form/ }).click();
  await page.getByRole('button', { name: /^Add Google Sheets/ }).click();
  await expect(page.getByRole('button', { name: /^Add Google Sheets/ })).toHaveCount(0);
  const region = await page.getByRole('region', { name: 'Forms' }).boundingBox();
  const formStatus = await page.getByRole('columnheader', { name: 'Form Status' }).boundingBox();
  const action = await page.getByRole('columnheader', { name: 'Action' }).boundingBox();
  if (!region || !formStatus || !action) throw new Error('the table is not laid out');
  expect(action.x + action.width).toBeLessThanOrEqual(region.x + region.width + 1);
  // Form Status is not hidden behind the Action column that stays at the right edge.
  expect(formStatus.x + formStatus.width).toBeLessThanOrEqual(action.x + 1);
  await page.screenshot({ path: 'screenshots/manage-forms-1280-editing.png', fullPage: true });
});

test('a form without a sheet says its responses wait for a sheet, with nothing to retry, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await signInViaApi(page, request, newOwner('waiting'));
  const formId = await createForm(request, session, {
    name: 'Unbound form',
    googleSheetsUrl: '',
    sheetName: 'Sheet1',
  });
  for (const name of ['Ada Lovelace', 'Grace Hopper']) {
    const sent = await request.post(`/api/v1/forms/${formId}/submit-form`, {
      data: { idempotencyKey: `waiting-${name}`, response: { 'Full Name': name } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await page.goto('/dashboard/forms');
  const row = page.getByRole('row', { name: /Unbound form/ });
  await expect(row.getByTestId('sync-waiting-for-sheet')).toHaveText('2 responses wait for a sheet');
  // Not a failure: no failed badge and no Retry, which could not work without a sheet.
  await expect(row.getByTestId('sync-failed')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/manage-forms-waiting-for-sheet-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article', { name: /Unbound form/ });
  await expect(card.getByTestId('sync-waiting-for-sheet')).toHaveText('2 responses wait for a sheet');
  await expect(card.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'screenshots/manage-forms-waiting-for-sheet-390.png', fullPage: true });
});
