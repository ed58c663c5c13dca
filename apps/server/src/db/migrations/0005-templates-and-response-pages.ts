import type { Kysely } from 'kysely';

/**
 * - form_templates: document templates of a form, their HTML sanitized before it is stored.
 * - responses_form_page_idx on (form_id, created_at, id) replaces (form_id, created_at): the owner's
 *   newest-first pages are keyset-paginated on (created_at, id), and on SQLite a secondary index carries
 *   the rowid, not the text primary key, so id must be in the index for the page to be served from it.
 *   Replaced rather than added: every index costs each submission a write.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('google_docs_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_templates_form_idx')
    .on('form_templates')
    .columns(['form_id', 'created_at'])
    .execute();

  await db.schema
    .createIndex('responses_form_page_idx')
    .on('responses')
    .columns(['form_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('responses_form_created_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('responses_form_created_idx')
    .on('responses')
    .columns(['form_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('responses_form_page_idx').execute();
  await db.schema.dropTable('form_templates').execute();
}
