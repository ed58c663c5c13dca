import { type Kysely, sql } from 'kysely';

/**
 * Receipts are counted per mailbox, not per spelling of an address (modules/deliveries/receipt-mailbox.ts):
 * `deliveries.mailbox` holds the mailbox a receipt's address reaches (no '+tag', no dots at Gmail), and the
 * count's index moves to it. Counting by `recipient` let `ann+1@`, `ann+2@`… each take the hourly share,
 * so one form could send a person any number of receipts.
 *
 * Receipts of the last hour, and those not yet sent, keep counting under their address as typed (their
 * mailbox is set to their recipient), so an upgrade does not hand every address a fresh share; only a
 * spelling with a '+tag' or Gmail dots starts its mailbox's count afresh, once, for that hour. Older rows
 * never count again and keep no mailbox. `deliveries_recipient_idx` served only that count: it goes, so a
 * receipt still costs one index write.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('mailbox', 'text').execute();
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await db
    .updateTable('deliveries')
    .set({ mailbox: sql.ref('recipient') })
    .where('recipient', 'is not', null)
    .where((eb) => eb.or([eb('delivered_at', 'is', null), eb('delivered_at', '>=', hourAgo)]))
    .execute();
  await db.schema.dropIndex('deliveries_recipient_idx').execute();
  await db.schema
    .createIndex('deliveries_mailbox_idx')
    .on('deliveries')
    .columns(['mailbox', 'delivered_at'])
    .where(sql.ref('mailbox'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_mailbox_idx').execute();
  await db.schema
    .createIndex('deliveries_recipient_idx')
    .on('deliveries')
    .columns(['recipient', 'delivered_at'])
    .where(sql.ref('recipient'), 'is not', null)
    .execute();
  await db.schema.alterTable('deliveries').dropColumn('mailbox').execute();
}
