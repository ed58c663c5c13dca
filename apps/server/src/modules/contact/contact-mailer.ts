import type { ContactMessage } from '@sheetforms/contract';
import type { Transporter } from 'nodemailer';

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

/** Control characters (CR and LF among them) never reach a mail header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

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

/**
 * Mails each contact message to ADMIN_EMAILS through SMTP (nodemailer). Connection, greeting and socket
 * timeouts bound each step, and an overall timer bounds the whole send.
 */
export function createContactMailer(options: ContactMailerOptions): ContactNotifier & { close(): void } {
  // nodemailer is loaded with the first mail, not at start (about 14 MiB of resident memory).
  let transport: Promise<Transporter> | undefined;
  const openTransport = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: options.smtpUrl,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
      }),
    );
    return transport;
  };
  return {
    async notify(message) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('sending the mail timed out')), options.timeoutMs);
      });
      try {
        const send = openTransport().then((opened) => opened.sendMail(contactMail(message, options)));
        await Promise.race([send, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      void transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}
