import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FormResponseRow } from './form-serializers.js';

/** Reading a form's stored responses for its owner (the public form writes them). */
export function createFormResponsesRepository(db: Kysely<Database>) {
  return {
    /** Newest first. `formRowId` is the internal forms.id of a form the caller already owns. */
    async listByForm(formRowId: string): Promise<FormResponseRow[]> {
      return db
        .selectFrom('responses')
        .select(['id', 'answers_json', 'signature_url', 'created_at', 'sync_state', 'last_error'])
        .where('form_id', '=', formRowId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}

export type FormResponsesRepository = ReturnType<typeof createFormResponsesRepository>;
