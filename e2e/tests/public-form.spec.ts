import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import {
  createPublicForm,
  drawSignature,
  expectToast,
  field,
  ownerToken,
  storedResponses,
} from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

const SCREENSHOTS = '../e2e/screenshots';

async function fillRequired(scope: Page | ReturnType<Page['frameLocator']>, name = 'Ada Lovelace') {
  await field(scope, 'Full Name').fill(name);
  await field(scope, 'Email').fill('ada@example.org');
}

test('a respondent fills a form with a signature, submits it, and the owner finds the response', async ({
  page,
}) => {
  const token = await ownerToken(newOwner('pf-sign'));
  const formId = await createPublicForm(token, {
    settings: { signatureEnabled: 1, signatureWidth: 420, signatureHeight: 180 },
  });

  await page.goto(`/form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Meetup Registration' })).toBeVisible();
  await expect(page.getByText('Save your seat for the spring meetup.')).toBeVisible();
  await expect(page.getByText('* Required fields')).toBeVisible();
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
  await expect(field(page, 'Guests')).toHaveAttribute('type', 'number');
  await expect(field(page, 'Arrival')).toHaveAttribute('type', 'date');
  await expect(page.getByRole('link', { name: /Powered by SheetForms/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/public-form-desktop.png`, fullPage: true });

  const canvas = page.getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  const size = await canvas.boundingBox();
  expect(Math.round(size?.width ?? 0)).toBe(420);
  expect(Math.round(size?.height ?? 0)).toBe(180);

  // Download needs a drawing first.
  await page.getByRole('button', { name: 'Download PNG' }).click();
  await expectToast(page, 'Please sign before downloading');

  await fillRequired(page);
  await field(page, 'Guests').fill('2');
  await field(page, 'Arrival').fill('2025-04-12');
  // Notes stays empty: it must be left out of the response.

  // An empty pad blocks the submit.
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Signature is required')).toBeVisible();
  await expect(canvas).toBeFocused();

  await drawSignature(page, canvas);
  await expect(page.getByText('Signature is required')).toBeHidden();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toBe('signature.png');
  await expectToast(page, 'Signature downloaded successfully');
  await page.screenshot({ path: `${SCREENSHOTS}/public-form-signature.png`, fullPage: true });

  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/submit-form')) submits.push(request.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Submit Form' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('Your form has been submitted successfully.')).toBeVisible();
  await expectToast(page, 'Form submitted successfully!');
  await page.screenshot({ path: `${SCREENSHOTS}/public-form-thank-you.png`, fullPage: true });

  expect(submits).toHaveLength(1);
  const sent = JSON.parse(submits[0] ?? '{}');
  expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent.website).toBe('');
  expect(Object.keys(sent.response).sort()).toEqual(['Arrival', 'Email', 'Full Name', 'Guests', 'signature']);

  const responses = await storedResponses(token, formId);
  expect(responses).toHaveLength(1);
  const stored = responses[0]?.response ?? {};
  expect(stored).toMatchObject({
    'Full Name': 'Ada Lovelace',
    Email: 'ada@example.org',
    Guests: '2',
    Arrival: '2025-04-12',
  });
  expect(stored.Notes).toBeUndefined();
  const signatureUrl = stored.signature ?? '';
  expect(signatureUrl).toMatch(/\/uploads\/signatures\/[^/]+\.png$/);
  const png = await fetch(signatureUrl.replace(/^https?:\/\/[^/]+/, BASE_URL));
  expect(png.headers.get('content-type')).toContain('image/png');
});

test('required fields: errors under the fields, focus on the first, cleared on edit', async ({ page }) => {
  const token = await ownerToken(newOwner('pf-required'));
  const formId = await createPublicForm(token);
  await page.goto(`/form/${formId}`);

  // Keyboard only: tab to the submit button and press Enter.
  await field(page, 'Notes').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit Form' })).toBeFocused();
  await page.keyboard.press('Enter');

  const name = field(page, 'Full Name');
  await expect(page.getByText('Full Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Full Name is required');
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Email is required');

  await page.keyboard.type('Grace');
  await expect(page.getByText('Full Name is required')).toBeHidden();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(await storedResponses(token, formId)).toHaveLength(0);
});

test('the cookie banner on a GDPR form: Accept, Deny, and Manage Preferences', async ({ page }) => {
  const token = await ownerToken(newOwner('pf-gdpr'));
  const formId = await createPublicForm(token, { settings: { gdprEnabled: 1 } });
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  const stored = () =>
    page.evaluate(() => [
      localStorage.getItem('gdpr_consent'),
      localStorage.getItem('analytics_cookies'),
      localStorage.getItem('marketing_cookies'),
    ]);

  await page.goto(`/form/${formId}`);
  await expect(banner).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/public-form-cookie-banner.png` });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await stored()).toEqual(['accepted', 'true', 'true']);
  await page.reload();
  await expect(field(page, 'Full Name')).toBeVisible();
  await expect(banner).toBeHidden();

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await banner.getByRole('button', { name: 'Deny' }).click();
  await expect(banner).toBeHidden();
  expect(await stored()).toEqual(['denied', 'false', 'false']);
  // A denied choice asks again on the next visit.
  await page.reload();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Manage Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog.getByRole('checkbox', { name: /Essential/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Essential/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Analytics/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expectToast(page, 'Cookie preferences saved!');
  await expect(banner).toBeHidden();
  expect(await stored()).toEqual(['custom', 'true', 'false']);

  // The choice travels with the response.
  const consent = page.waitForRequest((request) => request.url().endsWith('/submit-form'));
  await fillRequired(page);
  await page.getByRole('button', { name: 'Submit Form' }).click();
  expect(JSON.parse((await consent).postData() ?? '{}').consent).toEqual({
    gdpr_consent: 'custom',
    analytics: true,
    marketing: false,
  });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});

test('the form works inside an iframe on another site', async ({ page }) => {
  const token = await ownerToken(newOwner('pf-iframe'));
  const formId = await createPublicForm(token, { name: 'Embedded Feedback' });
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Partner site</title></head>
      <body style="font-family:sans-serif;background:#fdf6e3;margin:0;padding:24px">
        <h1>Partner site</h1>
        <iframe title="Feedback form" src="${BASE_URL}/form/${formId}" style="width:100%;max-width:720px;height:900px;border:0"></iframe>
      </body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = host.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = page.frameLocator('iframe[title="Feedback form"]');
    await expect(frame.getByRole('heading', { name: 'Embedded Feedback' })).toBeVisible();
    // No page background inside the frame: the host's colour shows around the card.
    expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await fillRequired(frame, 'Framed Respondent');
    await frame.getByRole('button', { name: 'Submit Form' }).click();
    await expect(frame.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/public-form-iframe.png` });
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
  const responses = await storedResponses(token, formId);
  expect(responses.map((r) => r.response['Full Name'])).toEqual(['Framed Respondent']);
});

test('a form that is not accepting responses says so', async ({ page }) => {
  const token = await ownerToken(newOwner('pf-closed'));
  const formId = await createPublicForm(token, { status: 'Inactive' });
  await page.goto(`/form/${formId}`);
  await expect(page.getByText('This form is not accepting responses right now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Form' })).toHaveCount(0);
});

test('an unknown form shows the load error without a useless retry, and the page has no dashboard code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await page.goto('/form/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Failed to load form' })).toBeVisible();
  await expect(page.getByText('Form not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((code) => code.includes('Manage Forms'))).toBe(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the form fits the screen and submits, signature included', async ({ page }) => {
    const token = await ownerToken(newOwner('pf-phone'));
    const formId = await createPublicForm(token, {
      settings: { signatureEnabled: 1, signatureWidth: 600, signatureHeight: 200 },
    });
    await page.goto(`/form/${formId}`);
    await expect(field(page, 'Full Name')).toBeVisible();
    const canvas = page.getByTestId('signature-canvas');
    await expect(canvas).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect((await canvas.boundingBox())?.width ?? 999).toBeLessThan(390);
    await page.screenshot({ path: `${SCREENSHOTS}/public-form-phone.png`, fullPage: true });

    await fillRequired(page, 'Phone Person');
    await drawSignature(page, canvas);
    await page.getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    const responses = await storedResponses(token, formId);
    expect(responses[0]?.response.signature).toMatch(/\.png$/);
  });
});
