import { expect, test } from '@playwright/test';

test('a local-mode user creates a spreadsheet from a CSV file on /__google/ and sees its rows', async ({
  page,
}) => {
  const title = `Volunteers ${Date.now()}`;
  await page.goto('/__google/');
  await expect(page.getByRole('heading', { name: 'Spreadsheets' })).toBeVisible();
  // The seeded demo sheet is there to copy a URL from.
  await expect(page.getByRole('link', { name: 'Event Registration' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'volunteers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Name,Email,Shift\nAda,ada@example.com,"Morning, early"\n"Grace ""Amazing"" Hopper",grace@example.com,Evening\n',
    ),
  });
  await page.getByRole('button', { name: 'Create spreadsheet' }).click();

  await page.getByRole('link', { name: title }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'Morning, early' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Grace "Amazing" Hopper' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'ada@example.com' })).toBeVisible();
});
