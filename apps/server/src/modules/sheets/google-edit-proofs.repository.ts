import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Proofs by an owner's own Google token that they can edit a spreadsheet (google_edit_proofs, decision
 * 0044). One row per owner and spreadsheet; times are ISO 8601 strings, which sort as time.
 */
export function createGoogleEditProofsRepository(db: Kysely<Database>) {
  return {
    /** Records (or renews) a proof until `expiresAt`, and purges the proofs that ended by `now`. */
    async remember(ownerId: string, spreadsheetId: string, expiresAt: string, now: string): Promise<void> {
      await db
        .insertInto('google_edit_proofs')
        .values({ owner_id: ownerId, spreadsheet_id: spreadsheetId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['owner_id', 'spreadsheet_id']).doUpdateSet({ expires_at: expiresAt }))
        .execute();
      await db.deleteFrom('google_edit_proofs').where('expires_at', '<=', now).execute();
    },

    /** Whether the owner's proof for the spreadsheet still holds at `now`. */
    async holds(ownerId: string, spreadsheetId: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('google_edit_proofs')
        .select('expires_at')
        .where('owner_id', '=', ownerId)
        .where('spreadsheet_id', '=', spreadsheetId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Their own token now shows less than editing: the earlier proof no longer counts. */
    async forget(ownerId: string, spreadsheetId: string): Promise<void> {
      await db
        .deleteFrom('google_edit_proofs')
        .where('owner_id', '=', ownerId)
        .where('spreadsheet_id', '=', spreadsheetId)
        .execute();
    },
  };
}

export type GoogleEditProofsRepository = ReturnType<typeof createGoogleEditProofsRepository>;
