import { type FormTemplate, normalisedDocsUrl } from '@sheetforms/contract';
import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, FormTemplatesTable } from '../../db/schema.js';

export type TemplateRow = Selectable<FormTemplatesTable>;
export type TemplateChanges = Pick<
  Updateable<FormTemplatesTable>,
  'name' | 'google_docs_url' | 'content' | 'updated_at'
>;

/**
 * The Docs URL is answered normalised (Google's https edit address of its id), and '' when it names no
 * Google document: a template stored before the rule was held to the whole text may hold
 * `javascript:…//docs.google.com/document/d/…`, and no reader of the API may get that as a link.
 */
function toFormTemplate(row: Pick<TemplateRow, 'id' | 'name' | 'google_docs_url' | 'content'>): FormTemplate {
  const googleDocsUrl = normalisedDocsUrl(row.google_docs_url) ?? '';
  return { id: row.id, name: row.name, googleDocsUrl, content: row.content };
}

/**
 * Document templates of forms. Every query names the owner and is checked against forms.owner_id in the
 * database itself, so a template of another owner's form is never read or changed, even if a caller
 * passed a form id it had not checked.
 */
export function createTemplatesRepository(db: Kysely<Database>) {
  /** `form_templates.form_id` is this form, and the form is the owner's. */
  const ownedBy =
    (ownerId: string, formRowId: string) => (eb: ExpressionBuilder<Database, 'form_templates'>) =>
      eb.and([
        eb('form_templates.form_id', '=', formRowId),
        eb.exists(
          eb
            .selectFrom('forms')
            .select('forms.id')
            .whereRef('forms.id', '=', 'form_templates.form_id')
            .where('forms.owner_id', '=', ownerId),
        ),
      ]);

  async function findForForm(
    ownerId: string,
    formRowId: string,
    templateId: string,
  ): Promise<FormTemplate | undefined> {
    const row = await db
      .selectFrom('form_templates')
      .select(['id', 'name', 'google_docs_url', 'content'])
      .where(ownedBy(ownerId, formRowId))
      .where('id', '=', templateId)
      .executeTakeFirst();
    return row && toFormTemplate(row);
  }

  return {
    /** In the order they were added. */
    async listForForm(ownerId: string, formRowId: string): Promise<FormTemplate[]> {
      const rows = await db
        .selectFrom('form_templates')
        .select(['id', 'name', 'google_docs_url', 'content'])
        .where(ownedBy(ownerId, formRowId))
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toFormTemplate);
    },

    findForForm,

    async countForForm(ownerId: string, formRowId: string): Promise<number> {
      const row = await db
        .selectFrom('form_templates')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where(ownedBy(ownerId, formRowId))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * The caller has checked that the form is the owner's; the insert repeats the check in the same
     * statement (INSERT … SELECT from the owner's form), so nothing lands on a form that is not theirs.
     */
    async insert(ownerId: string, row: TemplateRow): Promise<FormTemplate | undefined> {
      const result = await db
        .insertInto('form_templates')
        .columns(['id', 'form_id', 'name', 'google_docs_url', 'content', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('forms')
            .select([
              eb.cast<string>(eb.val(row.id), 'text').as('id'),
              'forms.id as form_id',
              eb.cast<string>(eb.val(row.name), 'text').as('name'),
              eb.cast<string>(eb.val(row.google_docs_url), 'text').as('google_docs_url'),
              eb.cast<string>(eb.val(row.content), 'text').as('content'),
              eb.cast<string>(eb.val(row.created_at), 'text').as('created_at'),
              eb.cast<string>(eb.val(row.updated_at), 'text').as('updated_at'),
            ])
            .where('forms.id', '=', row.form_id)
            .where('forms.owner_id', '=', ownerId),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? toFormTemplate(row) : undefined;
    },

    async update(
      ownerId: string,
      formRowId: string,
      templateId: string,
      changes: TemplateChanges,
    ): Promise<FormTemplate | undefined> {
      const result = await db
        .updateTable('form_templates')
        .set(changes)
        .where(ownedBy(ownerId, formRowId))
        .where('id', '=', templateId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return findForForm(ownerId, formRowId, templateId);
    },

    async delete(ownerId: string, formRowId: string, templateId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('form_templates')
        .where(ownedBy(ownerId, formRowId))
        .where('id', '=', templateId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
