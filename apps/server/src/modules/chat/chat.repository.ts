import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChatMessagesTable, ChatSessionsTable, Database } from '../../db/schema.js';

export type ChatSessionRow = Selectable<ChatSessionsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

export type AppendResult =
  | { ok: true; message: ChatMessageRow; session: ChatSessionRow }
  | { ok: false; reason: 'not-found' | 'closed' };

/** The chat tables. The session row carries the admin list's computed fields, kept as messages arrive. */
export function createChatRepository(db: Kysely<Database>) {
  const numbers = (row: ChatSessionRow): ChatSessionRow => ({
    ...row,
    total_messages: Number(row.total_messages),
    last_seq: Number(row.last_seq),
    unread_count: Number(row.unread_count),
    admin_read_seq: Number(row.admin_read_seq),
  });
  const messageNumbers = (row: ChatMessageRow): ChatMessageRow => ({ ...row, seq: Number(row.seq) });

  return {
    async insertSession(row: { id: string; userName: string; userEmail: string; now: string }) {
      await db
        .insertInto('chat_sessions')
        .values({
          id: row.id,
          user_name: row.userName,
          user_email: row.userEmail,
          status: 'active',
          created_at: row.now,
          last_activity_at: row.now,
          last_message: '',
          last_message_at: null,
          total_messages: 0,
          last_seq: 0,
          unread_count: 0,
          admin_read_seq: 0,
          visitor_seen_at: row.now,
          admin_typing_until: null,
          closed_at: null,
        })
        .execute();
    },

    async findSession(id: string): Promise<ChatSessionRow | undefined> {
      const row = await db.selectFrom('chat_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && numbers(row);
    },

    /**
     * Numbers and stores a message in one transaction. The session's UPDATE … RETURNING takes its row
     * lock (PostgreSQL) or the write lock (SQLite) first, so two messages of one session, even in the
     * same millisecond, get consecutive seqs in the order they were stored.
     */
    async appendMessage(input: {
      sessionId: string;
      sender: 'user' | 'admin';
      text: string;
      now: string;
    }): Promise<AppendResult> {
      return db.transaction().execute(async (trx) => {
        const fromVisitor = input.sender === 'user';
        const updated = await trx
          .updateTable('chat_sessions')
          .set((eb) => ({
            last_seq: eb('last_seq', '+', 1),
            total_messages: eb('total_messages', '+', 1),
            last_message: input.text,
            last_message_at: input.now,
            last_activity_at: input.now,
            // A visitor's message is unread until an admin opens the chat; an admin's reply reads it all.
            unread_count: fromVisitor ? eb('unread_count', '+', 1) : 0,
            admin_read_seq: fromVisitor ? eb.ref('admin_read_seq') : eb('last_seq', '+', 1),
            admin_typing_until: fromVisitor ? eb.ref('admin_typing_until') : null,
          }))
          .where('id', '=', input.sessionId)
          .where('status', '=', 'active')
          .returningAll()
          .executeTakeFirst();
        if (!updated) {
          const exists = await trx
            .selectFrom('chat_sessions')
            .select('status')
            .where('id', '=', input.sessionId)
            .executeTakeFirst();
          return { ok: false, reason: exists ? 'closed' : 'not-found' } as const;
        }
        const message: ChatMessageRow = {
          id: randomUUID(),
          session_id: input.sessionId,
          seq: Number(updated.last_seq),
          sender: input.sender,
          text: input.text,
          created_at: input.now,
        };
        await trx.insertInto('chat_messages').values(message).execute();
        return { ok: true, message, session: numbers(updated) } as const;
      });
    },

    /** Messages with seq > afterSeq, oldest first (served by the (session_id, seq) index). */
    async messagesAfter(sessionId: string, afterSeq: number, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(messageNumbers);
    },

    /** Messages stored after an instant, oldest first. */
    async messagesSince(sessionId: string, after: string, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('created_at', '>', after)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(messageNumbers);
    },

    /** Every session's messages stored at or after an instant, oldest first (an admin stream resuming). */
    async messagesOfAllSince(at: string, limit: number): Promise<ChatMessageRow[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('created_at', '>=', at)
        .orderBy('created_at')
        .orderBy('session_id')
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(messageNumbers);
    },

    async messageBySeq(sessionId: string, seq: number): Promise<ChatMessageRow | undefined> {
      const row = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row && messageNumbers(row);
    },

    /** The seq of one of the session's messages (another session's id is unknown here). */
    async seqOfMessage(sessionId: string, messageId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('chat_messages')
        .select('seq')
        .where('session_id', '=', sessionId)
        .where('id', '=', messageId)
        .executeTakeFirst();
      return row ? Number(row.seq) : undefined;
    },

    /**
     * Moves the admins' read marker to the newest message, in one statement (a message stored meanwhile
     * is either read with it or counted unread, never announced as read while still unread). Answers
     * whether it moved and the marker, or undefined for an unknown session.
     */
    async markRead(sessionId: string): Promise<{ changed: boolean; readUpTo: number } | undefined> {
      const moved = await db
        .updateTable('chat_sessions')
        .set((eb) => ({ admin_read_seq: eb.ref('last_seq'), unread_count: 0 }))
        .where('id', '=', sessionId)
        .where((eb) => eb.or([eb('admin_read_seq', '<', eb.ref('last_seq')), eb('unread_count', '>', 0)]))
        .returning('admin_read_seq')
        .executeTakeFirst();
      if (moved) return { changed: true, readUpTo: Number(moved.admin_read_seq) };
      const row = await db
        .selectFrom('chat_sessions')
        .select('admin_read_seq')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? { changed: false, readUpTo: Number(row.admin_read_seq) } : undefined;
    },

    async setTyping(sessionId: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('chat_sessions')
        .set({ admin_typing_until: until })
        .where('id', '=', sessionId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Closes an active session; answers the closed row, or undefined when it was not active. */
    async close(sessionId: string, now: string): Promise<ChatSessionRow | undefined> {
      const row = await db
        .updateTable('chat_sessions')
        .set({ status: 'closed', closed_at: now, last_activity_at: now, admin_typing_until: null })
        .where('id', '=', sessionId)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      return row && numbers(row);
    },

    /** Presence, written in one statement for many sessions (batched by the service). */
    async markSeen(sessionIds: readonly string[], at: string): Promise<void> {
      if (sessionIds.length === 0) return;
      await db
        .updateTable('chat_sessions')
        .set({ visitor_seen_at: at })
        .where('id', 'in', [...sessionIds])
        .where('status', '=', 'active')
        .execute();
    },

    /**
     * The admin list: sessions of one status, newest activity first. `q` matches the name, the email or
     * any message's text (case-insensitive; LIKE wildcards in q are literal).
     */
    async listSessions(status: 'active' | 'closed', q: string | undefined, limit: number) {
      let query = db
        .selectFrom('chat_sessions as s')
        .selectAll()
        .where('s.status', '=', status)
        .orderBy('s.last_activity_at', 'desc')
        .orderBy('s.id')
        .limit(limit);
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
        query = query.where((eb) =>
          eb.or([
            like('s.user_name'),
            like('s.user_email'),
            eb.exists(
              eb
                .selectFrom('chat_messages as m')
                .select(sql`1`.as('one'))
                .whereRef('m.session_id', '=', 's.id')
                .where(like('m.text')),
            ),
          ]),
        );
      }
      return (await query.execute()).map(numbers);
    },

    /** Closes sessions idle since before `before`; answers their ids (bounded). */
    async closeIdle(before: string, now: string, limit: number): Promise<string[]> {
      const idle = await db
        .selectFrom('chat_sessions')
        .select('id')
        .where('status', '=', 'active')
        .where('last_activity_at', '<', before)
        .limit(limit)
        .execute();
      const ids = idle.map((row) => row.id);
      if (ids.length === 0) return [];
      await db
        .updateTable('chat_sessions')
        .set({ status: 'closed', closed_at: now, admin_typing_until: null })
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .execute();
      return ids;
    },

    /** Deletes sessions closed before `before` with their messages (bounded); answers how many. */
    async deleteClosedBefore(before: string, limit: number): Promise<number> {
      const old = await db
        .selectFrom('chat_sessions')
        .select('id')
        .where('status', '=', 'closed')
        .where('closed_at', '<', before)
        .limit(limit)
        .execute();
      if (old.length === 0) return 0;
      const ids = old.map((row) => row.id);
      // Messages first: SQLite enforces the cascade only with foreign_keys on, which a test may not set.
      await db.deleteFrom('chat_messages').where('session_id', 'in', ids).execute();
      const result = await db.deleteFrom('chat_sessions').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
