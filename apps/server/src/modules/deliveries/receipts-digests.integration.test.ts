import fs from 'node:fs';
import { DIGEST_TIME_ZONE_MESSAGE, RECEIPT_LIMITS, RECEIPT_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { readPdf, TEST_CHROMIUM } from '../pdf/pdf.test-support.js';
import { eventually, startMailbox } from './deliveries.test-support.js';

const hasChromium = fs.existsSync(TEST_CHROMIUM);
const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';
/** Fields with ids of their own, so settings can name the email field when the form is created. */
const FIELDS = [
  { id: 'name', label: 'Full Name', type: 'text', required: true },
  { id: 'email', label: 'Email', type: 'email', required: false },
];

/**
 * Issue 24's respondent receipts and owner digests, end to end: submitted through the public route,
 * planned and sent by the worker, received by a real SMTP server.
 */
describeEachDialect('deliveries: respondent receipts and owner digests', (dialect) => {
  let t: TestApp;
  let owner: string;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  /** The app's clock runs ahead of real time by this much (a digest's period ends without waiting). */
  let ahead = 0;

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await startTestApp(
      dialect,
      {
        DELIVERIES_ENABLED: 'true',
        DELIVERIES_POLL_MS: '50',
        SMTP_URL: mailbox.url,
        SMTP_TIMEOUT_MS: '5000',
        PUBLIC_URL: 'http://forms.example.test',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
      },
      { now: () => new Date(Date.now() + ahead) },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  let submissionCount = 0;
  async function submit(formId: string, answers: Record<string, string>) {
    submissionCount += 1;
    const res = await t.request('POST', `/api/v1/forms/${formId}/submit-form`, {
      body: { idempotencyKey: `receipt-test-${submissionCount}-${Date.now()}`, response: answers },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.responseId as string;
  }
  const deliveriesOf = (responseId: string) =>
    t.database.db.selectFrom('deliveries').selectAll().where('response_id', '=', responseId).execute();
  const mailsTo = (address: string) =>
    mailbox.mails.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);
  const receiptForm = (name: string, receipt: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    createForm(t, owner, {
      name,
      jdata: FIELDS,
      settings: {
        notifyOwner: 0,
        respondentReceipt: { enabled: true, emailFieldId: 'email', ...receipt },
        ...extra,
      },
    });

  it.skipIf(!hasChromium)(
    "mails the respondent a copy of the answers with the template's PDF, to the address they typed",
    async () => {
      const form = await receiptForm('Booking', {});
      const template = await t.request('POST', `/api/v1/forms/${form.formId}/templates`, {
        token: owner,
        body: { name: 'Confirmation', googleDocsUrl: DOC_URL, content: '<p>Booked for {{Full Name}}</p>' },
      });
      expect(template.status, JSON.stringify(template.body)).toBe(201);
      const saved = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
        token: owner,
        body: {
          settings: {
            notifyOwner: 1,
            respondentReceipt: { enabled: true, emailFieldId: 'email', templateId: template.body.data.id },
          },
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      const responseId = await submit(form.formId, {
        'Full Name': 'Ada <b>Lovelace</b>',
        Email: 'Ada@Example.com',
      });
      const receipt = await eventually(() => mailsTo('ada@example.com')[0], 30_000);
      expect(receipt.subject).toBe('Your response to Booking');
      expect(receipt.text).toContain('Full Name: Ada <b>Lovelace</b>');
      expect(receipt.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
      expect(receipt.attachments).toHaveLength(1);
      const [attachment] = receipt.attachments;
      expect(attachment?.filename).toBe('Confirmation.pdf');
      expect(attachment?.contentType).toBe('application/pdf');
      expect((await readPdf(attachment?.content ?? new Uint8Array())).text).toContain(
        'Booked for Ada <b>Lovelace</b>',
      );
      const rows = await eventually(async () => {
        const all = await deliveriesOf(responseId);
        return all.length === 2 && all.every((row) => row.state === 'delivered') ? all : undefined;
      });
      const receiptRow = rows.find((row) => row.destination === 'respondent-receipt');
      expect(receiptRow?.recipient).toBe('ada@example.com');
      expect(receipt.messageId).toBe(`<${receiptRow?.id}@forms.example.test>`);
      // The owner's mail goes to the owner alone; the respondent is never copied on it.
      const ownerMail = mailsTo('owner@example.com').find((mail) =>
        mail.text?.includes('Ada <b>Lovelace</b>'),
      );
      expect(ownerMail?.subject).toBe('Booking: new response');
    },
    60_000,
  );

  it('sends no receipt without an address, and refuses settings that name no email field or a foreign template', async () => {
    const form = await receiptForm('Optional email', {});
    const responseId = await submit(form.formId, { 'Full Name': 'No address' });
    await eventually(async () => {
      const row = await t.database.db
        .selectFrom('responses')
        .select('plan_deliveries')
        .where('id', '=', responseId)
        .executeTakeFirst();
      return row?.plan_deliveries === 0;
    });
    expect(await deliveriesOf(responseId)).toEqual([]);

    const textField = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: { settings: { respondentReceipt: { enabled: true, emailFieldId: 'name' } } },
    });
    expect(textField.status).toBe(400);
    expect(textField.body.detail).toBe(RECEIPT_MESSAGES.emailFieldRequired);

    const other = await createForm(t, owner, { name: 'Other form' });
    const foreign = await t.request('POST', `/api/v1/forms/${other.formId}/templates`, {
      token: owner,
      body: { name: 'Foreign', googleDocsUrl: DOC_URL, content: '<p>{{Full Name}}</p>' },
    });
    const wrongTemplate = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: {
        settings: {
          respondentReceipt: { enabled: true, emailFieldId: 'email', templateId: foreign.body.data.id },
        },
      },
    });
    expect(wrongTemplate.status).toBe(400);
    expect(wrongTemplate.body.detail).toBe(RECEIPT_MESSAGES.templateNotFound);

    const created = await t.request('POST', '/api/v1/forms', {
      token: owner,
      body: {
        googleSheetsUrl: '',
        name: 'No email field',
        jdata: [{ id: 'name', label: 'Full Name', type: 'text' }],
        settings: { respondentReceipt: { enabled: true, emailFieldId: 'email' } },
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.detail).toBe(RECEIPT_MESSAGES.emailFieldRequired);

    // A digest's time zone must be one the server knows, on a save and on a new form alike.
    for (const [method, path] of [
      ['PUT', `/api/v1/forms/${form.formId}`],
      ['POST', '/api/v1/forms'],
    ] as const) {
      const unknownZone = await t.request(method, path, {
        token: owner,
        body: {
          ...(method === 'POST' ? { googleSheetsUrl: '', name: 'Zone', jdata: FIELDS } : {}),
          settings: { notifyOwner: 1, ownerDigest: 'daily', ownerDigestTimeZone: 'Mars/Olympus_Mons' },
        },
      });
      expect(unknownZone.status, path).toBe(400);
      expect(unknownZone.body.detail).toBe(DIGEST_TIME_ZONE_MESSAGE);
    }
    // A known one is stored as Intl spells it, so one zone gives one digest key.
    const spelled = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: { settings: { notifyOwner: 1, ownerDigest: 'daily', ownerDigestTimeZone: 'europe/berlin' } },
    });
    expect(spelled.status, JSON.stringify(spelled.body)).toBe(200);
    const stored = await t.request('GET', `/api/v1/forms/${form.formId}`, { token: owner });
    expect(JSON.stringify(stored.body)).toContain('"ownerDigestTimeZone":"Europe/Berlin"');
  });

  it('sends one address at most a few receipts an hour, whatever the form', async () => {
    const first = await receiptForm('Flood one', {});
    const second = await receiptForm('Flood two', {});
    const limit = RECEIPT_LIMITS.perAddressPerHour;
    const ids: string[] = [];
    for (let i = 0; i <= limit; i++) {
      const form = i % 2 === 0 ? first : second;
      ids.push(await submit(form.formId, { 'Full Name': `Flood ${i}`, Email: 'victim@example.com' }));
      // One at a time, so the count each send sees is settled.
      await eventually(async () => {
        const [row] = await deliveriesOf(ids[i] ?? '');
        return row && row.state !== 'pending';
      });
    }
    const states = await Promise.all(ids.map(async (id) => (await deliveriesOf(id))[0]));
    expect(states.filter((row) => row?.state === 'delivered')).toHaveLength(limit);
    const refused = states.at(-1);
    expect(refused?.state).toBe('failed');
    expect(refused?.last_error).toBe(
      `Not sent: this address already received ${limit} receipts in the last hour`,
    );
    expect(mailsTo('victim@example.com')).toHaveLength(limit);
  });

  it("counts every spelling of one mailbox together: '+tags' anywhere, and dots at Gmail", async () => {
    const form = await receiptForm('Spellings', {});
    const limit = RECEIPT_LIMITS.perAddressPerHour;
    const spellings = Array.from({ length: limit + 2 }, (_, i) =>
      i % 2 === 0 ? `m.a.r.y+${i}@gmail.com` : `Mary+${i}@googlemail.com`,
    );
    const ids: string[] = [];
    for (const [i, address] of spellings.entries()) {
      ids.push(await submit(form.formId, { 'Full Name': `Spelling ${i}`, Email: address }));
      // One at a time, so the count each send sees is settled.
      await eventually(async () => {
        const [row] = await deliveriesOf(ids[i] ?? '');
        return row && row.state !== 'pending';
      });
    }
    const rows = await Promise.all(ids.map(async (id) => (await deliveriesOf(id))[0]));
    expect(rows.map((row) => row?.state)).toEqual([...Array(limit).fill('delivered'), 'failed', 'failed']);
    // Each receipt went to the address as typed; only the count is per mailbox.
    expect(rows.map((row) => row?.recipient)).toEqual(spellings.map((address) => address.toLowerCase()));
    expect(new Set(rows.map((row) => row?.mailbox))).toEqual(new Set(['mary@gmail.com']));
    // Another mailbox at the same domain still has its whole share.
    const other = await submit(form.formId, { 'Full Name': 'Other', Email: 'maryann+1@gmail.com' });
    const [otherRow] = await eventually(async () => {
      const found = await deliveriesOf(other);
      return found[0]?.state === 'delivered' ? found : undefined;
    });
    expect(otherRow?.mailbox).toBe('maryann@gmail.com');
  });

  it('holds a burst of receipts to one address to its share, however many are claimed together', async () => {
    const form = await receiptForm('Burst', {});
    const limit = RECEIPT_LIMITS.perAddressPerHour;
    // All at once: the worker claims them together and sends them side by side.
    const ids = await Promise.all(
      Array.from({ length: limit + 4 }, (_, i) =>
        submit(form.formId, { 'Full Name': `Burst ${i}`, Email: 'burst@example.com' }),
      ),
    );
    const states = await eventually(async () => {
      const rows = (await Promise.all(ids.map(async (id) => (await deliveriesOf(id))[0]))).filter(
        (row) => row !== undefined,
      );
      return rows.length === ids.length && rows.every((row) => row.state !== 'pending') ? rows : undefined;
    }, 30_000);
    expect(states.filter((row) => row.state === 'delivered')).toHaveLength(limit);
    expect(states.filter((row) => row.state === 'failed')).toHaveLength(4);
    expect(mailsTo('burst@example.com')).toHaveLength(limit);
  });

  it("gathers an hour of the owner's clock into one digest, sent after the hour, and lists it with each response", async () => {
    // The owner is in India, whose hours start at half past in UTC. Five minutes into such an hour on the
    // app's clock: the three responses share one period, and the digest is still pending when checked (an
    // hour that ended mid-test split or sent it).
    const hour = 60 * 60_000;
    const halfHour = 30 * 60_000;
    ahead += hour - ((Date.now() + ahead + halfHour) % hour) + 5 * 60_000;
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken; // the old token has expired there
    const form = await createForm(t, owner, {
      name: 'Digest form',
      settings: { notifyOwner: 1, ownerDigest: 'hourly', ownerDigestTimeZone: 'Asia/Kolkata' },
    });
    // Stored as this server's Intl spells it: Asia/Calcutta, ICU's id, on the Node versions of today.
    const ids: string[] = [];
    for (const name of ['First <i>one</i>', 'Second', 'Third'])
      ids.push(await submit(form.formId, { 'Full Name': name }));
    const [digest] = await eventually(async () => {
      const rows = await t.database.db
        .selectFrom('deliveries')
        .selectAll()
        .where('destination', '=', 'owner-digest')
        .where('response_id', 'in', ids)
        .execute();
      const planned = await t.database.db
        .selectFrom('responses')
        .select('id')
        .where('id', 'in', ids)
        .where('plan_deliveries', '=', 1)
        .execute();
      return rows.length > 0 && planned.length === 0 ? rows : undefined;
    });
    const all = await t.database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('form_id', '=', form.id)
      .execute();
    // One delivery for the hour, however many responses: the others found it there.
    expect(all).toHaveLength(1);
    expect(digest?.state).toBe('pending');
    expect(digest?.destination_key).toMatch(
      /^owner-digest:hourly:\d{4}-\d\d-\d\dT\d\d:30:00\.000Z@Asia\/(Kolkata|Calcutta)$/,
    );
    const before = mailbox.mails.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.mails.slice(before).some((mail) => mail.subject?.startsWith('Digest form'))).toBe(false);

    const list = await t.request('GET', `/api/v1/forms/${form.formId}/responses`, { token: owner });
    for (const item of list.body.data.items) {
      expect(item.deliveries).toEqual([
        expect.objectContaining({ id: digest?.id, label: 'Digest to you', state: 'pending' }),
      ]);
    }

    ahead += 2 * 60 * 60_000;
    const mail = await eventually(() =>
      mailbox.mails.find((m) => m.subject === 'Digest form: 3 new responses'),
    );
    expect(mail.messageId).toBe(`<${digest?.id}@forms.example.test>`);
    expect(mail.text).toContain('Full Name: First <i>one</i>');
    expect(mail.text).toContain('Full Name: Third');
    expect(mail.text).toMatch(
      /in the hour from \d\d\/\d\d\/\d{4}, \d\d:00 [AP]M to \d\d:00 [AP]M \(Asia\/(Kolkata|Calcutta)\)\./,
    );
    expect(mail.html).toContain('First &lt;i&gt;one&lt;/i&gt;');
    await eventually(async () => {
      const row = await t.database.db
        .selectFrom('deliveries')
        .select('state')
        .where('id', '=', digest?.id ?? '')
        .executeTakeFirst();
      return row?.state === 'delivered';
    });
  });

  it("counts each form's retrying and failed deliveries for Manage Forms, for its owner alone, and Retry sends them again", async () => {
    // Earlier tests moved the clock on: the session is signed in again.
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    const form = await createForm(t, owner, { name: 'Health form', settings: { notifyOwner: 1 } });
    const countsFor = async (token: string) =>
      (await t.request('GET', '/api/v1/forms/delivery-counts', { token })).body.data[form.formId];
    mailbox.refuseNext(1_000);
    const responseId = await submit(form.formId, { 'Full Name': 'Unlucky' });
    expect(await eventually(async () => (await countsFor(owner))?.retrying === 1 || undefined)).toBe(true);

    // A day later the retries are over: failed for good, with the mail server's reason.
    ahead += 25 * 60 * 60_000;
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    const failed = await eventually(async () => {
      const counts = await countsFor(owner);
      return counts?.failed === 1 ? counts : undefined;
    });
    expect(failed).toEqual({ retrying: 0, failed: 1, lastError: expect.stringMatching(/451|busy/i) });

    const intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
    expect(await countsFor(intruder)).toBeUndefined();
    const retryPath = `/api/v1/forms/${form.formId}/deliveries/retry-failed`;
    expect((await t.request('POST', retryPath, { token: intruder })).status).toBe(404);

    mailbox.refuseNext(0);
    const retried = await t.request('POST', retryPath, { token: owner });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ data: { retried: 1 }, message: '1 delivery queued to send again' });
    const [row] = await eventually(async () => {
      const rows = await deliveriesOf(responseId);
      return rows[0]?.state === 'delivered' ? rows : undefined;
    });
    expect(
      mailsTo('owner@example.com').some((mail) => mail.messageId === `<${row?.id}@forms.example.test>`),
    ).toBe(true);
    expect(await countsFor(owner)).toBeUndefined();
  });
});
