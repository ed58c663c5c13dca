import { type APIRequestContext, expect, test } from '@playwright/test';
import { seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { field } from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

/** The emulator's API key of local mode: reads a spreadsheet through Sheets v4 as the product would. */
const LOCAL_API_KEY = 'local-emulator-api-key';
const SHEET_TITLE = 'Workshop Sign-ups';

/** The sheet's rows as typed values (UNFORMATTED_VALUE): numbers stay numbers, checkboxes booleans. */
async function typedRows(request: APIRequestContext, spreadsheetId: string): Promise<unknown[][]> {
  const response = await request.get(
    `/__google/v4/spreadsheets/${spreadsheetId}/values/Registrations?valueRenderOption=UNFORMATTED_VALUE&key=${LOCAL_API_KEY}`,
  );
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { values: unknown[][] }).values;
}

test("an owner builds a form from a sheet's own rules; a respondent on a phone answers it, and the row holds typed values", async ({
  page,
  browser,
  request,
}) => {
  const session = await signInViaApi(page, request, newOwner('choices'));
  const sheet = await seededSpreadsheet(request, SHEET_TITLE);

  await page.goto('/dashboard/form-generator');
  await page.getByRole('textbox', { name: 'Google Sheets URL' }).fill(sheet.spreadsheetUrl);
  await page.getByRole('button', { name: 'Load Data' }).click();
  await page.getByRole('combobox', { name: 'Sheet' }).selectOption('Registrations');

  // The generator proposes each column's type from the sheet's data validation, and says why.
  const list = page.getByRole('list', { name: 'Form fields' });
  await expect(list.getByRole('combobox', { name: 'Type of Session' })).toHaveValue('dropdown');
  await expect(list.getByRole('combobox', { name: 'Type of Guests' })).toHaveValue('number');
  await expect(list.getByRole('combobox', { name: 'Type of Newsletter' })).toHaveValue('checkbox');
  await expect(list.getByRole('combobox', { name: 'Type of Email' })).toHaveValue('email');
  await expect(list.getByRole('combobox', { name: 'Type of Dietary needs' })).toHaveValue('dropdown');
  await expect(list.getByText("From the sheet's dropdown").first()).toBeVisible();
  await expect(list.getByText("From the sheet's checkbox")).toBeVisible();
  await page.getByRole('checkbox', { name: 'Required Session', exact: true }).check();
  await page.screenshot({ path: 'screenshots/generator-sheet-rules.png', fullPage: true });

  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.getByText('Form created successfully!')).toBeVisible();

  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const forms = (await (await request.get('/api/v1/forms', { headers })).json()) as {
    data: { formId: string; name: string }[];
  };
  const formId = forms.data.find((form) => form.name === `${SHEET_TITLE} - Registrations`)?.formId;
  expect(formId).toBeDefined();

  // A respondent on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const respondent = await phone.newPage();
  await respondent.goto(`/form/${formId}`);
  await field(respondent, 'Name').fill('Grace Hopper');
  await field(respondent, 'Email').fill('grace@example.com');
  // The sheet's range rule held: out of range is refused in the browser with the server's message.
  await field(respondent, 'Guests').fill('9');
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await expect(respondent.getByText('Guests must be at most 5')).toBeVisible();
  await field(respondent, 'Guests').fill('3');
  await respondent.getByLabel(/^Session/).selectOption('Afternoon talk');
  await respondent.getByLabel(/^Dietary needs/).selectOption('Vegan');
  await respondent.getByRole('checkbox', { name: /^Newsletter/ }).check();
  const scrollsSideways = await respondent.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrollsSideways).toBe(false);
  await respondent.screenshot({ path: 'screenshots/public-form-choices-phone.png', fullPage: true });
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await phone.close();

  // The row reaches the sheet with values its own rules accept: a number, a boolean, listed options.
  await expect
    .poll(
      async () => (await typedRows(request, sheet.spreadsheetId)).some((row) => row[0] === 'Grace Hopper'),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const rows = await typedRows(request, sheet.spreadsheetId);
  const header = rows[0] as string[];
  const row = rows.find((cells) => cells[0] === 'Grace Hopper') as unknown[];
  const cell = (name: string) => row[header.indexOf(name)];
  expect(cell('Email')).toBe('grace@example.com');
  expect(cell('Session')).toBe('Afternoon talk');
  expect(cell('Guests')).toBe(3);
  expect(cell('Newsletter')).toBe(true);
  expect(cell('Dietary needs')).toBe('Vegan');
});
