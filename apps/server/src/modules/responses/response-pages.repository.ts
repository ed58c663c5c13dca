import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ResponseCursor } from './response-cursor.js';
import type { ResponseRow } from './response-serializers.js';

/** The list's and the export's filters; instants are ISO 8601 UTC text, as created_at is stored. */
export interface ResponseFilters {
  /**
   * Case-insensitive substring of an answer value (never of a label; see answerValueMatches) or of the
   * respondent's email.
   */
  q?: string | undefined;
  /** Inclusive bounds on the created time. */
  from?: string | undefined;
  to?: string | undefined;
}

/** A row of json_each / jsonb_each_text: one key of a response's answers. */
interface AnswerEntry {
  key: string;
  value: string;
}

const COLUMNS = [
  'id',
  'answers_json',
  'signature_url',
  'created_at',
  'sync_state',
  'last_error',
  'respondent_email',
] as const;

/**
 * Reading a form's stored responses for its owner, newest first, keyset-paginated on (created_at, id):
 * the index responses_form_page_idx (form_id, created_at, id) serves the order and the position, so a
 * page costs the same at any depth and any table size. Every query repeats the ownership check.
 *
 * What reads every matching response goes to `scanDb` (DatabaseHandle.scanDb: off the main thread on a
 * SQLite file): a search's page and every count, the export's labels and its respondent check. A search
 * that matches nothing reads all of a form's answers, about 0.7 s for 100,000 responses, and on the main
 * thread no other request was answered meanwhile. A page without a search reads `limit` rows: `db`.
 */
export function createResponsePagesRepository(
  db: Kysely<Database>,
  kind: DatabaseKind,
  scanDb: Kysely<Database> = db,
) {
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
      if (filters.q)
        conditions.push(eb.or([answerValueMatches(kind, filters.q), respondentMatches(kind, filters.q)]));
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
      let query = (filters.q ? scanDb : db)
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
      const row = await scanDb
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
      let query = scanDb
        .selectFrom('responses')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where(scoped(ownerId, formRowId, { from }));
      if (before !== undefined) query = query.where('responses.created_at', '<', before);
      const row = await query.executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * Every label that some matching response holds an answer under, the label of the newest such
     * response first (ties by label): how the export finds answers of fields removed or renamed since.
     * One aggregate over the matching rows, read before the export streams.
     */
    async answerLabels(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<string[]> {
      const each =
        kind === 'postgres'
          ? sql<AnswerEntry>`jsonb_each_text(${sql.ref('responses.answers_json')}::jsonb)`
          : sql<AnswerEntry>`json_each(${sql.ref('responses.answers_json')})`;
      const rows = await scanDb
        .selectFrom('responses')
        .innerJoin(each.as('answer'), (join) => join.onTrue())
        .select((eb) => [
          sql<string>`${sql.ref('answer.key')}`.as('label'),
          eb.fn.max('responses.created_at').as('seen'),
        ])
        .where(scoped(ownerId, formRowId, filters))
        .groupBy('answer.key')
        .orderBy('seen', 'desc')
        .orderBy('label')
        .execute();
      return rows.map((row) => row.label);
    },

    /** Some matching response names its respondent (the export then has a Respondent column). */
    async hasRespondent(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<boolean> {
      const row = await scanDb
        .selectFrom('responses')
        .select('responses.id')
        .where(scoped(ownerId, formRowId, filters))
        .where('responses.respondent_email', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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

/**
 * Some answer VALUE of the response contains `q`, case-insensitively: the labels (the JSON keys) and the
 * JSON punctuation never match, so q=Email or q={ finds only answers that hold that text. `%`, `_` and
 * backslashes typed by the owner are literal. answers_json is text on both databases (migration 0002): SQLite
 * reads it with json_each, PostgreSQL casts it to jsonb for jsonb_each_text; both yield the unescaped
 * value, so quotes and backslashes match as typed.
 *
 * Case: PostgreSQL's ILIKE folds letters as the database's LC_CTYPE does (with a UTF-8 locale, É matches
 * é); SQLite's LIKE folds ASCII letters only (it has no ICU), so there 'zoë' matches 'ZOë' but not 'ZOË'.
 */
export function answerValueMatches(kind: DatabaseKind, q: string): Expression<SqlBool> {
  const pattern = `%${likeEscape(q)}%`;
  if (kind === 'postgres') {
    return sql<SqlBool>`exists (select 1 from jsonb_each_text(${sql.ref('responses.answers_json')}::jsonb) as answer where answer.value ilike ${pattern} escape '\\')`;
  }
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref('responses.answers_json')}) as answer where answer.type = 'text' and answer.value like ${pattern} escape '\\')`;
}

/** The respondent's email contains `q` (ILIKE / LIKE with the same escaping as answers). */
function respondentMatches(kind: DatabaseKind, q: string): Expression<SqlBool> {
  const pattern = `%${likeEscape(q)}%`;
  const op = kind === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref('responses.respondent_email')} ${op} ${pattern} escape '\\'`;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
