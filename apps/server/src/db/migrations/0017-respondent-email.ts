import { type Kysely, sql } from 'kysely';

/**
 * Who answered a login-protected form (issue 22): the authorized user's email as it was when the response
 * was stored. It is kept on the response, not joined from form_users, so the record stays when the owner
 * removes that user or changes the address. Responses stored before this migration get the email of their
 * form user where that user still exists; the others stay null (the email is not known any more).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('responses').addColumn('respondent_email', 'text').execute();
  await sql`
    UPDATE responses SET respondent_email = (
      SELECT form_users.email FROM form_users
      WHERE form_users.id = responses.respondent_id AND form_users.form_id = responses.form_id
    )
    WHERE respondent_id IS NOT NULL
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('responses').dropColumn('respondent_email').execute();
}
