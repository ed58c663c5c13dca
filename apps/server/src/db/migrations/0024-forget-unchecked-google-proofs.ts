import type { Kysely } from 'kysely';

/**
 * Until now an owner's own Google token proved edit access whichever app Google had issued it to (decision
 * 0044, amended): a token another app holds for that account could be recorded as a 30-day proof. Such
 * proofs cannot be told apart from good ones, so every remembered proof is forgotten; owners who edit
 * through a group or a domain choose Verify with Google once more, and their token is now checked with
 * Google's tokeninfo. Bindings already made are not touched (forms.edit_access_proven_for).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('google_edit_proofs').execute();
}

/** Forgotten proofs cannot come back; going down leaves the (empty) table as it is. */
export async function down(): Promise<void> {}
