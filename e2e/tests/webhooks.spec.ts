import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Session, signInViaApi } from '../support/api-session.js';
import { field } from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

/**
 * Issue 24 in the browser: an owner adds a webhook in the editor (its secret shown once), a respondent
 * submits the public form, the receiver gets one signed delivery, and the owner sees it delivered in the
 * log and sends it again with the same delivery id. At a desktop and a phone width.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sheetforms`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function createForm(request: APIRequestContext, session: Session): Promise<string> {
  const created = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: {
      googleSheetsUrl: '',
      sheetName: 'Sheet1',
      name: 'Workshop sign-up',
      description: 'Save your seat',
      jdata: [
        { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
        { label: 'Sessions', type: 'checkboxes', options: ['Morning', 'Afternoon'] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { formId: string } }).data.formId;
}

/** Hours since the epoch, in UTC: the digest's schedule. */
function utcHour(): number {
  return Math.floor(Date.now() / 3_600_000);
}

function signatureHolds(secret: string, call: Received): boolean {
  const header = String(call.headers['x-sheetforms-signature'] ?? '');
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  return v1 === createHmac('sha256', secret).update(`${t}.${call.body}`).digest('hex');
}

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an owner adds a webhook, a response reaches it signed, and the log sends it again', async ({
      page,
      request,
    }) => {
      const receiver = await startReceiver();
      try {
        const session = await signInViaApi(page, request, newOwner(`webhooks-${name}`));
        const formId = await createForm(request, session);
        await page.goto(`/dashboard/form-update?formId=${formId}`);
        const panel = page.getByRole('region', { name: 'Webhooks' });
        await expect(panel.getByText('No webhooks yet')).toBeVisible();
        await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();

        await panel.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
        await panel.getByRole('button', { name: 'Add Webhook' }).click();
        const secret = (await panel.getByTestId('webhook-secret').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `screenshots/webhooks-panel-${viewport.width}.png` });
        await panel.getByRole('button', { name: 'Done' }).click();
        await expect(panel.getByTestId('webhook-secret')).toHaveCount(0);
        await expect(panel.getByText(receiver.url)).toBeVisible();

        const respondent = await page.context().newPage();
        await respondent.goto(`/form/${formId}`);
        await field(respondent, 'Full Name').fill('Ada Lovelace');
        await respondent.getByLabel('Afternoon', { exact: true }).check();
        await respondent.getByRole('button', { name: 'Submit Form' }).click();
        await expect(respondent.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
        await respondent.close();

        await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
        const [first] = receiver.received;
        expect(signatureHolds(secret, first as Received)).toBe(true);
        const payload = JSON.parse(first?.body ?? '{}');
        expect(payload.response.answers).toEqual({ 'Full Name': 'Ada Lovelace', Sessions: 'Afternoon' });
        expect(first?.headers['x-sheetforms-delivery']).toBe(payload.id);

        await panel.getByRole('button', { name: 'Deliveries' }).click();
        const dialog = page.getByRole('dialog', { name: 'Deliveries' });
        await expect(dialog.getByText('Delivered')).toBeVisible();
        await page.screenshot({ path: `screenshots/webhook-deliveries-${viewport.width}.png` });
        await dialog.getByRole('button', { name: 'Send again' }).click();
        await expect(page.getByText('Queued to send again')).toBeVisible();
        await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
        expect(receiver.received[1]?.headers['x-sheetforms-delivery']).toBe(payload.id);
        await page.keyboard.press('Escape');

        // The Responses page shows where the response went besides the sheet (the owner's mail is
        // written to the log in local mode, so it counts as sent). The receiver has the second POST a
        // moment before the worker records it as delivered, and the page does not poll a form without a
        // sheet: it is loaded again until the webhook's badge says Sent.
        await page.goto(`/dashboard/responses?formId=${formId}`);
        const deliveries = page.getByTestId('deliveries').first();
        const host = new URL(receiver.url).host;
        await expect(deliveries.getByRole('button', { name: /^Email to you\s*Sent/ })).toBeVisible();
        const webhookSent = deliveries.getByRole('button', {
          name: new RegExp(`^Webhook ${host.replaceAll('.', '\\.')}\\s*Sent`),
        });
        await expect(async () => {
          if (await webhookSent.isVisible()) return;
          await page.reload();
          await expect(webhookSent).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
        await page.screenshot({ path: `screenshots/response-deliveries-${viewport.width}.png` });
      } finally {
        await receiver.close();
      }
    });

    test('an owner turns on receipts and an hourly digest; a response shows both on the Responses page', async ({
      page,
      request,
    }) => {
      const session = await signInViaApi(page, request, newOwner(`receipts-${name}`));
      const created = await request.post('/api/v1/forms', {
        headers: { Authorization: `Bearer ${session.accessToken}` },
        data: {
          googleSheetsUrl: '',
          sheetName: 'Sheet1',
          name: 'Course booking',
          jdata: [
            { label: 'Full Name', type: 'text', required: true },
            { label: 'Email', type: 'email', required: true },
          ],
        },
      });
      expect(created.status()).toBe(201);
      const formId = ((await created.json()) as { data: { formId: string } }).data.formId;

      await page.goto(`/dashboard/form-update?formId=${formId}`);
      await page
        .getByRole('combobox', { name: 'Send', exact: true })
        .selectOption('One mail an hour (digest)');
      await page.getByRole('switch', { name: 'Respondent Receipt' }).click();
      const addressField = page.getByRole('combobox', { name: 'Send to the address typed in' });
      await expect(page.getByText('Choose an email field for the receipt')).toBeVisible();
      await addressField.selectOption('Email');
      await expect(page.getByText('Choose an email field for the receipt')).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Attach as PDF' })).toHaveValue('');
      await addressField.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/receipt-settings-${viewport.width}.png` });
      await page.getByRole('button', { name: 'Update Form' }).click();
      await expect(page.getByText('Form updated successfully!')).toBeVisible();

      // The digest is due when the UTC hour of the submission ends (noted before it is sent).
      const hourOfSubmission = utcHour();
      const respondent = await page.context().newPage();
      await respondent.goto(`/form/${formId}`);
      await field(respondent, 'Full Name').fill('Grace Hopper');
      await field(respondent, 'Email').fill('grace@example.com');
      await respondent.getByRole('button', { name: 'Submit Form' }).click();
      await expect(respondent.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
      await respondent.close();

      // Local mode without SMTP_URL writes each mail to the log, so the receipt counts as sent; the
      // digest waits for the end of the hour.
      await page.goto(`/dashboard/responses?formId=${formId}`);
      const deliveries = page.getByTestId('deliveries').first();
      await expect(async () => {
        await page.reload();
        await expect(deliveries.getByRole('button', { name: /^Receipt to respondent\s*Sent/ })).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 15_000 });
      const digest = deliveries.getByRole('button', { name: /^Digest to you\s*(Scheduled|Sent)/ });
      await expect(digest).toBeVisible();
      // Sent only if that hour ended while the test ran; otherwise it must wait.
      if (/Sent/.test((await digest.textContent()) ?? '')) expect(utcHour()).not.toBe(hourOfSubmission);
      await page.screenshot({ path: `screenshots/response-receipt-${viewport.width}.png` });
    });
  });
}
