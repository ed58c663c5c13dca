import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they describe the past, not today's schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('google_sheets_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spreadsheet_id', 'text')
    .addColumn('sheet_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forms_owner_idx').on('forms').column('owner_id').execute();

  await db.schema
    .createTable('form_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Also the index behind "the users of a form" (form_id is its first column).
    .addUniqueConstraint('form_users_form_email_unique', ['form_id', 'email'])
    .execute();

  await db.schema
    .createTable('responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('signature_url', 'text')
    .addColumn('respondent_id', 'text')
    .addColumn('consent', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sync_state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('synced_at', 'text')
    .addColumn('claimed_until', 'text')
    // NULL keys never collide (both dialects), so only retried submissions with a key are deduplicated.
    .addUniqueConstraint('responses_form_idempotency_unique', ['form_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('responses_form_created_idx')
    .on('responses')
    .columns(['form_id', 'created_at'])
    .execute();
  await db.schema.createIndex('responses_sync_state_idx').on('responses').column('sync_state').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('responses').execute();
  await db.schema.dropTable('form_users').execute();
  await db.schema.dropTable('forms').execute();
}
