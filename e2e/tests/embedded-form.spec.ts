import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { BASE_URL, CHROMIUM_LAUNCH } from '../playwright.config.js';
import {
  addFormUser,
  createPublicForm,
  field,
  ownerToken,
  storedResponses,
} from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

/**
 * A form embedded on another site (issue 22): the snippet owners copy sizes its frame to the form, and a
 * login-protected form works where the browser blocks the frame's storage. The host page is served from
 * 127.0.0.1, another site than the app's localhost, as a customer's own site would be.
 */

const SCREENSHOTS = '../e2e/screenshots';

/** Serves `body` as the host page on 127.0.0.1 for the length of `use`. */
async function withHostPage(body: string, use: (hostUrl: string) => Promise<void>) {
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Partner site</title></head>
      <body style="font-family:sans-serif;background:#fdf6e3;margin:0;padding:16px">
        <h1>Partner site</h1>${body}<footer><p>Partner footer</p></footer></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  } finally {
    // The browser keeps its connections to the host open: close them, or close() waits for them.
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  }
}

/** The snippet the owner copies from Manage Forms, as the API gives it. */
async function snippetOf(token: string, formId: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v1/forms`, { headers: { authorization: `Bearer ${token}` } });
  const forms = ((await res.json()) as { data: { formId: string; iframeCode: string }[] }).data;
  const form = forms.find((candidate) => candidate.formId === formId);
  if (!form) throw new Error('the form is not listed');
  return form.iframeCode;
}

async function frameHeight(page: Page): Promise<number> {
  return page.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().height);
}

/** How far the form's own document scrolls inside the frame (0: it fits). */
async function innerScroll(frame: FrameLocator): Promise<number> {
  return frame
    .locator('html')
    .evaluate((html) =>
      Math.max(0, html.scrollHeight - html.clientHeight, html.scrollWidth - html.clientWidth),
    );
}

test.describe('the embed snippet on a phone-sized page', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('grows the frame to the form, never scrolls inside it, follows it when it changes, and listens only to the form', async ({
    page,
  }) => {
    const token = await ownerToken(newOwner('embed-height'));
    const formId = await createPublicForm(token, { name: 'Embedded Feedback' });
    const snippet = await snippetOf(token, formId);
    expect(snippet).toContain(`<script src="${BASE_URL}/embed.js" async></script>`);

    await withHostPage(snippet, async (hostUrl) => {
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: 'Embedded Feedback' })).toBeVisible();
      // The form is taller than the 800 px the plain iframe asks for: the frame grows to it.
      await expect.poll(() => frameHeight(page)).not.toBe(800);
      await expect.poll(() => innerScroll(frame)).toBe(0);
      const formHeight = await frameHeight(page);
      await page.screenshot({ path: `${SCREENSHOTS}/embedded-form-390.png`, fullPage: true });

      // Another page cannot resize the frame: the script listens to the forms server only.
      await page.evaluate(() => window.postMessage({ type: 'sheetforms:height', height: 150 }, '*'));
      await page.waitForTimeout(200);
      expect(await frameHeight(page)).toBe(formHeight);

      // Errors make the form taller; the frame follows, and still nothing scrolls inside.
      await frame.getByRole('button', { name: 'Submit Form' }).click();
      await expect(frame.getByText('Full Name is required')).toBeVisible();
      await expect.poll(() => frameHeight(page)).toBeGreaterThan(formHeight);
      await expect.poll(() => innerScroll(frame)).toBe(0);

      // The thank-you card is much shorter: the frame shrinks with it.
      await field(frame, 'Full Name').fill('Framed Respondent');
      await field(frame, 'Email').fill('framed@example.com');
      await frame.getByRole('button', { name: 'Submit Form' }).click();
      await expect(frame.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
      await expect.poll(() => frameHeight(page)).toBeLessThan(formHeight / 2);
      await expect.poll(() => innerScroll(frame)).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/embedded-form-390-thank-you.png`, fullPage: true });
    });
    expect((await storedResponses(token, formId)).map((r) => r.response['Full Name'])).toEqual([
      'Framed Respondent',
    ]);
  });
});

test('a login-protected form logs in and submits inside a frame whose storage the browser blocks', async () => {
  const token = await ownerToken(newOwner('embed-login'));
  const formId = await createPublicForm(token, { name: 'Members Survey', settings: { loginRequired: 1 } });
  const email = `member-${Date.now().toString(36)}@sheetforms.test`;
  const { password } = await addFormUser(token, formId, email, 'Mia Member');
  const snippet = await snippetOf(token, formId);

  // A browser profile that blocks third-party cookies, and with them a third-party frame's storage.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-blocked-'));
  fs.mkdirSync(path.join(profile, 'Default'));
  fs.writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }),
  );
  const context = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await withHostPage(snippet, async (hostUrl) => {
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: 'Form Login' })).toBeVisible();
      // The condition this test is about: the frame may not touch its storage.
      const framed = page.frames().find((candidate) => candidate.url().startsWith(BASE_URL));
      expect(
        await framed?.evaluate(() => {
          try {
            window.localStorage.getItem('x');
            return 'readable';
          } catch (error) {
            return (error as Error).name;
          }
        }),
      ).toBe('SecurityError');

      await frame.getByLabel('Email').fill(email);
      await frame.getByLabel('Password', { exact: true }).fill(password);
      await frame.getByRole('button', { name: 'Login' }).click();
      await expect(frame.getByText('Login successful!')).toBeVisible();
      // The form, not the login page again.
      await expect(frame.getByRole('heading', { name: 'Members Survey' })).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Form Login' })).toHaveCount(0);
      await field(frame, 'Full Name').fill('Mia Member');
      await field(frame, 'Email').fill(email);
      await frame.getByRole('button', { name: 'Submit Form' }).click();
      await expect(frame.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/embedded-login-blocked-storage.png`, fullPage: true });
    });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  expect((await storedResponses(token, formId)).map((r) => r.response['Full Name'])).toEqual(['Mia Member']);
});
