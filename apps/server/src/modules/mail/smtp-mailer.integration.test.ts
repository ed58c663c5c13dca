import { afterEach, describe, expect, it } from 'vitest';
import { startMailbox } from '../../test/mailbox.js';
import { createSmtpMailer, type SmtpMailer } from './smtp-mailer.js';

const message = {
  from: 'SheetForms <no-reply@sheetforms.test>',
  to: 'owner@example.com',
  subject: 'New response',
  text: 'A response arrived.',
  messageId: '<delivery-1@sheetforms.test>',
};

describe('SMTP mailer', () => {
  const opened: { mailer: SmtpMailer; close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const { mailer, close } of opened.splice(0)) {
      mailer.close();
      await close();
    }
  });

  it('sends within its budget', async () => {
    const mailbox = await startMailbox({ stepDelayMs: 10 });
    const mailer = createSmtpMailer({ smtpUrl: mailbox.url, timeoutMs: 5_000 });
    opened.push({ mailer, close: mailbox.close });
    await mailer.send(message);
    expect(mailbox.mails.map((mail) => mail.subject)).toEqual(['New response']);
  });

  it('does not deliver a mail it reported as timed out, so the retry is the only copy', async () => {
    // Three late answers of 400 ms against a budget of 600 ms: each step is well within the socket
    // timeout, the send as a whole is not.
    const mailbox = await startMailbox({ stepDelayMs: 400 });
    const mailer = createSmtpMailer({ smtpUrl: mailbox.url, timeoutMs: 600 });
    opened.push({ mailer, close: mailbox.close });
    await expect(mailer.send(message)).rejects.toThrow('sending the mail timed out');
    // Long enough for the abandoned send to have finished, had it gone on.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailbox.mails).toEqual([]);

    // The same mailer (its pool lost the aborted connection) sends the retry once the server is quick again.
    mailbox.setStepDelay(0);
    await mailer.send(message);
    expect(mailbox.mails.map((mail) => mail.messageId)).toEqual(['<delivery-1@sheetforms.test>']);
  });
});
