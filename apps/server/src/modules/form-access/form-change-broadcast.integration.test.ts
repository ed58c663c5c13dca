import { afterEach, describe, expect, it } from 'vitest';
import type { PgChannel } from '../../db/pg-channel.js';
import { createForm } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createFormChangeBroadcast } from './form-change-broadcast.js';

const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgres('a form changed through one instance, on PostgreSQL', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.reverse()) await app.close();
    apps = [];
  });

  it('is dropped from the other instance at once: a form set Inactive on A refuses submissions on B well within the cache time', async () => {
    const a = await startTestApp('postgres');
    apps = [a];
    const owner = await a.signIn('broadcast-owner@example.com');
    const form = await createForm(a, owner.accessToken);
    // A second instance of the same deployment: the same database, its own process state and caches.
    // (Started after the form exists: each test app brings its own Google emulator.)
    const b = await startTestApp('postgres', {}, { database: a.database as never });
    apps.push(b);
    // B reads and caches the form (for up to 5 s).
    expect((await submit(b, form.formId, { response: { 'Full Name': 'Before' } })).status).toBe(201);

    const changedAt = Date.now();
    const edit = await a.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner.accessToken,
      body: { status: 'Inactive' },
    });
    expect(edit.status).toBe(200);
    // Without the broadcast B would accept for up to 5 s from its cache; with it, at once (a NOTIFY).
    await expect
      .poll(async () => (await submit(b, form.formId, { response: { 'Full Name': 'After' } })).status, {
        timeout: 1_000,
        interval: 50,
      })
      .toBe(409);
    expect(Date.now() - changedAt).toBeLessThan(2_000);
  });
});

describe('form change broadcast', () => {
  function fakeChannel() {
    const published: string[] = [];
    let handlers: Parameters<PgChannel['start']>[0] | undefined;
    const channel: PgChannel = {
      publish: async (payload) => {
        published.push(payload);
      },
      start: async (next) => {
        handlers = next;
      },
      close: async () => undefined,
    };
    return {
      channel,
      published,
      deliver: (p: string) => handlers?.onMessage(p),
      reconnect: () => handlers?.onReconnect(),
    };
  }

  it('invalidates here at once, announces the id, drops what others announce, and clears all after a reconnect', async () => {
    const fake = fakeChannel();
    const dropped: string[] = [];
    let cleared = 0;
    const broadcast = createFormChangeBroadcast({
      invalidate: (formId) => dropped.push(formId),
      clear: () => cleared++,
      channel: fake.channel,
      onError: () => undefined,
    });
    await broadcast.start();
    broadcast.changed('Ab3_x-9');
    expect(dropped).toEqual(['Ab3_x-9']);
    expect(fake.published).toEqual(['Ab3_x-9']);
    fake.deliver('Zz9');
    fake.deliver('not a form id; DROP TABLE forms');
    expect(dropped).toEqual(['Ab3_x-9', 'Zz9']);
    fake.reconnect();
    expect(cleared).toBe(1);
  });

  it('without a channel (SQLite, one instance) changes stay local', () => {
    const dropped: string[] = [];
    const broadcast = createFormChangeBroadcast({
      invalidate: (formId) => dropped.push(formId),
      clear: () => undefined,
      onError: () => undefined,
    });
    broadcast.changed('Ab3');
    expect(dropped).toEqual(['Ab3']);
  });
});
