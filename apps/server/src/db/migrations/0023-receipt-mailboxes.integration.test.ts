import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { type DatabaseHandle, migrateToLatest } from '../database.js';
import { migrationProvider } from './index.js';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

const MINUTE_MS = 60_000;

describeEachDialect('migration 0023: receipts counted per mailbox', (dialect) => {
  it("counts the last hour's receipts and unsent ones under their address, and leaves older rows and other destinations without a mailbox", async () => {
    const database = await createTestDatabase(dialect);
    opened.push(database);
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '0022-refresh-token-expiry-index',
    );
    if (error) throw error;

    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE_MS).toISOString();
    const now = at(0);
    const ownerId = randomUUID();
    const formId = randomUUID();
    const responseId = randomUUID();
    const db = database.db;
    await db
      .insertInto('users')
      .values({
        id: ownerId,
        google_sub: null,
        email: `${ownerId}@example.org`,
        name: 'O',
        role: 'User',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('forms')
      .values({
        id: formId,
        form_id: formId.slice(0, 12),
        owner_id: ownerId,
        name: 'Receipts',
        description: '',
        google_sheets_url: '',
        spreadsheet_id: null,
        sheet_name: '',
        fields_json: '[]',
        settings_json: '{}',
        status: 'Active',
        due_date: '2030-01-01',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('responses')
      .values({
        id: responseId,
        form_id: formId,
        answers_json: '{}',
        signature_url: null,
        respondent_id: null,
        respondent_email: null,
        consent: null,
        idempotency_key: null,
        created_at: now,
        last_error: null,
        synced_at: null,
        claimed_until: null,
        next_attempt_at: null,
        claimed_by: null,
      })
      .execute();
    const delivery = (key: string, recipient: string | null, deliveredAt: string | null) => ({
      id: randomUUID(),
      response_id: responseId,
      form_id: formId,
      destination: recipient ? ('respondent-receipt' as const) : ('owner-email' as const),
      destination_key: key,
      webhook_id: null,
      state: deliveredAt ? ('delivered' as const) : ('pending' as const),
      next_attempt_at: now,
      lease_until: null,
      claim_token: null,
      last_status: null,
      last_error: null,
      created_at: now,
      delivered_at: deliveredAt,
      recipient,
    });
    const rows = {
      pending: delivery('r1', 'ann+1@example.com', null),
      recent: delivery('r2', 'ann+2@example.com', at(10)),
      old: delivery('r3', 'ann+3@example.com', at(120)),
      owner: delivery('owner-email', null, at(5)),
    };
    // The table as 0022 left it: no mailbox column yet.
    await db.insertInto('deliveries').values(Object.values(rows)).execute();

    await migrateToLatest(db);

    const mailboxes = new Map(
      (await db.selectFrom('deliveries').select(['id', 'mailbox']).execute()).map((row) => [
        row.id,
        row.mailbox,
      ]),
    );
    expect(mailboxes.get(rows.pending.id)).toBe('ann+1@example.com');
    expect(mailboxes.get(rows.recent.id)).toBe('ann+2@example.com');
    expect(mailboxes.get(rows.old.id)).toBeNull();
    expect(mailboxes.get(rows.owner.id)).toBeNull();
  });
});
