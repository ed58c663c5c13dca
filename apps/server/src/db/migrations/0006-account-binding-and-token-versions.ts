import type { Kysely } from 'kysely';

/**
 * - form_users.token_version: the version a respondent token must carry to be accepted. Resetting the
 *   user's password bumps it, so every token issued before the reset stops working at once.
 *   Existing rows start at 0; tokens issued before this migration carry no version and are refused
 *   (respondents log in again; their tokens lasted 12 hours anyway).
 * - Account binding needs no schema change: users.google_sub is already unique, and sign-in now keys on
 *   it and never overwrites it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('form_users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('form_users').dropColumn('token_version').execute();
}
