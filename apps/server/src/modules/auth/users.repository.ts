import type { User } from '@sheetforms/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

type UserRow = Selectable<UsersTable>;

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role, createdAt: row.created_at };
}

export interface NewUser {
  id: string;
  googleSub: string;
  email: string;
  name: string;
  role: User['role'];
  now: string;
}

export function createUsersRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    /** The account bound to a Google subject: Google says to key accounts on `sub`, never on email. */
    async findBySub(sub: string): Promise<(User & { googleSub: string | null }) | undefined> {
      const row = await db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
      return row && { ...toUser(row), googleSub: row.google_sub };
    },

    /**
     * The account holding an email, with its subject. Sign-in uses it only when no account has the
     * subject: an account without a subject may be bound; one with another subject is someone else's.
     */
    async findByEmail(email: string): Promise<(User & { googleSub: string | null }) | undefined> {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row && { ...toUser(row), googleSub: row.google_sub };
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(user: NewUser): Promise<User> {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          google_sub: user.googleSub,
          email: user.email,
          name: user.name,
          role: user.role,
          created_at: user.now,
          updated_at: user.now,
        })
        .execute();
      return { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.now };
    },

    /**
     * Records a sign-in of the account bound to `googleSub`. The subject is written only where none is
     * stored yet (binding an account that has none), never over another one: answers false, changing
     * nothing, when the row is bound to a different subject (or is gone).
     */
    async updateSignIn(
      id: string,
      changes: { googleSub: string; email: string; role: User['role']; now: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          google_sub: changes.googleSub,
          email: changes.email,
          role: changes.role,
          updated_at: changes.now,
        })
        .where('id', '=', id)
        // The guard: with it, the write above either binds a row without a subject or rewrites the same one.
        .where((eb) => eb.or([eb('google_sub', 'is', null), eb('google_sub', '=', changes.googleSub)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records a role derived anew (at a refresh, when ADMIN_EMAILS changed since the last sign-in). */
    async updateRole(id: string, role: User['role'], now: string): Promise<void> {
      await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
    },

    /**
     * Makes the stored roles follow a non-empty ADMIN_EMAILS: Admin exactly for the listed emails.
     * Answers whose role changed, by email.
     */
    async syncAdmins(
      adminEmails: readonly string[],
      now: string,
    ): Promise<{ demoted: string[]; promoted: string[] }> {
      const list = [...adminEmails];
      return db.transaction().execute(async (trx) => {
        const demoted = await trx
          .updateTable('users')
          .set({ role: 'User', updated_at: now })
          .where('role', '=', 'Admin')
          .where('email', 'not in', list)
          .returning('email')
          .execute();
        const promoted = await trx
          .updateTable('users')
          .set({ role: 'Admin', updated_at: now })
          .where('role', '!=', 'Admin')
          .where('email', 'in', list)
          .returning('email')
          .execute();
        const emails = (rows: Array<{ email: string }>) => rows.map((row) => row.email).sort();
        return { demoted: emails(demoted), promoted: emails(promoted) };
      });
    },

    /** The stored Admins, oldest account first, and whether each is the instance's first user. */
    async admins(): Promise<Array<{ email: string; isFirstUser: boolean }>> {
      const first = await db
        .selectFrom('users')
        .select('id')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('role', '=', 'Admin')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ email: row.email, isFirstUser: row.id === first?.id }));
    },

    async updateName(id: string, name: string, now: string): Promise<User | undefined> {
      await db.updateTable('users').set({ name, updated_at: now }).where('id', '=', id).execute();
      return this.findById(id);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
