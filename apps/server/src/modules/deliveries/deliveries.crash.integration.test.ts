/**
 * The deliveries outbox survives a crash between claim and acknowledgement: a real server process (local mode,
 * the source through tsx) sends owner e-mails to a real SMTP server and webhooks to a real HTTP receiver, both
 * holding their answer, and is SIGKILLed while the sends wait. Restarted on the same data, it sends every
 * delivery that was in flight again, once its lease (DELIVERIES_LEASE_SECONDS) ends, with the same delivery
 * id: the same X-SheetForms-Delivery header and payload, the same Message-ID. Nothing is lost, nothing gets a
 * new id, and after the restart nothing is sent twice.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WEBHOOK_HEADERS } from '@sheetforms/contract';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import {
  createSheetForm,
  freePort,
  signIn,
  sleep,
  startServer,
  submit,
} from '../../../../../bench/support/local-server.mjs';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, type Dialect, describeEachDialect } from '../../test/dialects.js';
import { eventually, startMailbox, startReceiver } from './deliveries.test-support.js';
import { verifyWebhookSignature } from './webhook-signature.js';

const RESPONSES = 5;
/**
 * Short, so the restarted server takes the dead one's claims over within seconds; still long enough that a
 * send after the restart (answered at once) never outlives its claim and goes out a second time.
 */
const LEASE_SECONDS = 5;
const DELIVERY_HEADER = WEBHOOK_HEADERS.delivery.toLowerCase();
const SIGNATURE_HEADER = WEBHOOK_HEADERS.signature.toLowerCase();

interface DeliveryRow {
  id: string;
  response_id: string;
  destination: string;
  state: string;
  claim_token: string | null;
  attempts: number;
}
const COLUMNS = ['id', 'response_id', 'destination', 'state', 'claim_token', 'attempts'] as const;

/** What the run leaves to clean up, whatever happens. */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

describeEachDialect('deliveries: SIGKILL between claim and acknowledgement', (dialect: Dialect) => {
  it('sends each delivery in flight again after the restart, with the same delivery id and Message-ID', async () => {
    const mailbox = await startMailbox();
    cleanups.push(() => mailbox.close());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // Both take what is sent and never answer: the sends stay in flight until the kill.
    mailbox.hold(true);
    receiver.hold(true);

    // PostgreSQL: a fresh database the test reads too. SQLite: the server's own file in DATA_DIR.
    let postgres: (DatabaseHandle & { dataDir: string }) | undefined;
    let dataDir: string;
    if (dialect === 'postgres') {
      const database = await createTestDatabase('postgres');
      cleanups.push(() => database.close());
      postgres = database;
      dataDir = database.dataDir;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-deliveries-crash-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    }
    const readDeliveries = async (): Promise<DeliveryRow[]> => {
      if (postgres) return postgres.db.selectFrom('deliveries').select(COLUMNS).orderBy('id').execute();
      const sqlite = new Database(path.join(dataDir, 'sheetforms.db'), {
        readonly: true,
        fileMustExist: true,
      });
      try {
        return sqlite
          .prepare(`SELECT ${COLUMNS.join(', ')} FROM deliveries ORDER BY id`)
          .all() as DeliveryRow[];
      } finally {
        sqlite.close();
      }
    };

    const port = await freePort();
    const env: Record<string, string> = {
      DELIVERIES_LEASE_SECONDS: String(LEASE_SECONDS),
      DELIVERIES_POLL_MS: '200',
      SMTP_URL: mailbox.url,
      // Longer than the test: a held mail must still be waiting at the kill, not failed and set back 30 s.
      SMTP_TIMEOUT_MS: '60000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The sheet is not what this test is about.
      SHEET_SYNC_ENABLED: 'false',
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    };
    const serverLog: string[] = [];
    const launch = async () => {
      const server = await startServer({ dataDir, port, env, entry: 'source', stdio: 'pipe' });
      cleanups.push(() => server.kill());
      // Read, so a full pipe never stops the server; shown when an assertion fails.
      server.child.stdout?.on('data', (chunk) => serverLog.push(String(chunk)));
      server.child.stderr?.on('data', (chunk) => serverLog.push(String(chunk)));
      return server;
    };

    // --- before the kill: a form with notifyOwner on (the default) and a webhook, a few responses -------------
    const first = await launch();
    const token = await signIn(first.base, 'owner@example.com');
    const { formId } = await createSheetForm(first.base, token, { name: 'Crash deliveries' });
    const created = await fetch(`${first.base}/api/v1/forms/${formId}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ url: receiver.url('/hook') }),
    });
    expect(created.status).toBe(201);
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;
    // Side by side, so that one claim can take several of the webhook's deliveries: the first is sent, the
    // others wait behind it, claimed but not sent, when the kill comes.
    const submitted = await Promise.all(
      Array.from({ length: RESPONSES }, (_, n) =>
        submit(first.base, formId, `deliveries-crash-${randomUUID()}`, n),
      ),
    );
    expect(submitted.map((result) => result.status)).toEqual(submitted.map(() => 201));
    const responseIds = submitted.map((result) => result.responseId ?? '');

    // --- the kill: a webhook POST and a mail's DATA have reached their receivers, unanswered ----------------
    await eventually(() => receiver.held.length > 0 && mailbox.held.length > 0, 20_000);
    await first.kill();
    const atKill = new Map((await readDeliveries()).map((row) => [row.id, row]));
    const heldHooks = new Map(receiver.held.map((hook) => [hook.headers[DELIVERY_HEADER] as string, hook]));
    const heldMails = new Map(mailbox.held.map((mail) => [mail.messageId ?? '', mail]));
    // A mail's Message-ID is <{delivery id}@{host of PUBLIC_URL}>.
    const messageIdOf = (deliveryId: string) => `<${deliveryId}@${new URL(first.base).hostname}>`;
    const heldMailIds = [...atKill.keys()].filter((id) => heldMails.has(messageIdOf(id)));
    expect(heldMailIds.map(messageIdOf).sort(), 'each held Message-ID names a delivery').toEqual(
      [...heldMails.keys()].sort(),
    );
    const heldIds = [...heldHooks.keys(), ...heldMailIds];
    // Each of them is claimed by the dead process and not settled: only its lease running out frees it.
    expect(heldIds.map((id) => [id, atKill.get(id)?.state, atKill.get(id)?.claim_token !== null])).toEqual(
      heldIds.map((id) => [id, 'pending', true]),
    );

    // --- the restart: the same data and port, the receivers answering now ------------------------------------
    mailbox.hold(false);
    receiver.hold(false);
    const second = await launch();
    let rows = await readDeliveries();
    const allDelivered = () =>
      rows.length === RESPONSES * 2 && rows.every((row) => row.state === 'delivered');
    for (const deadline = Date.now() + 30_000; !allDelivered() && Date.now() < deadline; ) {
      await sleep(200);
      rows = await readDeliveries();
    }
    // Every response, both destinations, delivered.
    expect(
      rows.map((row) => `${row.response_id} ${row.destination} ${row.state}`).sort(),
      `server log:\n${serverLog.join('').slice(-4000)}`,
    ).toEqual(responseIds.flatMap((id) => [`${id} owner-email delivered`, `${id} webhook delivered`]).sort());

    // What the receivers accepted (all of it after the restart) is every delivery row once, by its own id:
    // nothing under a new id, nothing left out, nothing twice.
    const idsOf = (destination: string) =>
      rows
        .filter((row) => row.destination === destination)
        .map((row) => row.id)
        .sort();
    expect(receiver.received.map((hook) => hook.headers[DELIVERY_HEADER]).sort()).toEqual(idsOf('webhook'));
    expect(mailbox.mails.map((mail) => mail.messageId).sort()).toEqual(idsOf('owner-email').map(messageIdOf));

    // The deliveries in flight at the kill were sent again, recognisably the same: the same payload
    // (its id, response and times included) and the same mail. Their second attempt is in the database.
    for (const [id, held] of heldHooks) {
      const resent = receiver.received.find((hook) => hook.headers[DELIVERY_HEADER] === id);
      expect(resent?.body, id).toBe(held.body);
    }
    for (const [messageId, held] of heldMails) {
      const resent = mailbox.mails.find((mail) => mail.messageId === messageId);
      expect([resent?.subject, resent?.text], messageId).toEqual([held.subject, held.text]);
    }
    const attempts = new Map(rows.map((row) => [row.id, row.attempts]));
    expect(heldIds.filter((id) => (attempts.get(id) ?? 0) < 2)).toEqual([]);

    // Every POST, before and after the kill, is signed with the webhook's secret and names its delivery.
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const hook of [...receiver.held, ...receiver.received]) {
      const id = hook.headers[DELIVERY_HEADER] as string;
      const signature = hook.headers[SIGNATURE_HEADER] as string;
      expect(verifyWebhookSignature(secret, hook.body, signature, { nowSeconds }), id).toBe(true);
      const payload = JSON.parse(hook.body) as { id: string; response: { id: string } };
      expect([payload.id, payload.response.id]).toEqual([id, rowsById.get(id)?.response_id]);
    }

    console.info(
      `deliveries crash [${dialect}]: at the kill ${[...atKill.values()].filter((row) => row.claim_token).length} ` +
        `of ${atKill.size} deliveries claimed, ${heldHooks.size} webhook POST(s) and ${heldMails.size} mail(s) ` +
        'in flight; all sent again with the same id after the restart',
    );
    await second.stop();
  }, 90_000);
});
