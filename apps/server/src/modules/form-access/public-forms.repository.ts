import type { Kysely, Selectable } from 'kysely';
import type { Database, FormsTable } from '../../db/schema.js';

/**
 * What the public side reads of a form. The owner and the spreadsheet are read only to fetch options
 * ranges (field-options) and never leave the server: toPublicForm builds the reply key by key.
 */
export type PublicFormRow = Pick<
  Selectable<FormsTable>,
  | 'id'
  | 'form_id'
  | 'name'
  | 'description'
  | 'fields_json'
  | 'settings_json'
  | 'status'
  | 'owner_id'
  | 'spreadsheet_id'
  | 'edit_access_proven_for'
>;

/** Forms as respondents reach them: by public form id, without an owner. */
export function createPublicFormsRepository(db: Kysely<Database>) {
  return {
    async findByFormId(formId: string): Promise<PublicFormRow | undefined> {
      return db
        .selectFrom('forms')
        .select([
          'id',
          'form_id',
          'name',
          'description',
          'fields_json',
          'settings_json',
          'status',
          'owner_id',
          'spreadsheet_id',
          'edit_access_proven_for',
        ])
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },
  };
}
export type PublicFormsRepository = ReturnType<typeof createPublicFormsRepository>;
