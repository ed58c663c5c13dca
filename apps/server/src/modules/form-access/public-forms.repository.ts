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
> & {
  /** How many of the form's webhooks are enabled (a count: PostgreSQL answers it as text). */
  enabled_webhooks: number | string | bigint | null;
};

/** Forms as respondents reach them: by public form id, without an owner. */
export function createPublicFormsRepository(db: Kysely<Database>) {
  return {
    async findByFormId(formId: string): Promise<PublicFormRow | undefined> {
      // The count of enabled webhooks: with the settings, whether a submission has deliveries to plan.
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
        .select((eb) =>
          eb
            .selectFrom('webhooks')
            .select(eb.fn.countAll().as('count'))
            .whereRef('webhooks.form_id', '=', 'forms.id')
            .where('webhooks.enabled', '=', 1)
            .as('enabled_webhooks'),
        )
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },
  };
}
export type PublicFormsRepository = ReturnType<typeof createPublicFormsRepository>;
