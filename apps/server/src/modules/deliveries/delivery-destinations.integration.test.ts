import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Dialect, describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { eventually, startReceiver } from './deliveries.test-support.js';
import { createWebhooksService } from './webhooks.service.js';

/**
 * Responses of a form with no destination beside the sheet are stored with nothing to plan, and the
 * planner never touches them; the moment the owner adds a destination (a webhook, turning one on, owner
 * mail) the form is reloaded, and the next response is planned and delivered. Each form is loaded by a
 * submission before each change, so a form cached without the change would be caught.
 *
 * The flag is read as the insert stored it (a trigger copies it, in this test's database only), not as it
 * reads later: the planner, running here every 50 ms, clears a 1 once it has planned the response, so a
 * response stored with a stale form's 1 and planned to nowhere would read 0 a moment later, and the test
 * would pass without the reload it is about.
 */
const PATIENCE_MS = 30_000;

describeEachDialect('responses without destinations', (dialect) => {
  let t: TestApp;
  let owner: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Local mode logs owner mail instead of sending it: mail counts as configured.
    t = await startTestApp(dialect, {
      DELIVERIES_ENABLED: 'true',
      DELIVERIES_POLL_MS: '50',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    await recordPlanFlagAtInsert(t, dialect);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  let count = 0;
  async function submit(formId: string, name: string) {
    count += 1;
    const res = await t.request('POST', `/api/v1/forms/${formId}/submit-form`, {
      body: { idempotencyKey: `destinations-${count}-${Date.now()}`, response: { 'Full Name': name } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.responseId as string;
  }
  /** The response's plan_deliveries as its insert stored it. */
  const stored = async (responseId: string) => {
    const { rows } = await sql<{ plan_deliveries: number }>`
      SELECT plan_deliveries FROM test_plan_at_insert WHERE response_id = ${responseId}
    `.execute(t.database.db);
    if (rows.length !== 1) throw new Error(`no insert recorded for ${responseId}`);
    return { plan_deliveries: Number(rows[0]?.plan_deliveries) };
  };
  const deliveriesOf = (responseId: string) =>
    t.database.db.selectFrom('deliveries').selectAll().where('response_id', '=', responseId).execute();
  /** Whether the response was stored to be planned. */
  const planned = async (responseId: string) => (await stored(responseId)).plan_deliveries === 1;

  it('stores them planned, then plans the next response as soon as a webhook is added, turned off or on', async () => {
    const form = await createForm(t, owner, { name: 'Quiet form', settings: { notifyOwner: 0 } });
    const before = await submit(form.formId, 'Before any webhook');
    expect((await stored(before)).plan_deliveries).toBe(0);

    const created = await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
      token: owner,
      body: { url: receiver.url('/quiet') },
    });
    expect(created.status).toBe(201);
    const after = await submit(form.formId, 'After the webhook');
    expect(await planned(after)).toBe(true);
    await eventually(
      () => receiver.received.some((hook) => hook.body.includes('After the webhook')),
      PATIENCE_MS,
    );
    // The response stored before the webhook existed goes nowhere: it had no destination when it came.
    expect(receiver.received.some((hook) => hook.body.includes('Before any webhook'))).toBe(false);
    expect(await deliveriesOf(before)).toEqual([]);

    const hookPath = `/api/v1/forms/${form.formId}/webhooks/${created.body.data.id}`;
    expect((await t.request('PATCH', hookPath, { token: owner, body: { enabled: false } })).status).toBe(200);
    expect((await stored(await submit(form.formId, 'While it is off'))).plan_deliveries).toBe(0);
    expect((await t.request('PATCH', hookPath, { token: owner, body: { enabled: true } })).status).toBe(200);
    expect(await planned(await submit(form.formId, 'On again'))).toBe(true);
    expect((await t.request('DELETE', hookPath, { token: owner })).status).toBe(200);
    expect((await stored(await submit(form.formId, 'Removed'))).plan_deliveries).toBe(0);
  });

  it('reloads the form when the worker turns a webhook off (its receiver answered 410)', async () => {
    const form = await createForm(t, owner, { name: 'Gone form', settings: { notifyOwner: 0 } });
    const created = await t.request('POST', `/api/v1/forms/${form.formId}/webhooks`, {
      token: owner,
      body: { url: receiver.url('/gone') },
    });
    expect(created.status).toBe(201);
    // The service as the worker calls it (disableWebhook), on this app's database: only disable runs.
    const announced: string[] = [];
    const webhooks = createWebhooksService({
      db: t.database.db,
      forms: {} as Parameters<typeof createWebhooksService>[0]['forms'],
      deliveries: {} as Parameters<typeof createWebhooksService>[0]['deliveries'],
      onWebhooksChanged: (formId) => announced.push(formId),
    });
    await webhooks.disable(created.body.data.id, 'The receiver answered 410 Gone');
    expect(announced).toEqual([form.formId]);
    const listed = await t.request('GET', `/api/v1/forms/${form.formId}/webhooks`, { token: owner });
    expect(listed.body.data[0]).toMatchObject({
      enabled: false,
      disabledReason: 'The receiver answered 410 Gone',
    });
    // A webhook that no longer exists announces nothing.
    await webhooks.disable('no-such-webhook', 'gone');
    expect(announced).toEqual([form.formId]);
  });

  it('plans every response once the owner turns on mail to themselves', async () => {
    const form = await createForm(t, owner, { name: 'Mail later', settings: { notifyOwner: 0 } });
    expect((await stored(await submit(form.formId, 'Unmailed'))).plan_deliveries).toBe(0);
    const saved = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: { settings: { notifyOwner: 1 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mailed = await submit(form.formId, 'Mailed');
    expect(await planned(mailed)).toBe(true);
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(mailed);
      return rows[0]?.state === 'delivered' ? rows : undefined;
    }, PATIENCE_MS);
    expect(delivery?.destination).toBe('owner-email');
  });
});

/**
 * A trigger in this test's database that copies each new response's plan_deliveries, as inserted, into
 * test_plan_at_insert. A trigger on the table sees every insert, whichever connection or thread makes it.
 */
async function recordPlanFlagAtInsert(t: TestApp, dialect: Dialect) {
  const { db } = t.database;
  await sql`CREATE TABLE test_plan_at_insert (response_id TEXT PRIMARY KEY, plan_deliveries INTEGER NOT NULL)`.execute(
    db,
  );
  if (dialect === 'sqlite') {
    await sql`
      CREATE TRIGGER test_plan_at_insert AFTER INSERT ON responses
      BEGIN INSERT INTO test_plan_at_insert VALUES (NEW.id, NEW.plan_deliveries); END
    `.execute(db);
    return;
  }
  await sql`
    CREATE FUNCTION test_plan_at_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO test_plan_at_insert VALUES (NEW.id, NEW.plan_deliveries); RETURN NEW; END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER test_plan_at_insert AFTER INSERT ON responses
    FOR EACH ROW EXECUTE FUNCTION test_plan_at_insert()
  `.execute(db);
}
