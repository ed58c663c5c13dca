import { afterEach, describe, expect, it } from 'vitest';
import { contactMail, createContactMailer } from './contact-mailer.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.test-support.js';

const message = {
  id: 'm1',
  name: 'Ada\r\nBcc: victim@example.com',
  email: 'ada@example.com',
  company: 'Engines',
  message: '<b>Hello</b>\nA second line',
  createdAt: '2025-03-01T10:00:00.000Z',
  read: false,
};

describe('contact mailer', () => {
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });

  it('builds a plain-text mail to the admins, replying to the visitor, with a one-line subject', () => {
    const mail = contactMail(message, { from: 'SheetForms <no-reply@forms.test>', to: ['boss@example.com'] });
    expect(mail).toMatchObject({ to: ['boss@example.com'], replyTo: 'ada@example.com' });
    expect(mail.subject).toBe('New contact message from Ada Bcc: victim@example.com');
    expect(mail).not.toHaveProperty('html');
    expect(mail.text).toContain('Company: Engines');
    expect(mail.text.endsWith('<b>Hello</b>\nA second line')).toBe(true);
  });

  it('sends it over SMTP as text/plain to every admin', async () => {
    sink = await startSmtpSink();
    const mailer = createContactMailer({
      smtpUrl: sink.url,
      from: 'SheetForms <no-reply@forms.test>',
      to: ['boss@example.com', 'second@example.com'],
      timeoutMs: 5_000,
    });
    await mailer.notify(message);
    mailer.close();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.from).toBe('no-reply@forms.test');
    expect(mail?.to).toEqual(['boss@example.com', 'second@example.com']);
    expect(mail?.data).toMatch(/^Content-Type: text\/plain/im);
    expect(mail?.data).not.toMatch(/^Content-Type: text\/html/im);
    expect(mail?.data).not.toMatch(/^Bcc:/im);
    expect(mail?.data).toMatch(/^Reply-To: ada@example\.com/im);
  });

  it('gives up within its timeout when the mail server never answers', async () => {
    sink = await startSmtpSink({ silent: true });
    const mailer = createContactMailer({
      smtpUrl: sink.url,
      from: 'no-reply@forms.test',
      to: ['boss@example.com'],
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(mailer.notify(message)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    mailer.close();
  });
});
