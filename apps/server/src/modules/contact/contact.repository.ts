import type { ContactMessage } from '@sheetforms/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.js';
import type { ContactCursor } from './contact-cursor.js';

type Row = Selectable<ContactMessagesTable>;

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
}

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(message: NewContactMessage): Promise<void> {
      await db
        .insertInto('contact_messages')
        .values({
          id: message.id,
          name: message.name,
          email: message.email,
          company: message.company,
          message: message.message,
          created_at: message.createdAt,
          read_at: null,
        })
        .execute();
    },

    /** Newest first, after `after` in that order; `limit` rows at most. */
    async listNewestFirst(limit: number, after?: ContactCursor): Promise<ContactMessage[]> {
      let query = db.selectFrom('contact_messages').selectAll();
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toMessage);
    },

    async counts(): Promise<{ total: number; unread: number }> {
      const row = await db
        .selectFrom('contact_messages')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.count<number | string>('id').filterWhere('read_at', 'is', null).as('unread'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread) };
    },

    /** Marks a message read (at `readAt`) or unread (null); undefined when there is no such message. */
    async setReadAt(id: string, readAt: string | null): Promise<ContactMessage | undefined> {
      const result = await db
        .updateTable('contact_messages')
        .set({ read_at: readAt })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toMessage(row);
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
