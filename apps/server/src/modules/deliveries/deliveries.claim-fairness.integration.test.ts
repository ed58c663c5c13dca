import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest } from '../../db/database.js';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { insertForm, insertResponse, insertUser } from '../sheet-sync/sheet-sync.test-support.js';
import { createDeliveriesRepository, type PlannedDelivery } from './deliveries.repository.js';
import { eventually, insertWebhook, startReceiver } from './deliveries.test-support.js';
import { createDeliveriesWorker } from './deliveries.worker.js';

/**
 * One owner's backlog never holds up another owner's deliveries (found by review): a webhook with more
 * due deliveries than a claim's window read (a receiver that never answers, its backlog growing with
 * every response) used to fill every claim, so other owners' mails and webhooks waited behind it for
 * minutes; and one owner's slow sends could take every slot.
 */
describeEachDialect('delivery claims are fair between owners', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const database: DatabaseHandle = await createTestDatabase(dialect);
    cleanups.push(() => database.close());
    await migrateToLatest(database.db);
    const repository = createDeliveriesRepository(database.db);
    const owner = async () => {
      const ownerId = await insertUser(database);
      const form = await insertForm(database, ownerId, { spreadsheetId: null, sheetName: '', fields: [] });
      return { ownerId, form };
    };
    const addHook = (formRowId: string, url: string) => insertWebhook(database, formRowId, url);
    /** `count` responses of the form, each with one delivery to `destination`, planned at `at`. */
    const due = async (
      formRowId: string,
      count: number,
      at: string,
      destination: Pick<PlannedDelivery, 'destination' | 'webhookId'>,
    ) => {
      const planned: PlannedDelivery[] = [];
      for (let index = 0; index < count; index += 1) {
        const responseId = await insertResponse(database, formRowId, { A: `${index}` });
        planned.push({ responseId, formRowId, ...destination });
      }
      // Planned here, not by the worker's planner (which would add every webhook of the form to each).
      const responseIds = planned.map((item) => item.responseId);
      await repository.plan(responseIds, planned, at);
      return responseIds;
    };
    return { database, repository, owner, addHook, due };
  }

  const T0 = '2026-11-29T10:00:00.000Z';
  const T1 = '2026-11-29T10:00:05.000Z';
  const NOW = '2026-11-29T10:01:00.000Z';
  const claimAt = { now: NOW, leaseUntil: '2026-11-29T10:03:00.000Z' };

  it("claims another owner's delivery behind a webhook backlog larger than a window, sent or not", async () => {
    const s = await setup();
    const alice = await s.owner();
    const bob = await s.owner();
    const aliceHook = await s.addHook(alice.form.id, 'http://192.0.2.1/never');
    const bobHook = await s.addHook(bob.form.id, 'http://192.0.2.2/fast');
    // 200 of Alice's, all older than Bob's one: more than a window of 16 × 10.
    await s.due(alice.form.id, 200, T0, { destination: 'webhook', webhookId: aliceHook });
    await s.due(bob.form.id, 1, T1, { destination: 'webhook', webhookId: bobHook });

    // Alice's webhook is being sent by this instance: her rows are not what the claim reads.
    const whileSending = await s.repository.claim({
      ...claimAt,
      limit: 16,
      perWebhook: 10,
      skipDestinations: [`webhook:${aliceHook}`],
    });
    expect(whileSending.map((row) => row.destination_key)).toEqual([`webhook:${bobHook}`]);

    // Not being sent: her next ten and Bob's one, in one claim.
    await s.database.db.updateTable('deliveries').set({ lease_until: null }).execute();
    const both = await s.repository.claim({ ...claimAt, limit: 16, perWebhook: 10, skipDestinations: [] });
    expect(both.filter((row) => row.destination_key === `webhook:${aliceHook}`)).toHaveLength(10);
    expect(both.filter((row) => row.destination_key === `webhook:${bobHook}`)).toHaveLength(1);
  });

  it('plans a batch of 200 responses to a form with ten webhooks, owner mail and receipts at once', async () => {
    const s = await setup();
    const alice = await s.owner();
    const hooks = await Promise.all(
      Array.from({ length: 10 }, (_, index) => s.addHook(alice.form.id, `http://192.0.2.1/${index}`)),
    );
    const planned: PlannedDelivery[] = [];
    for (let index = 0; index < 200; index += 1) {
      const responseId = await insertResponse(s.database, alice.form.id, { A: `${index}` });
      planned.push(
        ...hooks.map((webhookId) => ({
          responseId,
          formRowId: alice.form.id,
          destination: 'webhook' as const,
          webhookId,
        })),
        { responseId, formRowId: alice.form.id, destination: 'owner-email' },
        {
          responseId,
          formRowId: alice.form.id,
          destination: 'respondent-receipt',
          recipient: 'a@example.org',
        },
      );
    }
    // 2,400 rows: one statement of them passed SQLite's 32,766 bound values.
    await s.repository.plan([], planned, T0);
    const stored = await s.database.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(2_400);
  });

  it('gives an owner at most their share of the sends, counting those under way', async () => {
    const s = await setup();
    const alice = await s.owner();
    const bob = await s.owner();
    await s.due(alice.form.id, 30, T0, { destination: 'owner-email' });
    await s.due(bob.form.id, 2, T1, { destination: 'owner-email' });
    const ownerOf = async (ids: readonly string[]) => {
      const rows = await s.database.db
        .selectFrom('deliveries')
        .innerJoin('forms', 'forms.id', 'deliveries.form_id')
        .select('forms.owner_id')
        .where('deliveries.id', 'in', ids)
        .execute();
      return rows.map((row) => (row.owner_id === alice.ownerId ? 'alice' : 'bob')).sort();
    };

    const claimed = await s.repository.claim({
      ...claimAt,
      limit: 8,
      perWebhook: 10,
      skipDestinations: [],
      perOwner: 6,
    });
    expect(await ownerOf(claimed.map((row) => row.id))).toEqual([
      ...Array.from({ length: 6 }, () => 'alice'),
      'bob',
      'bob',
    ]);

    // With five of Alice's sends still under way, one more of hers fits her share of six.
    const next = await s.repository.claim({
      ...claimAt,
      limit: 8,
      perWebhook: 10,
      skipDestinations: claimed.map((row) => row.id),
      perOwner: 6,
      ownerBusy: new Map([[alice.ownerId, 5]]),
    });
    expect(await ownerOf(next.map((row) => row.id))).toEqual(['alice']);
  });

  it("sends another owner's delivery at once while one owner's receiver never answers", async () => {
    const s = await setup();
    const silent = await startReceiver();
    silent.hold(true);
    cleanups.push(() => silent.close());
    const fast = await startReceiver();
    cleanups.push(() => fast.close());
    const alice = await s.owner();
    const bob = await s.owner();
    // Two of Alice's forms with ten webhooks each (the most a form may have).
    const aliceSecondForm = await insertForm(s.database, alice.ownerId, {
      spreadsheetId: null,
      sheetName: '',
      fields: [],
    });
    for (const [index, form] of [alice.form, aliceSecondForm]
      .flatMap((form) => Array.from({ length: 10 }, () => form))
      .entries()) {
      const hook = await s.addHook(form.id, silent.url(`/alice-${index}`));
      await s.due(form.id, 12, T0, { destination: 'webhook', webhookId: hook });
    }
    const bobHook = await s.addHook(bob.form.id, fast.url('/bob'));
    await s.due(bob.form.id, 1, T1, { destination: 'webhook', webhookId: bobHook });

    const worker = createDeliveriesWorker({
      repository: s.repository,
      disableWebhook: async () => {},
      mail: undefined,
      publicUrl: 'http://forms.example.test',
      log: pino({ level: 'silent' }),
      allowPrivateWebhooks: true,
      pollMs: 20,
      random: () => 0,
    });
    // Stopping waits for the sends under way: the silent receiver goes first, so they end at once.
    const stop = async () => {
      await silent.close();
      await worker.stop();
    };
    cleanups.push(stop);
    worker.start();
    await eventually(() => fast.at('/bob').length === 1, 5_000);
    // Alice's twenty receivers hold her sends: twelve of the sixteen slots, never more.
    await eventually(() => new Set(silent.held.map((hook) => hook.path)).size === 12, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(silent.held.map((hook) => hook.path)).size).toBe(12);
  });
});
