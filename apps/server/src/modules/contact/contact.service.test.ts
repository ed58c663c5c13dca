import { describe, expect, it, vi } from 'vitest';
import type { ContactRepository } from './contact.repository.js';
import { createContactService } from './contact.service.js';
import { createContactCursorCodec } from './contact-cursor.js';

const body = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

function setup(notify: () => Promise<void>) {
  const insert = vi.fn(async () => {});
  const log = { info: vi.fn(), warn: vi.fn() };
  const service = createContactService({
    messages: { insert } as unknown as ContactRepository,
    cursors: createContactCursorCodec('s'.repeat(32)),
    notifier: { notify: vi.fn(notify) },
    log,
    now: () => new Date('2025-03-01T10:00:00.000Z'),
    newId: () => 'm1',
  });
  return { service, insert, log };
}

describe('contact service', () => {
  it('answers once the message is stored, without waiting for a slow mail server', async () => {
    let finish: () => void = () => {};
    const t = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    await t.service.submit(body);
    expect(t.insert).toHaveBeenCalledWith({
      id: 'm1',
      name: 'Ada',
      email: 'ada@example.com',
      company: '',
      message: 'Hello',
      createdAt: '2025-03-01T10:00:00.000Z',
      read: false,
    });
    const drained = t.service.drain();
    finish();
    await drained;
  });

  it('logs a warning when mailing fails, and the submission still succeeds', async () => {
    const t = setup(async () => {
      throw new Error('connection refused');
    });
    await expect(t.service.submit(body)).resolves.toBeUndefined();
    await t.service.drain();
    expect(t.log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: 'connection refused', messageId: 'm1' }),
      expect.stringContaining('mailing'),
    );
  });
});
