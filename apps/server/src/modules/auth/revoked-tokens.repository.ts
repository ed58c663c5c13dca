import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The deny-list of logged-out access tokens (revoked_access_tokens). */
export function createRevokedTokensRepository(db: Kysely<Database>) {
  return {
    /** Idempotent: logging out twice with one token lists it once. */
    async insert(jti: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('revoked_access_tokens')
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },

    async exists(jti: string): Promise<boolean> {
      const row = await db
        .selectFrom('revoked_access_tokens')
        .select('jti')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Entries of tokens that have expired by now: no longer needed, the signature check refuses them. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('revoked_access_tokens')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RevokedTokensRepository = ReturnType<typeof createRevokedTokensRepository>;
