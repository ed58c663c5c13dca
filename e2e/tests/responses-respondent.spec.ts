import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import { signInViaApi } from '../support/api-session.js';
import { addFormUser, createPublicForm } from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

// Issue 22, item 8: the owner sees who answered a login-protected form, a form without a sheet reads
// 'No sheet' (neutral, never a red 'Failed'), and at 1280 px the Signature column is not hidden under
// the sticky Actions column. Seeded through the API; screenshots at 390 and 1280 px.

const EMAIL = 'grace.hopper@example.org';

/** A real, small RGB PNG (a dark stroke on white) for the signature upload. */
function signaturePng(width = 240, height = 80): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    for (let x = 20; x < width - 20; x++) {
      const curve = Math.round(height / 2 + Math.sin(x / 12) * (height / 4));
      if (Math.abs(curve - y) <= 1) row.fill(30, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function api<T>(path: string, init: { body: unknown; token?: string }): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} failed: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A login-protected form with a signature and no sheet, answered twice by an authorized user. */
async function seed(page: Page, request: Parameters<typeof signInViaApi>[1], label: string) {
  const owner = newOwner(label);
  const session = await signInViaApi(page, request, owner);
  const formId = await createPublicForm(session.accessToken, {
    name: 'Members Survey',
    settings: { loginRequired: 1, signatureEnabled: 1 },
  });
  const { password } = await addFormUser(session.accessToken, formId, EMAIL, 'Grace Hopper');
  const { token } = await api<{ token: string }>('/user/form/login', {
    body: { formId, email: EMAIL, password },
  });
  for (const name of ['Grace Hopper', 'Grace B. Hopper']) {
    const upload = new FormData();
    upload.append('formId', formId);
    upload.append(
      'signature',
      new Blob([new Uint8Array(signaturePng())], { type: 'image/png' }),
      'signature.png',
    );
    const uploaded = await fetch(`${BASE_URL}/api/v1/forms/submit-signature`, {
      method: 'POST',
      body: upload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.ok).toBe(true);
    const reply = (await uploaded.json()) as { signature?: string; data?: { signature: string } };
    const signature = reply.data?.signature ?? reply.signature;
    expect(signature).toMatch(/\.png$/);
    await api(`/forms/${formId}/submit-form`, {
      body: {
        idempotencyKey: randomUUID(),
        userToken: token,
        response: {
          'Full Name': name,
          Email: 'grace@navy.example',
          Guests: '2',
          Notes: 'Arriving early to help set up the room and the projector.',
          signature,
        },
      },
    });
  }
  return formId;
}

async function openResponses(page: Page, formId: string) {
  await page.goto(`/dashboard/responses?formId=${formId}`);
  const table = page.getByRole('table', { name: 'Responses' });
  await expect(table.getByRole('row')).toHaveCount(3);
  return table;
}

/** Neither box covers the other horizontally (the signature is fully left of the sticky column). */
async function expectLeftOf(left: Locator, right: Locator) {
  const a = await left.boundingBox();
  const b = await right.boundingBox();
  if (!a || !b) throw new Error('not laid out');
  // Half a pixel for sub-pixel borders.
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + 0.5);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the owner sees who answered, No sheet, and the whole Signature column beside Actions', async ({
    page,
    request,
  }) => {
    const formId = await seed(page, request, 'resp-1280');
    const table = await openResponses(page, formId);

    await expect(table.getByRole('columnheader', { name: 'Respondent' })).toBeVisible();
    await expect(table.getByRole('cell', { name: EMAIL })).toHaveCount(2);
    // No sheet linked: a neutral badge, never a red 'Failed' or a Retry.
    await expect(table.getByText('No sheet', { exact: true })).toHaveCount(2);
    await expect(table.getByText('Failed', { exact: true })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    // What 'Download all as PDF' would hold is said (no templates here: only the files' buttons).
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

    // The Signature column, scrolled fully into view at either end of the table, is never under Actions.
    const signature = table.getByRole('img', { name: 'Signature' }).first();
    const actions = table.getByRole('row').nth(1).getByRole('cell').last();
    await signature.scrollIntoViewIfNeeded();
    await expect(signature).toBeVisible();
    await expectLeftOf(signature, actions);
    await table.evaluate((el) => {
      const box = el.closest('[data-table-scroll]') ?? el.parentElement;
      if (box) box.scrollLeft = box.scrollWidth;
    });
    await expectLeftOf(signature, actions);
    const header = table.getByRole('columnheader', { name: 'Signature' });
    await expectLeftOf(header, table.getByRole('columnheader', { name: 'Actions' }));
    await page.screenshot({ path: 'screenshots/responses-respondent-1280.png', fullPage: true });

    await table.getByRole('button', { name: 'View response 1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Response 1' });
    await expect(drawer.getByText('Respondent', { exact: true })).toBeVisible();
    await expect(drawer.getByText(EMAIL).first()).toBeVisible();
    await expect(
      drawer.getByText('This form has no Google Sheet linked. The response is kept here.', { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: 'screenshots/responses-respondent-drawer-1280.png' });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the table and the drawer show the respondent and No sheet on a phone', async ({ page, request }) => {
    const formId = await seed(page, request, 'resp-390');
    const table = await openResponses(page, formId);
    await expect(table.getByRole('columnheader', { name: 'Respondent' })).toBeAttached();
    await expect(table.getByText('No sheet', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: 'screenshots/responses-respondent-390.png', fullPage: true });

    await table.getByRole('button', { name: 'View response 1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Response 1' });
    await expect(drawer.getByText(EMAIL).first()).toBeVisible();
    await expect(drawer.getByText('No sheet', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'screenshots/responses-respondent-drawer-390.png' });
  });
});
