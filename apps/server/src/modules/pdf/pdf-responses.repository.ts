import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toResponseForTemplate } from '../responses/response-serializers.js';
import type { ResponseForTemplate } from '../templates/template-values.js';

/** Stored responses for the ZIP export: many by id in one query, scoped to the owner's form. */
export function createPdfResponsesRepository(db: Kysely<Database>) {
  return {
    /** The ones among `ids` that belong to this form of this owner, in no particular order. */
    async listByIds(
      ownerId: string,
      formRowId: string,
      ids: readonly string[],
    ): Promise<ResponseForTemplate[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('responses')
        .select([
          'id',
          'answers_json',
          'signature_url',
          'created_at',
          'sync_state',
          'last_error',
          'respondent_email',
        ])
        .where('responses.form_id', '=', formRowId)
        .where('responses.id', 'in', [...ids])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('forms')
              .select('forms.id')
              .where('forms.id', '=', formRowId)
              .where('forms.owner_id', '=', ownerId),
          ),
        )
        .execute();
      return rows.map(toResponseForTemplate);
    },
  };
}

export type PdfResponsesRepository = ReturnType<typeof createPdfResponsesRepository>;
