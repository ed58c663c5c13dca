import { CONTACT_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.test-support.js';

const SUBMIT = '/api/v1/contact/submit';
const INBOX = '/api/v1/contact/messages';
const valid = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', message: 'Hello there' };

describeEachDialect('contact messages', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, {
      ADMIN_EMAILS: 'boss@example.com',
      SMTP_URL: sink.url,
      SMTP_FROM: 'SheetForms <no-reply@forms.test>',
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000',
    });
    admin = (await t.signIn('boss@example.com', 'Boss')).accessToken;
    user = (await t.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const stored = () => t.database.db.selectFrom('contact_messages').selectAll().execute();
  const clear = () => t.database.db.deleteFrom('contact_messages').execute();

  it('refuses each missing, malformed or over-long field with a 400 naming it, storing nothing', async () => {
    await clear();
    const cases: Array<[body: Record<string, unknown>, path: string, detail: string]> = [
      [{ ...valid, name: undefined }, 'body.name', CONTACT_MESSAGES.nameRequired],
      [{ ...valid, name: '   ' }, 'body.name', CONTACT_MESSAGES.nameRequired],
      [{ ...valid, email: undefined }, 'body.email', CONTACT_MESSAGES.emailRequired],
      [{ ...valid, email: 'not-an-email' }, 'body.email', CONTACT_MESSAGES.emailInvalid],
      [{ ...valid, message: '' }, 'body.message', CONTACT_MESSAGES.messageRequired],
      [{ ...valid, name: 'n'.repeat(101) }, 'body.name', 'Name can be at most 100 characters'],
      [{ ...valid, company: 'c'.repeat(121) }, 'body.company', 'Company can be at most 120 characters'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'body.message', 'Message can be at most 5000 characters'],
    ];
    for (const [body, path, detail] of cases) {
      const reply = await t.request('POST', SUBMIT, { body });
      expect(reply.status, path).toBe(400);
      expect(reply.body.detail).toBe(detail);
      expect(reply.body.errors[0].path).toBe(path);
    }
    // Malformed bodies are 4xx too, never a 500, and store nothing.
    const malformed: Array<[options: Parameters<TestApp['request']>[2], status: number]> = [
      [{ body: { ...valid, message: 'a\u0000b' } }, 400],
      [{ rawBody: '{"name":', headers: { 'content-type': 'application/json' } }, 400],
      [{ body: [valid] }, 400],
      [{ rawBody: 'name=Ada', headers: { 'content-type': 'text/plain' } }, 415],
      [{ body: { ...valid, website: 'w'.repeat(201) } }, 400],
    ];
    for (const [options, status] of malformed) {
      expect((await t.request('POST', SUBMIT, options)).status).toBe(status);
    }
    expect(await stored()).toEqual([]);
  });

  it("stores a message, answers the spec's success text and mails it to the admins as plain text", async () => {
    await clear();
    const before = sink.received.length;
    const reply = await t.request('POST', SUBMIT, { body: { ...valid, name: '  Ada Lovelace ' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: null, message: CONTACT_MESSAGES.success });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Engines',
      read_at: null,
    });

    await expect.poll(() => sink.received.length).toBe(before + 1);
    const mail = sink.received.at(-1);
    expect(mail?.to).toEqual(['boss@example.com']);
    expect(mail?.data).toMatch(/^Reply-To: ada@example\.com/im);
    expect(mail?.data).toMatch(/^Content-Type: text\/plain/im);
    expect(mail?.data).toContain('Hello there');
  });

  it('answers a filled honeypot with the same success, storing and mailing nothing', async () => {
    await clear();
    const before = sink.received.length;
    const reply = await t.request('POST', SUBMIT, { body: { ...valid, website: 'https://spam.example' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: null, message: CONTACT_MESSAGES.success });
    expect(await stored()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received.length).toBe(before);
  });

  it('opens the inbox to Admins only: 401 without a token, 403 for anyone else', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['GET', INBOX, undefined],
      ['PATCH', `${INBOX}/${id}`, { read: true }],
      ['DELETE', `${INBOX}/${id}`, undefined],
    ] as const) {
      expect((await t.request(method, path, { body })).status).toBe(401);
      expect((await t.request(method, path, { body, token: user })).status).toBe(403);
    }
  });

  it('pages newest first with a signed cursor, counting total and unread; a tampered cursor is 400', async () => {
    await clear();
    const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const rows = [
      { id: 'a1', created_at: at(1) },
      { id: 'b2', created_at: at(2) },
      { id: 'c3', created_at: at(2) },
      { id: 'd4', created_at: at(3) },
      { id: 'e5', created_at: at(4) },
    ].map((row, index) => ({
      ...row,
      name: `Visitor ${index}`,
      email: `v${index}@example.com`,
      company: '',
      message: `Message ${index}`,
      read_at: index === 0 ? at(5) : null,
    }));
    await t.database.db.insertInto('contact_messages').values(rows).execute();

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const reply = await t.request('GET', `${INBOX}${query}`, { token: admin });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ total: 5, unread: 4 });
      ids.push(...reply.body.data.items.map((item: { id: string }) => item.id));
      cursor = reply.body.data.nextCursor;
    } while (cursor);
    expect(ids).toEqual(['e5', 'd4', 'c3', 'b2', 'a1']);

    const first = await t.request('GET', `${INBOX}?limit=2`, { token: admin });
    expect(first.body.data.items[0]).toEqual({
      id: 'e5',
      name: 'Visitor 4',
      email: 'v4@example.com',
      company: '',
      message: 'Message 4',
      createdAt: at(4),
      read: false,
    });
    const next: string = first.body.data.nextCursor;
    const tampered = `${next.slice(0, 5)}${next[5] === 'A' ? 'B' : 'A'}${next.slice(6)}`;
    const refused = await t.request('GET', `${INBOX}?cursor=${encodeURIComponent(tampered)}`, {
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_CURSOR');
    expect((await t.request('GET', `${INBOX}?limit=0`, { token: admin })).status).toBe(400);
    expect((await t.request('GET', `${INBOX}?limit=101`, { token: admin })).status).toBe(400);
  });

  it('marks a message read and unread, and deletes it', async () => {
    await clear();
    await t.request('POST', SUBMIT, { body: valid });
    const [row] = await stored();
    const id = row?.id ?? '';

    const read = await t.request('PATCH', `${INBOX}/${id}`, { token: admin, body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, read: true });
    expect((await t.request('GET', INBOX, { token: admin })).body.data.unread).toBe(0);
    const unread = await t.request('PATCH', `${INBOX}/${id}`, { token: admin, body: { read: false } });
    expect(unread.body.data.read).toBe(false);
    expect((await t.request('GET', INBOX, { token: admin })).body.data.unread).toBe(1);

    expect((await t.request('PATCH', `${INBOX}/${id}`, { token: admin, body: { read: 'yes' } })).status).toBe(
      400,
    );
    expect(
      (await t.request('PATCH', `${INBOX}/bad%20id`, { token: admin, body: { read: true } })).status,
    ).toBe(400);

    const deleted = await t.request('DELETE', `${INBOX}/${id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await stored()).toEqual([]);
    const again = await t.request('DELETE', `${INBOX}/${id}`, { token: admin });
    expect(again.status).toBe(404);
    expect((await t.request('PATCH', `${INBOX}/${id}`, { token: admin, body: { read: true } })).status).toBe(
      404,
    );
  });
});

describe('contact messages without mail, at the default limit', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // SMTP_URL is set but nobody is listed in ADMIN_EMAILS: nothing is sent.
    t = await startTestApp('sqlite', { SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends nothing without admins to mail, and limits an address to 5 messages a minute (429, Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expect((await t.request('POST', SUBMIT, { body: valid })).status).toBe(200);
    const limited = await t.request('POST', SUBMIT, { body: valid });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.detail).toBe('Too many messages from this address. Please try again in a minute.');
    const count = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.connections).toBe(0);
  });
});
