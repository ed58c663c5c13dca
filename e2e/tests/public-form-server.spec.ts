import { expect, test } from '@playwright/test';
import {
  createPublicForm,
  expectToast,
  field,
  ownerToken,
  storedResponses,
} from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

// The public form rendered on the server (decision 0020): it is in the HTML, works as a plain HTML form
// without JavaScript, and with JavaScript loads React only once the respondent acts, then hydrates.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form is in the page, refuses missing answers with its errors, and stores the response once', async ({
    page,
  }) => {
    const token = await ownerToken(newOwner('pf-nojs'));
    const formId = await createPublicForm(token);

    await page.goto(`/form/${formId}`);
    await expect(page).toHaveTitle('Spring Meetup Registration · SheetForms');
    await expect(page.getByRole('heading', { level: 1, name: 'Spring Meetup Registration' })).toBeVisible();
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email');

    // Only the email: the name is required.
    await field(page, 'Email').fill('ada@example.org');
    await page.getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Email')).toHaveValue('ada@example.org');
    expect(await storedResponses(token, formId)).toHaveLength(0);

    await field(page, 'Full Name').fill('Ada Lovelace');
    await field(page, 'Guests').fill('2');
    const nonce = await page.locator('input[name="submission"]').inputValue();
    await page.getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText('Your form has been submitted successfully.')).toBeVisible();
    await page.screenshot({ path: '../e2e/screenshots/public-form-no-js-thank-you.png', fullPage: true });

    // The same POST again (a double click, a resent form): the thank-you page, still one response.
    const again = await page.request.post(`/form/${formId}`, {
      form: {
        submission: nonce,
        'answer:Full Name': 'Ada Lovelace',
        'answer:Email': 'ada@example.org',
        'answer:Guests': '2',
        'answer:Arrival': '',
        'answer:Notes': '',
        website: '',
      },
    });
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain('Thank You!');
    const responses = await storedResponses(token, formId);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.response).toMatchObject({
      'Full Name': 'Ada Lovelace',
      Email: 'ada@example.org',
      Guests: '2',
    });
  });

  test('a GDPR form shows no cookie banner (no consent could be kept), a login-protected form says why it cannot', async ({
    page,
  }) => {
    const token = await ownerToken(newOwner('pf-nojs-gdpr'));
    const gdpr = await createPublicForm(token, { settings: { gdprEnabled: 1 } });
    await page.goto(`/form/${gdpr}`);
    await expect(field(page, 'Full Name')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();

    const guarded = await createPublicForm(token, { name: 'Members Survey', settings: { loginRequired: 1 } });
    await page.goto(`/form/${guarded}`);
    // (Inside <noscript>, which Playwright's text matching skips: found by its role.)
    await expect(page.getByRole('heading', { name: 'Please log in to submit the form' })).toBeVisible();
    await expect(page.getByTestId('form-loading')).toBeHidden();
    await expect(page.getByText('Members Survey')).toHaveCount(0);
  });
});

test('with JavaScript: painted from the HTML, React loaded on the first action, hydrated without errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const scripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });

  const token = await ownerToken(newOwner('pf-hydrate'));
  const formId = await createPublicForm(token);
  await page.goto(`/form/${formId}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Meetup Registration' })).toBeVisible();
  // The first load: the small entry only; no React, no form code, no request for the form.
  expect(scripts.some((path) => /\/assets\/(react|client)-/.test(path))).toBe(false);
  expect(apiCalls).toEqual([]);

  await field(page, 'Full Name').fill('Grace Hopper');
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  expect(scripts.some((path) => /\/assets\/react-/.test(path))).toBe(true);
  await expect(field(page, 'Full Name')).toHaveValue('Grace Hopper');
  await field(page, 'Email').fill('grace@example.org');
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expectToast(page, 'Form submitted successfully!');
  expect(apiCalls).toContain(`/api/v1/forms/${formId}/submit-form`);
  expect(apiCalls).not.toContain('/api/v1/forms/validate-form');
  expect(problems).toEqual([]);
  expect(await storedResponses(token, formId)).toHaveLength(1);
});

test('with JavaScript: a submit before React arrives waits for it and goes through the JSON API', async ({
  page,
}) => {
  const token = await ownerToken(newOwner('pf-early'));
  const formId = await createPublicForm(token);
  // Hold the form's code back until the respondent has already pressed Submit.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/submit-form')) submits.push(request.postData() ?? '');
  });
  await page.goto(`/form/${formId}`);
  await field(page, 'Full Name').fill('Early Bird');
  await field(page, 'Email').fill('early@example.org');
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page).toHaveURL(new RegExp(`/form/${formId}$`));
  release();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expectToast(page, 'Form submitted successfully!');
  expect(submits).toHaveLength(1);
  expect(JSON.parse(submits[0] ?? '{}').response).toMatchObject({ 'Full Name': 'Early Bird' });
});
