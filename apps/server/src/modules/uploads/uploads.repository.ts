import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

/** Which form each stored signature was uploaded for. */
export function createUploadsRepository(db: Kysely<Database>) {
  return {
    async insert(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
    },
    async delete(key: string): Promise<void> {
      await db.deleteFrom('uploads').where('key', '=', key).execute();
    },
    async existsForForm(key: string, formRowId: string): Promise<boolean> {
      const row = await db
        .selectFrom('uploads')
        .select('key')
        .where('key', '=', key)
        .where('form_id', '=', formRowId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Which of the keys still belong to a form that exists (the others are orphans). */
    async liveKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('uploads')
        .innerJoin('forms', 'forms.id', 'uploads.form_id')
        .select('uploads.key')
        .where('uploads.key', 'in', [...keys])
        .execute();
      return new Set(rows.map((row) => row.key));
    },
    async keysOfForm(formRowId: string): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('key').where('form_id', '=', formRowId).execute();
      return rows.map((row) => row.key);
    },
    /**
     * Rows whose form no longer exists (none while foreign keys cascade; kept as a net), at most
     * `limit` of them; answers their keys after deleting them.
     */
    async deleteOrphanRows(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('key')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('forms').select('forms.id').whereRef('forms.id', '=', 'uploads.form_id'))),
        )
        .limit(limit)
        .execute();
      const keys = rows.map((row) => row.key);
      if (keys.length > 0) await db.deleteFrom('uploads').where('key', 'in', keys).execute();
      return keys;
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
