import type { Kysely, Updateable } from 'kysely';
import type { Database, FormsTable } from '../../db/schema.js';
import type { FormListRow, FormRow } from './form-serializers.js';

export type FormChanges = Omit<Updateable<FormsTable>, 'id' | 'form_id' | 'owner_id' | 'created_at'>;

/**
 * The owner's forms. Every query is scoped by owner id, so another owner's form is indistinguishable
 * from a missing one.
 */
export function createFormsRepository(db: Kysely<Database>) {
  async function findByFormIdForOwner(ownerId: string, formId: string): Promise<FormRow | undefined> {
    return db
      .selectFrom('forms')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('form_id', '=', formId)
      .executeTakeFirst();
  }

  return {
    findByFormIdForOwner,

    /** Newest first, with each form's response count. */
    async listByOwner(ownerId: string): Promise<FormListRow[]> {
      return db
        .selectFrom('forms')
        .select((eb) => [
          'forms.id',
          'forms.form_id',
          'forms.name',
          'forms.google_sheets_url',
          'forms.sheet_name',
          'forms.status',
          'forms.created_at',
          eb
            .selectFrom('responses')
            .select((sub) => sub.fn.countAll<number | string>().as('count'))
            .whereRef('responses.form_id', '=', 'forms.id')
            .as('response_count'),
        ])
        .where('forms.owner_id', '=', ownerId)
        .orderBy('forms.created_at', 'desc')
        .orderBy('forms.id', 'desc')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, response_count: row.response_count ?? 0 })));
    },

    async insert(row: FormRow): Promise<void> {
      await db.insertInto('forms').values(row).execute();
    },

    /**
     * Applies the changes; with `expectedUpdatedAt`, only if the stored form still has that updated_at
     * (one statement, so no other save can slip in between the check and the write). Answers the form as
     * stored afterwards and whether the changes were applied; undefined when the owner has no such form.
     */
    async update(
      ownerId: string,
      formId: string,
      changes: FormChanges,
      expectedUpdatedAt?: string,
    ): Promise<{ row: FormRow; applied: boolean } | undefined> {
      let query = db
        .updateTable('forms')
        .set(changes)
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId);
      if (expectedUpdatedAt !== undefined) query = query.where('updated_at', '=', expectedUpdatedAt);
      const result = await query.executeTakeFirst();
      const row = await findByFormIdForOwner(ownerId, formId);
      return row && { row, applied: Number(result.numUpdatedRows) > 0 };
    },

    /**
     * Stores `settingsJson` (and `updatedAt`) only if the stored settings are still exactly
     * `expectedSettingsJson`, the text the caller read: one statement, so a settings save that commits
     * after that read makes this miss instead of being overwritten. Answers whether it was stored (false
     * too when the owner has no such form).
     */
    async replaceSettingsIfUnchanged(
      ownerId: string,
      formId: string,
      expectedSettingsJson: string,
      change: { settingsJson: string; updatedAt: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('forms')
        .set({ settings_json: change.settingsJson, updated_at: change.updatedAt })
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId)
        .where('settings_json', '=', expectedSettingsJson)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Users, responses and everything else of the form go with it (ON DELETE CASCADE). */
    async deleteForOwner(ownerId: string, formId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('forms')
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type FormsRepository = ReturnType<typeof createFormsRepository>;
