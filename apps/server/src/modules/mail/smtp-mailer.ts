import type { Transporter } from 'nodemailer';

/** One mail as SheetForms sends it: a text part always, an HTML part when given. */
export interface MailMessage {
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** `<…@…>`: the same on every retry, so a mail sent again after a crash is recognisable as the same. */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SmtpMailer {
  /** Resolves once the server accepted the mail; rejects on any failure or after `timeoutMs`. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Control characters (CR and LF among them) never reach a mail header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * SMTP through nodemailer (SMTP_URL). Connection, greeting and socket timeouts bound each step, and an
 * abort signal bounds the whole send: when it fires, nodemailer drops the message from its queue or
 * closes the connection delivering it, so a send reported as timed out does not go on to deliver the
 * mail behind our back (the delivery is tried again later: that would be a second copy). Only a server
 * that took the whole message and had not yet answered can still keep it: SMTP gives no way to know.
 * nodemailer is loaded with the first mail, not at start (about 14 MiB of resident memory).
 */
export function createSmtpMailer(options: { smtpUrl: string; timeoutMs: number }): SmtpMailer {
  let transport: Promise<Transporter> | undefined;
  const openTransport = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: options.smtpUrl,
        // A few connections kept open and reused: a burst of notifications does not open one per mail.
        pool: true,
        maxConnections: 3,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
      }),
    );
    return transport;
  };
  return {
    async send(message) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const opened = await openTransport();
        await opened.sendMail({ ...message, signal });
      } catch (error) {
        if (signal.aborted) throw new Error('sending the mail timed out', { cause: error });
        throw error;
      }
    },
    close() {
      void transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}
