import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

/** Which form each stored signature was uploaded for. */
export function createUploadsRepository(db: Kysely<Database>) {
  return {
    async insert(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
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
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
