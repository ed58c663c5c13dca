import type { FormUser } from '@sheetforms/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FormUsersTable } from '../../db/schema.js';

type FormUserRow = Selectable<FormUsersTable>;

function toFormUser(row: Pick<FormUserRow, 'id' | 'name' | 'email' | 'created_at'>): FormUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at };
}

/** A form user with the stored hash, for checking a password; never serialized. */
export interface FormUserCredentials {
  user: FormUser;
  passwordHash: string;
  /** The version a respondent token issued now must carry (form_users.token_version). */
  tokenVersion: number;
}

/**
 * Authorized users of forms. Every query takes the internal id of a form the caller was shown to own
 * (or, for respondent login, the public form id), so users of one form never reach another.
 */
export function createFormUsersRepository(db: Kysely<Database>) {
  return {
    /** Without password hashes: they are not even read. */
    async listByForm(formRowId: string): Promise<FormUser[]> {
      const rows = await db
        .selectFrom('form_users')
        .select(['id', 'name', 'email', 'created_at'])
        .where('form_id', '=', formRowId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toFormUser);
    },

    async findByEmail(formRowId: string, email: string): Promise<FormUser | undefined> {
      const row = await db
        .selectFrom('form_users')
        .select(['id', 'name', 'email', 'created_at'])
        .where('form_id', '=', formRowId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toFormUser(row);
    },

    async findById(formRowId: string, id: string): Promise<FormUser | undefined> {
      const row = await db
        .selectFrom('form_users')
        .select(['id', 'name', 'email', 'created_at'])
        .where('form_id', '=', formRowId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toFormUser(row);
    },

    /** For respondent login: looked up by the public form id, as the login page knows only that. */
    async findCredentials(publicFormId: string, email: string): Promise<FormUserCredentials | undefined> {
      const row = await db
        .selectFrom('form_users')
        .innerJoin('forms', 'forms.id', 'form_users.form_id')
        .select([
          'form_users.id',
          'form_users.name',
          'form_users.email',
          'form_users.created_at',
          'form_users.password_hash',
          'form_users.token_version',
        ])
        .where('forms.form_id', '=', publicFormId)
        .where('form_users.email', '=', email)
        .executeTakeFirst();
      return (
        row && { user: toFormUser(row), passwordHash: row.password_hash, tokenVersion: row.token_version }
      );
    },

    /**
     * For respondent tokens: the user's current token version and email, or undefined when the user no
     * longer exists on this form (a removed user's token stops working at once).
     */
    async findTokenHolder(
      formRowId: string,
      id: string,
    ): Promise<{ tokenVersion: number; email: string } | undefined> {
      const row = await db
        .selectFrom('form_users')
        .select(['token_version', 'email'])
        .where('form_id', '=', formRowId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { tokenVersion: Number(row.token_version), email: row.email };
    },

    /** New users start at token version 0 (the column's default). */
    async insert(row: Omit<FormUserRow, 'token_version'>): Promise<FormUser> {
      await db.insertInto('form_users').values(row).execute();
      return toFormUser(row);
    },

    async deleteFromForm(formRowId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('form_users')
        .where('form_id', '=', formRowId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Replaces the password and bumps the token version in one statement, so every respondent token
     * issued before (even one from a login racing this reset) stops working.
     */
    async updatePasswordHash(
      formRowId: string,
      id: string,
      passwordHash: string,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('form_users')
        .set((eb) => ({
          password_hash: passwordHash,
          token_version: eb('token_version', '+', 1),
          updated_at: now,
        }))
        .where('form_id', '=', formRowId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type FormUsersRepository = ReturnType<typeof createFormUsersRepository>;
