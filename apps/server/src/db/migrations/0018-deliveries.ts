import { type Kysely, sql } from 'kysely';

/**
 * Deliveries (issue 24): the outbox of every destination beside the sheet (the owner's e-mail, webhooks).
 *
 * - `responses.plan_deliveries` is 1 on a response whose deliveries have not been planned yet. New rows get
 *   it by default; rows stored before this migration get 0, so nobody is mailed about old responses. The
 *   delivery worker plans a response (one `deliveries` row per destination, idempotent on
 *   (response_id, destination_key)) and then clears the flag: a crash in between plans it again and adds
 *   nothing twice.
 * - `deliveries`: one per response and destination, with its own state, attempts, backoff and lease.
 * - `webhooks`: a form's receivers, with the secret that signs each delivery.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('responses')
    .addColumn('plan_deliveries', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`UPDATE responses SET plan_deliveries = 0`.execute(db);
  await db.schema
    .createIndex('responses_plan_deliveries_idx')
    .on('responses')
    .columns(['created_at'])
    .where(sql.ref('plan_deliveries'), '=', 1)
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhooks_form_idx')
    .on('webhooks')
    .columns(['form_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('response_id', 'text', (c) => c.notNull().references('responses.id').onDelete('cascade'))
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('destination', 'text', (c) => c.notNull())
    // 'owner-email', or 'webhook:{id}': unique per response, so planning twice adds nothing.
    .addColumn('destination_key', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.references('webhooks.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    // Which claim holds the lease: a settlement counts only for the claim it belongs to.
    .addColumn('claim_token', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addUniqueConstraint('deliveries_destination_unique', ['response_id', 'destination_key'])
    .execute();
  await db.schema
    .createIndex('deliveries_due_idx')
    .on('deliveries')
    .columns(['next_attempt_at'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('deliveries_webhook_idx')
    .on('deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropIndex('responses_plan_deliveries_idx').execute();
  await db.schema.alterTable('responses').dropColumn('plan_deliveries').execute();
}
