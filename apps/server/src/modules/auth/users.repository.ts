import type { User } from '@sheetforms/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

type UserRow = Selectable<UsersTable>;

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
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

    /** Google says to key accounts on `sub`; email is the fallback for accounts made before their first sign-in. */
    async findBySubOrEmail(
      sub: string,
      email: string,
    ): Promise<(User & { googleSub: string | null }) | undefined> {
      const bySub = await db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
      const row =
        bySub ?? (await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst());
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
      return { id: user.id, name: user.name, email: user.email, role: user.role };
    },

    async updateSignIn(
      id: string,
      changes: { googleSub: string; email: string; role: User['role']; now: string },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          google_sub: changes.googleSub,
          email: changes.email,
          role: changes.role,
          updated_at: changes.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async updateName(id: string, name: string, now: string): Promise<User | undefined> {
      await db.updateTable('users').set({ name, updated_at: now }).where('id', '=', id).execute();
      return this.findById(id);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
