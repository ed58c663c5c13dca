import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Session, signInViaApi } from '../support/api-session.js';
import { newOwner } from '../support/sign-in.js';

/**
 * Issue 23 in the owner's editor: a question shown only after a certain answer, and a prefilled link
 * with a locked answer. At a desktop and a phone width.
 */

async function createForm(request: APIRequestContext, session: Session): Promise<string> {
  const created = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: {
      googleSheetsUrl: '',
      sheetName: 'Sheet1',
      name: 'Summer party',
      description: 'Tell us if you are coming',
      jdata: [
        { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
        { label: 'Attending', type: 'radio', options: ['Yes', 'No'], required: true },
        { label: 'Dietary needs', type: 'text', placeHolder: 'Your answer' },
        { label: 'ref', type: 'hidden' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { formId: string } }).data.formId;
}

async function openEditor(page: Page, request: APIRequestContext, label: string) {
  const session = await signInViaApi(page, request, newOwner(label));
  const formId = await createForm(request, session);
  await page.goto(`/dashboard/form-update?formId=${formId}`);
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Summer party');
  return { session, formId };
}

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an owner shows a question only when an earlier answer is Yes, and it is still there after a reload', async ({
      page,
      request,
    }) => {
      const { session, formId } = await openEditor(page, request, `conditions-${name}`);
      const diet = page.getByRole('group', { name: 'Dietary needs', exact: true });

      await diet.getByRole('button', { name: 'Add condition to Dietary needs' }).click();
      const question = diet.getByRole('combobox', { name: 'Question of condition 1' });
      await expect(question.getByRole('option')).toHaveText(['Full Name', 'Attending']);
      await question.selectOption({ label: 'Attending' });
      await expect(diet.getByRole('combobox', { name: 'Value of condition 1' })).toHaveValue('Yes');
      await expect(diet.getByText('Shown when Attending is Yes')).toBeVisible();
      await diet.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/editor-condition-${viewport.width}.png` });

      await page.getByRole('button', { name: 'Update Form' }).click();
      await expect(page.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
      await page.waitForURL('**/dashboard/forms');

      const stored = await request.get(`/api/v1/forms/${formId}`, {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      });
      const { form } = ((await stored.json()) as { data: { form: { jdata: Record<string, unknown>[] } } })
        .data;
      const attendingId = form.jdata[1]?.id;
      expect(form.jdata[2]?.visibleWhen).toEqual({
        match: 'all',
        rules: [{ fieldId: attendingId, op: 'equals', value: 'Yes' }],
      });

      await page.goto(`/dashboard/form-update?formId=${formId}`);
      await expect(
        page
          .getByRole('group', { name: 'Dietary needs', exact: true })
          .getByText('Shown when Attending is Yes'),
      ).toBeVisible();
    });

    test('an owner gets a prefilled link with a locked hidden answer and copies it', async ({
      page,
      request,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const { formId } = await openEditor(page, request, `prefill-${name}`);

      await page.getByRole('button', { name: 'Get prefilled link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get a prefilled link' });
      await expect(dialog.getByRole('button', { name: 'Get link' })).toBeDisabled();
      await expect(dialog.getByText('Fill in at least one field to make a link.')).toBeVisible();

      await dialog.getByRole('combobox', { name: /^Attending/ }).selectOption('Yes');
      await dialog.getByRole('textbox', { name: /^ref/ }).fill('newsletter');
      await dialog.getByRole('checkbox', { name: 'Lock ref' }).check();
      await dialog.getByRole('spinbutton', { name: 'Link expires after' }).fill('7');
      await dialog.getByRole('button', { name: 'Get link' }).click();

      const link = dialog.getByRole('textbox', { name: 'Prefilled link' });
      await expect(link).toHaveValue(new RegExp(`/form/${formId}\\?.*prefill=`));
      const url = new URL(await link.inputValue());
      // The locked answer travels only in the signed token; the other one in the address.
      expect([...url.searchParams.values()]).toContain('Yes');
      expect(url.searchParams.get('prefill')?.split('.')).toHaveLength(2);
      expect(url.toString()).not.toContain('newsletter');
      await expect(dialog.getByText(/This link can be used until/)).toBeVisible();

      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url.toString());
      await page.screenshot({ path: `screenshots/editor-prefill-link-${viewport.width}.png` });

      const opened = await request.get(url.pathname + url.search);
      expect(opened.status()).toBe(200);
    });
  });
}
