import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  createPublicForm,
  field,
  ownerToken,
  prefillLink,
  storedResponses,
} from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

// Issue 23 on the respondent's page: a follow-up question that appears and goes as answers change (and is
// stored blank when it was hidden), and an owner's prefilled link whose locked answers show read-only and
// reach the stored response and the sheet's row.

const RSVP_FIELDS = [
  { id: 'attending', label: 'Attending', type: 'radio', required: true, options: ['Yes', 'No'] },
  {
    id: 'dietary',
    label: 'Dietary needs',
    type: 'text',
    required: true,
    placeHolder: 'Vegetarian, allergies, ...',
    visibleWhen: { match: 'all' as const, rules: [{ fieldId: 'attending', op: 'equals', value: 'Yes' }] },
  },
  { id: 'name', label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
];

const ORDER_FIELDS = [
  { id: 'name', label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { id: 'order', label: 'Order number', type: 'text', required: true },
  { id: 'plan', label: 'Plan', type: 'radio', required: true, options: ['Basic', 'Pro'] },
  { id: 'source', label: 'utm_source', type: 'hidden', required: false },
  { id: 'comments', label: 'Comments', type: 'textarea', required: false, placeHolder: 'How did it go?' },
];

async function sharedSheet(request: APIRequestContext) {
  const created = await request.post('/__google/__emulator/spreadsheets', {
    data: {
      title: `Orders ${Date.now()}`,
      sheets: [{ title: 'Responses', rows: [['Full Name']] }],
      sharing: { link: 'edit', people: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { spreadsheetId: string; spreadsheetUrl: string };
}

async function sheetValues(request: APIRequestContext, spreadsheetId: string) {
  const response = await request.get(`/__google/__emulator/spreadsheets/${spreadsheetId}/values/Responses`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { values?: string[][] }).values ?? [];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a follow-up appears for 'Yes', goes for 'No', and is stored blank", async ({ page }) => {
      const token = await ownerToken(newOwner(`rsvp-${width}`));
      const formId = await createPublicForm(token, { name: 'Summer party RSVP', jdata: RSVP_FIELDS });

      await page.goto(`/form/${formId}`);
      const followUp = field(page, 'Dietary needs');
      await expect(followUp).toBeHidden();
      await field(page, 'Full Name').fill('Grace Hopper');

      await page.getByLabel('Yes', { exact: true }).check();
      await expect(followUp).toBeVisible();
      await followUp.fill('Vegetarian');
      await page.screenshot({ path: `screenshots/conditional-follow-up-${width}.png`, fullPage: true });

      await page.getByLabel('No', { exact: true }).check();
      await expect(followUp).toBeHidden();
      // Not required while hidden: the form goes.
      await page.getByRole('button', { name: 'Submit Form' }).click();
      await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

      const [stored] = await storedResponses(token, formId);
      expect(stored?.response).toMatchObject({ Attending: 'No', 'Full Name': 'Grace Hopper' });
      expect(stored?.response['Dietary needs'] ?? '').toBe('');
    });

    test('a prefilled link shows its locked answers read-only, and the row has them', async ({
      page,
      request,
    }) => {
      const token = await ownerToken(newOwner(`prefill-${width}`));
      const sheet = await sharedSheet(request);
      const formId = await createPublicForm(token, {
        name: 'Order feedback',
        description: 'Tell us how your order went.',
        jdata: ORDER_FIELDS,
        googleSheetsUrl: sheet.spreadsheetUrl,
        sheetName: 'Responses',
      });
      const link = await prefillLink(token, formId, {
        values: { order: 'A-1042', plan: 'Pro', name: 'Ada Lovelace' },
        locked: ['order', 'plan'],
      });

      await page.goto(`${link}&utm_source=newsletter`);
      const order = field(page, 'Order number');
      await expect(order).toHaveValue('A-1042');
      await expect(order).toHaveAttribute('readonly', '');
      await expect(order).toHaveAccessibleDescription('Set by the form owner');
      await expect(page.getByLabel('Pro', { exact: true })).toBeChecked();
      await expect(page.getByLabel('Pro', { exact: true })).toBeDisabled();
      await expect(page.getByText('Set by the form owner')).toHaveCount(2);
      // Prefilled but not locked: the respondent may change it.
      await expect(field(page, 'Full Name')).toHaveValue('Ada Lovelace');
      await expect(field(page, 'Full Name')).toBeEditable();
      await expect(page.getByText('utm_source')).toHaveCount(0);
      await page.screenshot({ path: `screenshots/prefilled-locked-${width}.png`, fullPage: true });

      await field(page, 'Comments').fill('Arrived a day early.');
      await page.getByRole('button', { name: 'Submit Form' }).click();
      await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

      const [stored] = await storedResponses(token, formId);
      expect(stored?.response).toMatchObject({
        'Full Name': 'Ada Lovelace',
        'Order number': 'A-1042',
        Plan: 'Pro',
        utm_source: 'newsletter',
        Comments: 'Arrived a day early.',
      });
      await expect.poll(async () => (await sheetValues(request, sheet.spreadsheetId)).length).toBe(2);
      const [header = [], row = []] = await sheetValues(request, sheet.spreadsheetId);
      expect(row[header.indexOf('Order number')]).toBe('A-1042');
      expect(row[header.indexOf('Plan')]).toBe('Pro');
      expect(row[header.indexOf('utm_source')]).toBe('newsletter');
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every question shows, and the server still drops the answer its conditions hide', async ({
    page,
  }) => {
    const token = await ownerToken(newOwner('rsvp-nojs'));
    const formId = await createPublicForm(token, { name: 'Summer party RSVP', jdata: RSVP_FIELDS });

    await page.goto(`/form/${formId}`);
    await expect(field(page, 'Dietary needs')).toBeVisible();
    await field(page, 'Full Name').fill('Alan Turing');
    await page.getByLabel('No', { exact: true }).check();
    await field(page, 'Dietary needs').fill('None');
    await page.getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    const [stored] = await storedResponses(token, formId);
    expect(stored?.response).toMatchObject({ Attending: 'No', 'Full Name': 'Alan Turing' });
    expect(stored?.response['Dietary needs'] ?? '').toBe('');
  });
});
