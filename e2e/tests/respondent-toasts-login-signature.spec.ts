import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import { createPublicForm, field, ownerToken, storedResponses } from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

// Issue 22, what a respondent notices: one toast that never covers the result, success once the
// response is stored (the sheet is the owner's), a login page that says what to do about a lost
// password, and a signature that can be typed with the keyboard alone.

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a form without a sheet thanks the respondent, with one toast that does not cover the card', async ({
    page,
  }) => {
    const token = await ownerToken(newOwner('r22-toast'));
    const formId = await createPublicForm(token);
    await page.goto(`/form/${formId}`);
    await field(page, 'Full Name').fill('Ada Lovelace');
    await field(page, 'Email').fill('ada@example.org');
    await page.getByRole('button', { name: 'Submit Form' }).click();

    const heading = page.getByRole('heading', { name: 'Thank You!' });
    await expect(heading).toBeVisible();
    const toasts = page.getByRole('region', { name: 'Notifications' }).locator('.pf-toast');
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveText(/Form submitted successfully!/);
    await expect(page.getByText(/Google Sheet/)).toHaveCount(0);

    const toastBox = await toasts.boundingBox();
    const cardBox = await page.locator('main').boundingBox();
    if (!toastBox || !cardBox) throw new Error('toast or card not laid out');
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(cardBox.y);
    await page.screenshot({ path: '../e2e/screenshots/respondent-thank-you-390.png', fullPage: true });
  });
});

test('the login page of a protected form says what to do about a lost password', async ({ page }) => {
  const token = await ownerToken(newOwner('r22-login'));
  const formId = await createPublicForm(token, { name: 'Members Survey', settings: { loginRequired: 1 } });
  await page.goto(`/form/${formId}`);
  await expect(page.getByRole('heading', { name: 'Form Login' })).toBeVisible();
  await expect(page.getByText('Forgot your password? Ask the form owner to reset it.')).toBeVisible();
});

test('a signature typed with the keyboard alone is stored as a PNG', async ({ page }) => {
  const token = await ownerToken(newOwner('r22-typed'));
  const formId = await createPublicForm(token, {
    settings: { signatureEnabled: 1, signatureWidth: 400, signatureHeight: 200 },
  });
  await page.goto(`/form/${formId}`);
  await field(page, 'Full Name').focus();
  await page.keyboard.type('Grace Hopper');
  await field(page, 'Email').focus();
  await page.keyboard.type('grace@example.org');

  await page.getByRole('radio', { name: 'Type your signature' }).focus();
  await page.keyboard.press('Space');
  const typed = page.getByLabel('Typed signature');
  await expect(typed).toBeVisible();
  await typed.focus();
  await page.keyboard.type('Grace Hopper');
  await expect(page.getByRole('img', { name: 'Signature preview: Grace Hopper' })).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const [stored] = await storedResponses(token, formId);
  const signatureUrl = stored?.response.signature ?? '';
  expect(signatureUrl).toMatch(/\.png$/);
  const png = await fetch(signatureUrl.replace(/^https?:\/\/[^/]+/, BASE_URL));
  expect(png.headers.get('content-type')).toContain('image/png');
});
