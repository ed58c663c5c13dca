import type { SheetsClient } from '../google/sheets-client.js';
import { createUsersRepository } from '../modules/auth/users.repository.js';
import { createChatModule } from '../modules/chat/chat-module.js';
import { redisTicketLedger } from '../modules/chat/chat-stream-tickets.js';
import { createContactRepository } from '../modules/contact/contact.repository.js';
import { createContactService } from '../modules/contact/contact.service.js';
import { createContactCursorCodec } from '../modules/contact/contact-cursor.js';
import { createContactMailer } from '../modules/contact/contact-mailer.js';
import { createQuestionsCache } from '../modules/questions/questions-cache.js';
import { createEmulatorTitleLookup, createQuestionsSource } from '../modules/questions/questions-source.js';
import type { RedisConnection } from '../redis/redis-connection.js';
import type { AppContext } from './app-context.js';

export interface VisitorsDeps {
  jwtSecret: string;
  google: { sheets: SheetsClient };
  redis: RedisConnection | undefined;
}

/**
 * What the site offers its visitors, answered by the Admins: the chat (and its admin console), the
 * assistant's questions, contact messages.
 */
export function wireVisitors(context: AppContext, deps: VisitorsDeps) {
  const { app, config, database, overrides, clock, googleFetch } = context;
  const { jwtSecret, google, redis } = deps;
  const { googleApis } = config;
  const nowOverride = overrides.now;
  // Visitor chat: events cross instances through PostgreSQL LISTEN/NOTIFY, in process on SQLite.
  const chat = createChatModule(app, {
    db: database.db,
    isAdmin: async (userId) => (await createUsersRepository(database.db).findById(userId))?.role === 'Admin',
    adminStreamMaxMs: config.accessTokenTtlSeconds * 1000,
    postgresUrl: database.url,
    jwtSecret,
    ticketLedger: redis ? redisTicketLedger(redis.client) : undefined,
    retentionDays: config.chat.retentionDays,
    log: app.log,
    ...clock,
  });

  // The assistant's questions feed: Google read at most once a minute (stale-while-revalidate).
  const questions = createQuestionsCache({
    read: createQuestionsSource({
      sheets: google.sheets,
      target: config.questions,
      findByTitle: createEmulatorTitleLookup({
        emulatorUrl: googleApis.sheetsUrl,
        timeoutMs: googleApis.timeoutMs,
        ...googleFetch,
      }),
    }),
    log: app.log,
    ...(nowOverride ? { now: () => nowOverride().getTime() } : {}),
  });
  // Contact messages: stored, and mailed to ADMIN_EMAILS when SMTP_URL is set.
  const contactMailer =
    config.contact.smtpUrl && config.adminEmails.length > 0
      ? createContactMailer({
          smtpUrl: config.contact.smtpUrl,
          from: config.contact.mailFrom,
          to: config.adminEmails,
          timeoutMs: config.contact.mailTimeoutMs,
        })
      : undefined;
  if (config.contact.smtpUrl && !contactMailer) {
    app.log.warn('SMTP_URL is set but ADMIN_EMAILS is empty: contact messages are stored, not mailed');
  }
  const contact = createContactService({
    messages: createContactRepository(database.db),
    cursors: createContactCursorCodec(jwtSecret),
    notifier: contactMailer,
    log: app.log,
    ...clock,
  });
  app.addHook('preClose', async () => {
    await contact.drain();
    contactMailer?.close();
  });
  return { chat, questions, contact };
}
