import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest } from '../../db/database.js';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { insertForm, insertResponse, insertUser } from '../sheet-sync/sheet-sync.test-support.js';
import { createDeliveriesRepository } from './deliveries.repository.js';
import { eventually, insertWebhook, startReceiver } from './deliveries.test-support.js';
import { createDeliveriesWorker } from './deliveries.worker.js';
import { postWebhook } from './webhook-sender.js';

/**
 * The worker against a real database and real receivers: a claim abandoned by a killed instance is sent
 * again by another with the same delivery id, and the dead claim cannot settle it afterwards; private
 * addresses are refused unless allowed; a receiver that never answers holds up only its own deliveries.
 */
describeEachDialect('delivery worker', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const database: DatabaseHandle = await createTestDatabase(dialect);
    cleanups.push(() => database.close());
    await migrateToLatest(database.db);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const ownerId = await insertUser(database);
    const form = await insertForm(database, ownerId, {
      spreadsheetId: null,
      sheetName: '',
      fields: [{ label: 'A' }],
    });
    const repository = createDeliveriesRepository(database.db);
    const addHook = (path: string) => insertWebhook(database, form.id, receiver.url(path));
    let clock = Date.now();
    const worker = (options: { allowPrivate?: boolean; post?: typeof postWebhook } = {}) =>
      createDeliveriesWorker({
        repository,
        disableWebhook: async () => {},
        mail: undefined,
        publicUrl: 'http://forms.example.test',
        log: pino({ level: 'silent' }),
        allowPrivateWebhooks: options.allowPrivate ?? true,
        pollMs: 20,
        now: () => new Date(clock),
        random: () => 0,
        ...(options.post ? { post: options.post } : {}),
      });
    return {
      database,
      receiver,
      form,
      repository,
      addHook,
      worker,
      advance: (ms: number) => {
        clock += ms;
      },
      now: () => new Date(clock).toISOString(),
    };
  }

  it('sends a claim abandoned by a killed instance again, with the same delivery id, once its lease ends', async () => {
    const s = await setup();
    await s.addHook('/crash');
    await insertResponse(s.database, s.form.id, { A: 'x' });
    // The first instance plans and claims, then dies before sending or settling.
    await s.repository.plan(
      (await s.repository.responsesToPlan(10)).map((r) => r.responseId),
      (await s.repository.responsesToPlan(10)).flatMap((r) =>
        r.webhookIds.map((webhookId) => ({
          responseId: r.responseId,
          formRowId: r.formRowId,
          destination: 'webhook' as const,
          webhookId,
        })),
      ),
      s.now(),
    );
    const [abandoned] = await s.repository.claim({
      now: s.now(),
      leaseUntil: new Date(Date.parse(s.now()) + 60_000).toISOString(),
      limit: 10,
      perWebhook: 10,
      skipDestinations: [],
    });
    expect(abandoned).toBeDefined();
    // Within the lease nobody else takes it.
    const second = s.worker();
    await second.runOnce();
    expect(s.receiver.at('/crash')).toHaveLength(0);
    // After it, another instance sends it, with the id the dead claim held.
    s.advance(61_000);
    await second.runOnce();
    expect(s.receiver.at('/crash').map((call) => call.headers['x-sheetforms-delivery'])).toEqual([
      abandoned?.id,
    ]);
    const [row] = await s.database.db.selectFrom('deliveries').selectAll().execute();
    expect(row).toMatchObject({ state: 'delivered', attempts: 2 });
    // The dead claim's late settlement is refused: the outcome stays the newer claim's.
    expect(
      await s.repository.settle(
        abandoned as NonNullable<typeof abandoned>,
        { kind: 'failed', error: 'late' },
        s.now(),
      ),
    ).toBe(false);
    expect((await s.database.db.selectFrom('deliveries').select('state').executeTakeFirst())?.state).toBe(
      'delivered',
    );
  });

  it('does not claim a mail again while its own send is still under way after its lease ran out', async () => {
    const s = await setup();
    await s.database.db
      .updateTable('forms')
      .set({ settings_json: JSON.stringify({ notifyOwner: 1 }) })
      .where('id', '=', s.form.id)
      .execute();
    await insertResponse(s.database, s.form.id, { A: 'x' });
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const claims: number[] = [];
    const worker = createDeliveriesWorker({
      repository: {
        ...s.repository,
        claim: async (options) => {
          const claimed = await s.repository.claim(options);
          claims.push(claimed.length);
          return claimed;
        },
      },
      disableWebhook: async () => {},
      // A mail server that takes longer than the lease (SMTP_TIMEOUT_MS set above it).
      mail: {
        mailer: {
          send: async (message) => {
            sent.push(message.messageId ?? '');
            await held;
          },
          close: () => {},
        },
        from: 'SheetForms <forms@example.test>',
      },
      publicUrl: 'http://forms.example.test',
      log: pino({ level: 'silent' }),
      allowPrivateWebhooks: true,
      pollMs: 20,
      leaseMs: 1_000,
      now: () => new Date(Date.parse(s.now())),
      random: () => 0,
    });
    const first = worker.runOnce();
    await eventually(() => sent.length === 1);
    s.advance(5_000); // the lease ran out while the mail is still being sent
    const second = worker.runOnce();
    await eventually(() => claims.length === 2);
    expect(claims).toEqual([1, 0]);
    expect(sent).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    const [row] = await s.database.db.selectFrom('deliveries').selectAll().execute();
    // Nobody claimed it since: the late outcome is kept, and the mail went out once.
    expect(row).toMatchObject({ destination: 'owner-email', state: 'delivered', attempts: 1 });
    expect(sent).toHaveLength(1);
  });

  it("retries a daily digest whose first send fails: its day of retries starts when it is first due, not at the day's first response", async () => {
    const s = await setup();
    await s.database.db
      .updateTable('forms')
      .set({ settings_json: JSON.stringify({ notifyOwner: 1, ownerDigest: 'daily' }) })
      .where('id', '=', s.form.id)
      .execute();
    // The day's first response, a minute into the day (UTC).
    const day = Date.parse(s.now()) - (Date.parse(s.now()) % 86_400_000);
    s.advance(day + 60_000 - Date.parse(s.now()));
    const responseId = await insertResponse(s.database, s.form.id, { A: 'x' });
    await s.database.db
      .updateTable('responses')
      .set({ created_at: s.now() })
      .where('id', '=', responseId)
      .execute();
    let refuse = true;
    const sent: string[] = [];
    const worker = createDeliveriesWorker({
      repository: s.repository,
      disableWebhook: async () => {},
      mail: {
        mailer: {
          send: async (message) => {
            if (refuse) throw Object.assign(new Error('421 try again later'), { responseCode: 421 });
            sent.push(message.subject ?? '');
          },
          close: () => {},
        },
        from: 'SheetForms <forms@example.test>',
      },
      publicUrl: 'http://forms.example.test',
      log: pino({ level: 'silent' }),
      allowPrivateWebhooks: true,
      pollMs: 20,
      now: () => new Date(Date.parse(s.now())),
      random: () => 0,
    });
    await worker.runOnce(); // plans the digest, due after the day (and its grace)
    const digestRow = async () =>
      s.database.db
        .selectFrom('deliveries')
        .selectAll()
        .where('destination', '=', 'owner-digest')
        .executeTakeFirst();
    expect(await digestRow()).toMatchObject({ state: 'pending', attempts: 0 });
    // The next day, past the grace: 24 h 4 min after the digest was planned. Its first send fails.
    s.advance(86_400_000 + 4 * 60_000);
    await worker.runOnce();
    expect(await digestRow()).toMatchObject({ state: 'pending', attempts: 1 });
    // It is sent once the mail server answers again.
    refuse = false;
    s.advance(10 * 60_000);
    await worker.runOnce();
    expect(await digestRow()).toMatchObject({ state: 'delivered' });
    expect(sent).toHaveLength(1);
  });

  it('refuses a receiver on a private address unless private addresses are allowed, and plans each response once', async () => {
    const s = await setup();
    await s.addHook('/private');
    await insertResponse(s.database, s.form.id, { A: 'x' });
    const strict = s.worker({ allowPrivate: false });
    await strict.runOnce();
    await strict.runOnce();
    expect(s.receiver.at('/private')).toHaveLength(0);
    const rows = await s.database.db.selectFrom('deliveries').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.last_error).toContain('private or reserved address');
    expect(rows[0]?.state).toBe('pending');
  });

  it('keeps delivering to other receivers while one never answers', async () => {
    const s = await setup();
    const stalled = new Set<string>();
    const timedOut = { error: 'No answer within 4 s' };
    let hanging = true;
    const timeOuts: Array<() => void> = [];
    // The hanging receiver: an attempt that ends only at its 4 s timeout.
    const post: typeof postWebhook = (input) => {
      if (!input.url.endsWith('/hang')) return postWebhook(input);
      if (!hanging) return Promise.resolve(timedOut);
      return new Promise((resolve) => {
        stalled.add(input.url);
        const timeOut = () => resolve(timedOut);
        setTimeout(timeOut, 4_000);
        timeOuts.push(timeOut);
      });
    };
    await s.addHook('/hang');
    await s.addHook('/quick');
    for (let i = 0; i < 5; i++) await insertResponse(s.database, s.form.id, { A: String(i) });
    const worker = s.worker({ post });
    worker.start();
    cleanups.push(() => worker.stop());
    // Once checked, the hanging attempts time out at once: stop() waits for every attempt in flight (and
    // the next ones claimed with them), and waiting out 4 s for each is not what this test is about.
    cleanups.push(async () => {
      hanging = false;
      for (const timeOut of timeOuts) timeOut();
    });
    const started = Date.now();
    await eventually(() => s.receiver.at('/quick').length === 5, 5_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(stalled.size).toBe(1);
  });
});
