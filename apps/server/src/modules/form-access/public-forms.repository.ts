import type { Kysely, Selectable } from 'kysely';
import type { Database, FormsTable } from '../../db/schema.js';

/** What the public side may read of a form: never the owner, the sheet or anything else. */
export type PublicFormRow = Pick<
  Selectable<FormsTable>,
  'id' | 'form_id' | 'name' | 'description' | 'fields_json' | 'settings_json' | 'status'
>;

/** Forms as respondents reach them: by public form id, without an owner. */
export function createPublicFormsRepository(db: Kysely<Database>) {
  return {
    async findByFormId(formId: string): Promise<PublicFormRow | undefined> {
      return db
        .selectFrom('forms')
        .select(['id', 'form_id', 'name', 'description', 'fields_json', 'settings_json', 'status'])
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },
  };
}
export type PublicFormsRepository = ReturnType<typeof createPublicFormsRepository>;
