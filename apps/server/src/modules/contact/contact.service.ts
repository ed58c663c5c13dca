import { randomUUID } from 'node:crypto';
import type { ContactMessage, ContactMessagesPage, ContactSubmitBody } from '@sheetforms/contract';
import { badRequest, notFound } from '../../http/http-error.js';
import type { ContactRepository } from './contact.repository.js';
import type { ContactCursorCodec } from './contact-cursor.js';
import type { ContactNotifier } from './contact-mailer.js';

export interface ContactServiceDeps {
  messages: ContactRepository;
  cursors: ContactCursorCodec;
  /** Undefined: nothing is mailed (SMTP_URL unset or no ADMIN_EMAILS). */
  notifier: ContactNotifier | undefined;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => Date;
  newId?: () => string;
}

const messageNotFound = () => notFound('This message no longer exists', 'CONTACT_MESSAGE_NOT_FOUND');

/** The contact form's messages: stored from visitors, read and tidied by Admins. */
export function createContactService(deps: ContactServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? randomUUID;
  const sending = new Set<Promise<void>>();

  /** After the store, never awaited by the request: a slow or failing mail server costs only a warning. */
  function notifyLater(message: ContactMessage) {
    if (!deps.notifier) return;
    const sent = deps.notifier
      .notify(message)
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error instanceof Error ? error.message : String(error), messageId: message.id },
          'contact: mailing the message to the admins failed (it is stored)',
        ),
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  return {
    /** Stores the message (and mails it); a filled honeypot stores nothing and answers the same. */
    async submit(body: ContactSubmitBody): Promise<void> {
      if ((body.website ?? '').trim() !== '') {
        deps.log.info({}, 'contact: honeypot filled, message discarded');
        return;
      }
      const message: ContactMessage = {
        id: newId(),
        name: body.name,
        email: body.email,
        company: body.company ?? '',
        message: body.message,
        createdAt: now().toISOString(),
        read: false,
      };
      await deps.messages.insert(message);
      notifyLater(message);
    },

    async list(limit: number, cursor: string | undefined): Promise<ContactMessagesPage> {
      const after = cursor === undefined ? undefined : deps.cursors.decode(cursor);
      if (cursor !== undefined && !after) {
        throw badRequest('INVALID_CURSOR', 'This page link is no longer valid. Please reload the messages.');
      }
      const [rows, counts] = await Promise.all([
        deps.messages.listNewestFirst(limit + 1, after),
        deps.messages.counts(),
      ]);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > limit && last ? deps.cursors.encode(last) : null,
        ...counts,
      };
    },

    async setRead(id: string, read: boolean): Promise<ContactMessage> {
      const updated = await deps.messages.setReadAt(id, read ? now().toISOString() : null);
      if (!updated) throw messageNotFound();
      return updated;
    },

    async remove(id: string): Promise<void> {
      if (!(await deps.messages.delete(id))) throw messageNotFound();
    },

    /** Waits for mails still being sent (at shutdown); each is bounded by the mailer's timeout. */
    async drain(): Promise<void> {
      await Promise.allSettled([...sending]);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
