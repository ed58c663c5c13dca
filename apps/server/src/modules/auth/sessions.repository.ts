import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Refresh tokens grouped in families: one family per sign-in, one live token per family. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async insert(row: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },

    /**
     * Marks a live token as used, naming its successor. Answers false when another request got there
     * first, so two concurrent refreshes with one token cannot both succeed.
     */
    async markRotated(id: string, successorId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now, replaced_by: successorId })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revokeFamily(familyId: string, now: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Housekeeping: deletes up to `limit` tokens past their expiry and answers how many went. An expired
     * token is useless even for reuse detection (refresh refuses it either way), while a rotated token that
     * has not expired stays: presenting it again is how a copied token is caught. The limit keeps one
     * statement short, so it never holds SQLite's single writer for long.
     */
    async deleteExpired(now: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('refresh_tokens')
        .where('id', 'in', (eb) =>
          eb.selectFrom('refresh_tokens').select('id').where('expires_at', '<', now).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
