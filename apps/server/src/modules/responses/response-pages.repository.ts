import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ResponseCursor } from './response-cursor.js';
import type { ResponseRow } from './response-serializers.js';

/** The list's and the export's filters; instants are ISO 8601 UTC text, as created_at is stored. */
export interface ResponseFilters {
  /** Case-insensitive substring of the answers. */
  q?: string | undefined;
  /** Inclusive bounds on the created time. */
  from?: string | undefined;
  to?: string | undefined;
}

const COLUMNS = ['id', 'answers_json', 'signature_url', 'created_at', 'sync_state', 'last_error'] as const;

/**
 * Reading a form's stored responses for its owner, newest first, keyset-paginated on (created_at, id):
 * the index responses_form_page_idx (form_id, created_at, id) serves the order and the position, so a
 * page costs the same at any depth and any table size. Every query repeats the ownership check.
 */
export function createResponsePagesRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /** This form's responses, and the form is the owner's (an uncorrelated check, evaluated once). */
  const scoped =
    (ownerId: string, formRowId: string, filters: ResponseFilters) =>
    (eb: ExpressionBuilder<Database, 'responses'>) => {
      const conditions: Expression<SqlBool>[] = [
        eb('responses.form_id', '=', formRowId),
        eb.exists(
          eb
            .selectFrom('forms')
            .select('forms.id')
            .where('forms.id', '=', formRowId)
            .where('forms.owner_id', '=', ownerId),
        ),
      ];
      if (filters.from !== undefined) conditions.push(eb('responses.created_at', '>=', filters.from));
      if (filters.to !== undefined) conditions.push(eb('responses.created_at', '<=', filters.to));
      if (filters.q) {
        const pattern = `%${likeEscape(jsonEscape(filters.q))}%`;
        // SQLite's LIKE ignores case (ASCII letters); PostgreSQL needs ILIKE.
        const op = kind === 'postgres' ? sql.raw('ilike') : sql.raw('like');
        conditions.push(sql<SqlBool>`${sql.ref('responses.answers_json')} ${op} ${pattern} escape '\\'`);
      }
      return eb.and(conditions);
    };

  return {
    /** Up to `limit` responses older than `after` (or the newest), newest first. */
    async page(
      ownerId: string,
      formRowId: string,
      filters: ResponseFilters,
      after: ResponseCursor | undefined,
      limit: number,
    ): Promise<ResponseRow[]> {
      let query = db
        .selectFrom('responses')
        .select([...COLUMNS])
        .where(scoped(ownerId, formRowId, filters));
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('responses.created_at', 'responses.id'), '<', eb.tuple(after.createdAt, after.id)),
        );
      }
      return query
        .orderBy('responses.created_at', 'desc')
        .orderBy('responses.id', 'desc')
        .limit(limit)
        .execute();
    },

    async count(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<number> {
      const row = await db
        .selectFrom('responses')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where(scoped(ownerId, formRowId, filters))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** How many of the form's responses were created in [from, before) (either bound may be left open). */
    async countCreatedBetween(
      ownerId: string,
      formRowId: string,
      from: string | undefined,
      before: string | undefined,
    ): Promise<number> {
      let query = db
        .selectFrom('responses')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where(scoped(ownerId, formRowId, { from }));
      if (before !== undefined) query = query.where('responses.created_at', '<', before);
      const row = await query.executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async findById(ownerId: string, formRowId: string, responseId: string): Promise<ResponseRow | undefined> {
      return db
        .selectFrom('responses')
        .select([...COLUMNS])
        .where(scoped(ownerId, formRowId, {}))
        .where('responses.id', '=', responseId)
        .executeTakeFirst();
    },
  };
}

export type ResponsePagesRepository = ReturnType<typeof createResponsePagesRepository>;

/** Answers are stored as JSON text, so the search text is matched as JSON writes it (quotes, backslashes). */
function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
