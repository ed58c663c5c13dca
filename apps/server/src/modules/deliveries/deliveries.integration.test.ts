import { WEBHOOK_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { eventually, startMailbox, startReceiver } from './deliveries.test-support.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/**
 * Issue 24 end to end: responses submitted through the public route reach the owner's mailbox (a real SMTP
 * server) and webhook receivers (real HTTP), through the worker, with retries, the delivery log, replay,
 * 410 Gone, and owner scoping of every webhook route.
 */
/**
 * How long a test waits for the worker's next step. Ample: each step takes well under a second (the retry
 * test's three attempts, 1.4 s in all); a loaded 2-core machine (the full suite beside a PDF test's
 * Chromium) is slower by several times.
 */
const PATIENCE_MS = 30_000;

describeEachDialect('deliveries: owner e-mail and webhooks', (dialect) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The app's clock runs ahead of real time by this much (retries become due without waiting). */
  let ahead = 0;

  beforeAll(async () => {
    mailbox = await startMailbox();
    receiver = await startReceiver();
    t = await startTestApp(
      dialect,
      {
        DELIVERIES_ENABLED: 'true',
        DELIVERIES_POLL_MS: '50',
        SMTP_URL: mailbox.url,
        SMTP_TIMEOUT_MS: '5000',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        PUBLIC_URL: 'http://forms.example.test',
      },
      { now: () => new Date(Date.now() + ahead) },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    other = (await t.signIn('other@example.com', 'Other')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mailbox?.close();
  });

  /** Moves the app's clock forward; sessions are signed in again, as their tokens expired meanwhile. */
  async function advance(ms: number) {
    ahead += ms;
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    other = (await t.signIn('other@example.com', 'Other')).accessToken;
  }

  let submissionCount = 0;
  async function submit(formId: string, answers: Record<string, string>) {
    submissionCount += 1;
    const res = await t.request('POST', `/api/v1/forms/${formId}/submit-form`, {
      body: { idempotencyKey: `delivery-test-${submissionCount}-${Date.now()}`, response: answers },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.responseId as string;
  }

  const deliveriesOf = async (responseId: string) =>
    t.database.db.selectFrom('deliveries').selectAll().where('response_id', '=', responseId).execute();

  it('mails the owner each new response: text and HTML parts, answers escaped, Message-ID from the delivery', async () => {
    const form = await createForm(t, owner, { name: 'Order form' });
    const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token: owner });
    expect(detail.body.data.form.settings.notifyOwner).toBe(1);

    const responseId = await submit(form.formId, {
      'Full Name': 'Ada <b>Lovelace</b>',
      Email: 'ada@example.com',
    });
    const mail = await eventually(() =>
      mailbox.mails.find(
        (m) => m.text?.includes('Ada <b>Lovelace</b>') && m.subject === 'Order form: new response',
      ),
    );
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('owner@example.com');
    expect(mail.text).toContain('Full Name: Ada <b>Lovelace</b>');
    expect(mail.text).toContain(`http://forms.example.test/dashboard/responses?formId=${form.formId}`);
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Lovelace');
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(responseId);
      return rows[0]?.state === 'delivered' ? rows : undefined;
    });
    expect(delivery?.destination).toBe('owner-email');
    expect(mail.messageId).toBe(`<${delivery?.id}@forms.example.test>`);
  });

  it('keeps a form name with line breaks on one subject line, and mails nobody when the owner turned it off', async () => {
    const form = await createForm(t, owner, { name: 'Line\r\nBcc: victim@example.com' });
    const before = mailbox.mails.length;
    await submit(form.formId, { 'Full Name': 'Grace' });
    const mail = await eventually(() => mailbox.mails.slice(before).find((m) => m.text?.includes('Grace')));
    expect(mail.subject).toBe('Line Bcc: victim@example.com: new response');
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);

    const quiet = await createForm(t, owner, { name: 'Quiet form', settings: { notifyOwner: 0 } });
    const responseId = await submit(quiet.formId, { 'Full Name': 'Nobody tells' });
    await eventually(async () => {
      const row = await t.database.db
        .selectFrom('responses')
        .select('plan_deliveries')
        .where('id', '=', responseId)
        .executeTakeFirst();
      return row?.plan_deliveries === 0;
    });
    expect(await deliveriesOf(responseId)).toEqual([]);
    expect(mailbox.mails.some((m) => m.text?.includes('Nobody tells'))).toBe(false);
  });

  it('retries a refused mail and delivers it once the server takes it, with the same Message-ID', async () => {
    const form = await createForm(t, owner, { name: 'Retry form' });
    mailbox.refuseNext(1);
    const responseId = await submit(form.formId, { 'Full Name': 'Second try' });
    const [pending] = await eventually(async () => {
      const rows = await deliveriesOf(responseId);
      return rows[0]?.attempts === 1 && rows[0].lease_until === null ? rows : undefined;
    });
    expect(pending?.state).toBe('pending');
    expect(pending?.last_error).toMatch(/451|busy/i);
    await advance(60 * 60_000);
    const mail = await eventually(() => mailbox.mails.find((m) => m.text?.includes('Second try')));
    expect(mail.messageId).toBe(`<${pending?.id}@forms.example.test>`);
    const [done] = await eventually(async () => {
      const rows = await deliveriesOf(responseId);
      return rows[0]?.state === 'delivered' ? rows : undefined;
    });
    expect(done?.attempts).toBe(2);
  });

  it("shows each response's deliveries on the Responses page, and Retry sends one again with the same id", async () => {
    const form = await createForm(t, owner, { name: 'Listed form' });
    await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
      token: owner,
      body: { url: receiver.url('/listed') },
    });
    const responseId = await submit(form.formId, { 'Full Name': 'Listed one' });
    const item = await eventually(async () => {
      const res = await t.request('GET', `/api/v1/forms/${form.formId}/responses`, { token: owner });
      const found = res.body.data.items.find((i: { id: string }) => i.id === responseId);
      return found?.deliveries.length === 2 &&
        found.deliveries.every((d: { state: string }) => d.state === 'delivered')
        ? found
        : undefined;
    });
    const host = new URL(receiver.url('/')).host;
    expect(
      item.deliveries.map((d: { destination: string; label: string }) => [d.destination, d.label]).sort(),
    ).toEqual([
      ['owner-email', 'Email to you'],
      ['webhook', `Webhook ${host}`],
    ]);
    const mail = item.deliveries.find((d: { destination: string }) => d.destination === 'owner-email');

    const path = `/api/v1/forms/${form.formId}/deliveries/${mail.id}/retry`;
    expect((await t.request('POST', path, { token: other })).status).toBe(404);
    const before = mailbox.mails.filter((m) => m.messageId === `<${mail.id}@forms.example.test>`).length;
    expect(before).toBe(1);
    expect((await t.request('POST', path, { token: owner })).status).toBe(200);
    await eventually(
      () => mailbox.mails.filter((m) => m.messageId === `<${mail.id}@forms.example.test>`).length === 2,
    );
  });

  describe('webhooks', () => {
    it('adds a webhook with its secret shown once, and refuses addresses that are not http(s)', async () => {
      const form = await createForm(t, owner);
      const created = await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
        token: owner,
        body: { url: receiver.url('/created') },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        url: receiver.url('/created'),
        events: ['response.created'],
        enabled: true,
        disabledReason: null,
      });
      expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const listed = await t.request('GET', `/api/v1/forms/${form.formId}/webhooks`, { token: owner });
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0].secret).toBeUndefined();

      for (const url of [
        'ftp://example.com/hook',
        'javascript:alert(1)',
        'not a url',
        'http://user:pw@example.com/',
      ]) {
        const refused = await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
          token: owner,
          body: { url },
        });
        expect(refused.status, url).toBe(400);
        expect(JSON.stringify(refused.body)).toContain(WEBHOOK_MESSAGES.invalidUrl);
      }
    });

    it('POSTs every response once, signed, with a delivery id that the log shows', async () => {
      const form = await createForm(t, owner, { name: 'Hooked' });
      const hook = (
        await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
          token: owner,
          body: { url: receiver.url('/each') },
        })
      ).body.data;
      const first = await submit(form.formId, { 'Full Name': 'One' });
      const second = await submit(form.formId, { 'Full Name': 'Two', Email: 'two@example.com' });
      const calls = await eventually(() =>
        receiver.at('/each').length >= 2 ? receiver.at('/each') : undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.at('/each')).toHaveLength(2);
      for (const call of calls) {
        const signature = call.headers['x-sheetforms-signature'] as string;
        expect(
          verifyWebhookSignature(hook.secret, call.body, signature, {
            nowSeconds: Math.floor((Date.now() + ahead) / 1000),
          }),
        ).toBe(true);
        expect(
          verifyWebhookSignature(hook.secret, `${call.body} `, signature, {
            nowSeconds: Math.floor((Date.now() + ahead) / 1000),
          }),
        ).toBe(false);
        const payload = JSON.parse(call.body);
        expect(call.headers['x-sheetforms-delivery']).toBe(payload.id);
        expect(call.headers['user-agent']).toMatch(/^SheetForms-Webhooks\//);
        expect(payload.event).toBe('response.created');
        expect(payload.form).toEqual({ id: form.formId, name: 'Hooked' });
      }
      const payloads = calls.map((call) => JSON.parse(call.body));
      expect(payloads.map((p) => p.response.id).sort()).toEqual([first, second].sort());
      expect(payloads.find((p) => p.response.id === second).response.answers).toEqual({
        'Full Name': 'Two',
        Email: 'two@example.com',
      });

      const log = await eventually(async () => {
        const res = await t.request('GET', `/api/v1/forms/${form.formId}/webhooks/${hook.id}/deliveries`, {
          token: owner,
        });
        return res.body.data.items.every((d: { state: string }) => d.state === 'delivered')
          ? res.body.data
          : undefined;
      });
      expect(log.total).toBe(2);
      expect(log.items.map((d: { id: string }) => d.id).sort()).toEqual(payloads.map((p) => p.id).sort());
      expect(log.items[0]).toMatchObject({
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        nextAttemptAt: null,
      });
    });

    it("carries fields labelled '__proto__' or 'constructor' with exactly the answers given, in the webhook and the mail", async () => {
      // A label is the owner's to choose: '__proto__' must reach the receiver as a key like any other,
      // and an unanswered 'constructor' must be absent, never what every object inherits.
      const form = await createForm(t, owner, {
        name: 'Proto labels',
        jdata: [
          { label: '__proto__', type: 'text', required: false, placeHolder: '' },
          { label: 'constructor', type: 'text', required: false, placeHolder: '' },
          { label: 'toString', type: 'text', required: false, placeHolder: '' },
        ],
      });
      await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
        token: owner,
        body: { url: receiver.url('/proto') },
      });
      const validated = await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`);
      const protoId = validated.body.data.jdata.find(
        (field: { label: string }) => field.label === '__proto__',
      ).id;
      // JSON refuses a '__proto__' key (prototype poisoning): the field is sent under its id.
      const both = await submit(form.formId, { [protoId]: 'campaign-7', constructor: 'Beta' });
      const one = await submit(form.formId, { [protoId]: 'campaign-8', toString: 'Red' });
      const calls = await eventually(() =>
        receiver.at('/proto').length >= 2 ? receiver.at('/proto') : undefined,
      );
      /** Label → answer as JSON.parse reads it: '__proto__' an own key like the others. */
      const answersOf = (responseId: string) => {
        const call = calls.find((c) => JSON.parse(c.body).response.id === responseId);
        return Object.entries(JSON.parse(call?.body ?? '{}').response.answers);
      };
      expect(answersOf(both)).toEqual([
        ['__proto__', 'campaign-7'],
        ['constructor', 'Beta'],
      ]);
      expect(answersOf(one)).toEqual([
        ['__proto__', 'campaign-8'],
        ['toString', 'Red'],
      ]);
      expect(calls.find((c) => c.body.includes(one))?.body).toContain(
        '"answers":{"__proto__":"campaign-8","toString":"Red"}',
      );

      const mailOf = (answer: string) =>
        eventually(() => mailbox.mails.find((m) => m.text?.includes(`__proto__: ${answer}`)));
      expect((await mailOf('campaign-7')).text).toContain('constructor: Beta');
      const second = await mailOf('campaign-8');
      expect(second.text).toContain('toString: Red');
      expect(second.text).not.toContain('constructor');
      expect(second.html).not.toContain('constructor');
    });

    it('retries a failing receiver with the same delivery id until it answers 2xx, and replays on request', async () => {
      const form = await createForm(t, owner);
      const hook = (
        await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
          token: owner,
          body: { url: receiver.url('/flaky') },
        })
      ).body.data;
      const failures = [500, 503];
      receiver.answer('/flaky', ...failures);
      // Each attempt stays in flight a while, so the log is read during it (where this test once went wrong).
      receiver.delay('/flaky', 400);
      await submit(form.formId, { 'Full Name': 'Third time' });
      const logOf = async () =>
        (
          await t.request('GET', `/api/v1/forms/${form.formId}/webhooks/${hook.id}/deliveries`, {
            token: owner,
          })
        ).body.data.items[0];
      for (const [index, status] of failures.entries()) {
        const attempts = index + 1;
        // Wait for this attempt's own status: a claim counts the attempt before the send, so while attempt 2
        // is in flight the log already says 2 attempts with the 500 of the first. Moving the clock then would
        // let the attempt's retry be scheduled from the later time, a real minute beyond the test's patience.
        const entry = await eventually(async () => {
          const item = await logOf();
          return item?.attempts === attempts && item.state === 'pending' && item.lastStatus === status
            ? item
            : undefined;
        }, PATIENCE_MS);
        expect(entry.lastError).toMatch(new RegExp(`^HTTP ${status}`));
        expect(Date.parse(entry.nextAttemptAt) - (Date.now() + ahead)).toBeLessThanOrEqual(60_000 * attempts);
        await advance(2 * 60 * 60_000);
      }
      const delivered = await eventually(async () => {
        const item = await logOf();
        return item?.state === 'delivered' ? item : undefined;
      }, PATIENCE_MS);
      expect(delivered.attempts).toBe(3);
      const ids = receiver.at('/flaky').map((call) => call.headers['x-sheetforms-delivery']);
      expect(ids).toEqual([delivered.id, delivered.id, delivered.id]);

      const replayed = await t.request(
        'POST',
        `/api/v1/forms/${form.formId}/webhooks/${hook.id}/deliveries/${delivered.id}/replay`,
        { token: owner },
      );
      expect(replayed.status).toBe(200);
      await eventually(() => receiver.at('/flaky').length === 4, PATIENCE_MS);
      expect(receiver.at('/flaky')[3]?.headers['x-sheetforms-delivery']).toBe(delivered.id);
    }, 120_000);

    it('a Replay while the delivery is being sent starts no second send, and the send keeps its outcome', async () => {
      const form = await createForm(t, owner);
      const hook = (
        await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
          token: owner,
          body: { url: receiver.url('/slow') },
        })
      ).body.data;
      // Long enough to press Send again twice while the request waits at the receiver.
      receiver.delay('/slow', 800);
      const responseId = await submit(form.formId, { 'Full Name': 'Slow receiver' });
      await eventually(() => receiver.at('/slow').length === 1, PATIENCE_MS);
      const hookDelivery = async () =>
        (await deliveriesOf(responseId)).find((row) => row.webhook_id === hook.id);
      const inFlight = await hookDelivery();
      expect(inFlight?.claim_token).toBeTruthy();

      const replay = () =>
        t.request(
          'POST',
          `/api/v1/forms/${form.formId}/webhooks/${hook.id}/deliveries/${inFlight?.id}/replay`,
          {
            token: owner,
          },
        );
      const replayed = await replay();
      expect(replayed.status).toBe(200);
      expect(replayed.body.data).toMatchObject({ id: inFlight?.id, state: 'pending', attempts: 1 });
      // A second click changes nothing either.
      expect((await replay()).status).toBe(200);

      const delivered = await eventually(async () => {
        const row = await hookDelivery();
        return row?.state === 'delivered' ? row : undefined;
      }, PATIENCE_MS);
      expect(delivered).toMatchObject({ attempts: 1, last_status: 200, claim_token: null });
      // Give a second send, had one been started, the time to arrive (the replay wakes the worker at once,
      // and without the fix the second claim came before the first send settled: attempts 2, above).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.at('/slow')).toHaveLength(1);

      // Once sent, Replay sends it again, with the same id.
      expect((await replay()).status).toBe(200);
      await eventually(() => receiver.at('/slow').length === 2, PATIENCE_MS);
      expect(receiver.at('/slow').map((call) => call.headers['x-sheetforms-delivery'])).toEqual([
        inFlight?.id,
        inFlight?.id,
      ]);
    }, 120_000);

    it('turns a webhook off when its receiver answers 410 Gone, and sends nothing more to it', async () => {
      const form = await createForm(t, owner);
      const hook = (
        await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
          token: owner,
          body: { url: receiver.url('/gone') },
        })
      ).body.data;
      receiver.answer('/gone', 410);
      await submit(form.formId, { 'Full Name': 'Gone' });
      const listed = await eventually(async () => {
        const res = await t.request('GET', `/api/v1/forms/${form.formId}/webhooks`, { token: owner });
        return res.body.data[0]?.enabled === false ? res.body.data[0] : undefined;
      });
      expect(listed.disabledReason).toBe('The receiver answered 410 Gone');
      await submit(form.formId, { 'Full Name': 'After' });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.at('/gone')).toHaveLength(1);
      const on = await t.request('PATCH', `/api/v1/forms/${form.formId}/webhooks/${hook.id}`, {
        token: owner,
        body: { enabled: true },
      });
      expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null });
    });

    it('answers 404 to another owner on every webhook route, and removes a webhook with its log', async () => {
      const form = await createForm(t, owner);
      const base = `/api/v1/forms/${form.formId}/webhooks`;
      const hook = (await t.request('POST', base, { token: owner, body: { url: receiver.url('/mine') } }))
        .body.data;
      const attempts: [string, string, unknown?][] = [
        ['GET', base],
        ['POST', base, { url: receiver.url('/theirs') }],
        ['PATCH', `${base}/${hook.id}`, { enabled: false }],
        ['GET', `${base}/${hook.id}/deliveries`],
        ['POST', `${base}/${hook.id}/deliveries/x/replay`],
        ['DELETE', `${base}/${hook.id}`],
      ];
      for (const [method, path, body] of attempts) {
        const res = await t.request(method, path, { token: other, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await t.request('GET', base)).status).toBe(401);
      const removed = await t.request('DELETE', `${base}/${hook.id}`, { token: owner });
      expect(removed.status).toBe(200);
      expect((await t.request('GET', base, { token: owner })).body.data).toEqual([]);
    });
  });
});
