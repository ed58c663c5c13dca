import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const KEY = 'jwt_secret';

/**
 * The configured JWT_SECRET, or one generated once and kept in the database, so sessions survive
 * restarts and every instance sharing a PostgreSQL database signs with the same key.
 */
export async function resolveJwtSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const existing = await db.selectFrom('app_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  if (existing) return existing.value;
  const generated = randomBytes(48).toString('base64url');
  await db
    .insertInto('app_meta')
    .values({ key: KEY, value: generated })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another instance may have won the race: read back whichever secret was stored.
  const stored = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return stored.value;
}
