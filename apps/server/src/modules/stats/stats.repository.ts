import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FormResponseTotals } from './dashboard-stats.js';

/** Aggregates over the owner's forms and their responses; scoped by owner id like every owner query. */
export function createStatsRepository(db: Kysely<Database>) {
  return {
    /** One row per form of the owner, newest form first; `month` bounds are ISO texts [start, end). */
    async responseTotalsByForm(
      ownerId: string,
      month: { start: string; end: string },
    ): Promise<FormResponseTotals[]> {
      const rows = await db
        .selectFrom('forms')
        .leftJoin('responses', 'responses.form_id', 'forms.id')
        .select((eb) => [
          'forms.form_id',
          'forms.name',
          'forms.status',
          eb.fn.count<number | string>('responses.id').as('responses'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('responses.created_at', '>=', month.start),
                    eb('responses.created_at', '<', month.end),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as('responses_this_month'),
          eb.fn.max<string | null>('responses.created_at').as('last_response_at'),
        ])
        .where('forms.owner_id', '=', ownerId)
        .groupBy(['forms.id', 'forms.form_id', 'forms.name', 'forms.status', 'forms.created_at'])
        .orderBy('forms.created_at', 'desc')
        .orderBy('forms.id', 'desc')
        .execute();
      // PostgreSQL answers counts and sums as bigint text.
      return rows.map((row) => ({
        formId: row.form_id,
        name: row.name,
        status: row.status,
        responses: Number(row.responses),
        responsesThisMonth: Number(row.responses_this_month ?? 0),
        lastResponseAt: row.last_response_at ?? null,
      }));
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
