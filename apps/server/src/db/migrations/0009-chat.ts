import type { Kysely } from 'kysely';

/**
 * Visitor chat (issue 13).
 * - chat_sessions: one visitor conversation. `id` is the visitor's capability (128 random bits). The admin
 *   list reads its computed fields from here: last message, counts, the admins' read marker
 *   (`admin_read_seq`; `unread_count` is the visitor's messages after it), presence (`visitor_seen_at`),
 *   typing (`admin_typing_until`). `last_seq` numbers the session's messages.
 * - chat_messages: `seq` orders a session's messages; (session_id, seq) is unique and serves every
 *   `since` poll, so its cost does not grow with the chat's length.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_message_at', 'text')
    .addColumn('total_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_seen_at', 'text')
    .addColumn('admin_typing_until', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('chat_sessions_status_activity_idx')
    .on('chat_sessions')
    .columns(['status', 'last_activity_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_session_seq_idx')
    .on('chat_messages')
    .columns(['session_id', 'seq'])
    .unique()
    .execute();
  // An admin stream that reconnects asks for every message since its last event's time.
  await db.schema.createIndex('chat_messages_created_idx').on('chat_messages').column('created_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_sessions').execute();
}
