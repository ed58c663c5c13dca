import type { ContactMessage } from '@sheetforms/contract';
import { createSmtpMailer, oneLine } from '../mail/smtp-mailer.js';

/** Tells the admins about a new contact message; resolves or rejects within its timeout. */
export interface ContactNotifier {
  notify(message: ContactMessage): Promise<void>;
}

export interface ContactMailerOptions {
  smtpUrl: string;
  from: string;
  to: string[];
  timeoutMs: number;
}

/** The mail: plain text only (never HTML built from what a visitor typed), reply-to the visitor. */
export function contactMail(message: ContactMessage, options: Pick<ContactMailerOptions, 'from' | 'to'>) {
  const lines = [
    `Name: ${oneLine(message.name)}`,
    `Email: ${message.email}`,
    ...(message.company ? [`Company: ${oneLine(message.company)}`] : []),
    `Received: ${message.createdAt}`,
    '',
    message.message,
  ];
  return {
    from: options.from,
    to: options.to,
    replyTo: message.email,
    subject: oneLine(`New contact message from ${message.name}`).slice(0, 200),
    text: lines.join('\n'),
  };
}

/** Mails each contact message to ADMIN_EMAILS through SMTP (mail/smtp-mailer.ts). */
export function createContactMailer(options: ContactMailerOptions): ContactNotifier & { close(): void } {
  const mailer = createSmtpMailer(options);
  return {
    notify: (message) => mailer.send(contactMail(message, options)),
    close: () => mailer.close(),
  };
}
