import { type Kysely, sql } from 'kysely';

/**
 * Respondent receipts and owner digests (issue 24), two more destinations in `deliveries`:
 * - `recipient`: the address a receipt goes to, kept so receipts to one address can be counted (at most a
 *   few an hour, whatever the form) and shown;
 * - an owner digest is one delivery per form and period ('owner-digest:hourly:{start}'), attached to the
 *   period's first response; the partial unique index keeps it one however many responses (and instances)
 *   plan it;
 * - a (form, state) index: Manage Forms counts each form's failed and retrying deliveries.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('recipient', 'text').execute();
  await db.schema
    .createIndex('deliveries_recipient_idx')
    .on('deliveries')
    .columns(['recipient', 'delivered_at'])
    .where(sql.ref('recipient'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('deliveries_digest_unique')
    .on('deliveries')
    .columns(['form_id', 'destination_key'])
    .unique()
    .where(sql.ref('destination'), '=', 'owner-digest')
    .execute();
  await db.schema
    .createIndex('deliveries_form_state_idx')
    .on('deliveries')
    .columns(['form_id', 'state'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_form_state_idx').execute();
  await db.schema.dropIndex('deliveries_digest_unique').execute();
  await db.schema.dropIndex('deliveries_recipient_idx').execute();
  await db.schema.alterTable('deliveries').dropColumn('recipient').execute();
}
