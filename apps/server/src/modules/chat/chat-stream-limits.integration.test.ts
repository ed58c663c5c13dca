import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorized } from '../../http/http-error.js';
import { registerProblemHandlers } from '../../http/problem.js';
import { registerRateCounters } from '../../http/rate-limits.js';
import { serializerCompiler } from '../../http/serializer.js';
import { createTestDatabase, type Dialect, describeEachDialect } from '../../test/dialects.js';
import { chatRoutes } from './chat.routes.js';
import { openSse, type SseClient, type SseEvent } from './chat.test-support.js';
import { type ChatModuleOptions, createChatModule } from './chat-module.js';

interface ChatApp {
  url: string;
  close(): Promise<void>;
}

/**
 * The chat's routes alone, over a test database, with the stream options under test (the whole app takes
 * its chat options from the module's defaults). It trusts X-Forwarded-For, so a test can speak from any
 * address.
 */
async function startChatApp(
  dialect: Dialect,
  options: Pick<ChatModuleOptions, 'visitorStreamMaxMs' | 'maxStreamsPerAddress'>,
): Promise<ChatApp> {
  const database = await createTestDatabase(dialect, { migrated: true });
  const app: FastifyInstance = Fastify({ trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRateCounters(app, undefined);
  registerProblemHandlers(app);
  const chat = createChatModule(app, {
    db: database.db,
    postgresUrl: database.url,
    jwtSecret: 'chat-stream-limits-test-secret-0123456789',
    isAdmin: async () => false,
    adminStreamMaxMs: 60_000,
    retentionDays: 90,
    log: app.log,
    ...options,
  });
  await app.register(
    (api) =>
      chatRoutes(api, {
        ...chat,
        authenticate: async () => {
          throw unauthorized('No admins here');
        },
        startPerMinute: 10_000,
        messagesPerMinute: 10_000,
      }),
    { prefix: '/api/v1' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const isMessage = (event: SseEvent) => event.event === 'message';
const seqOf = (event: SseEvent) => (event.data as { seq: number }).seq;

describeEachDialect('chat stream lifetime and per-address cap', (dialect) => {
  describe('a visitor stream’s lifetime', () => {
    const lifetimeMs = 400;
    let chat: ChatApp;
    beforeAll(async () => {
      chat = await startChatApp(dialect, { visitorStreamMaxMs: lifetimeMs });
    });
    afterAll(async () => {
      await chat?.close();
    });

    it('ends the stream, and a message posted around the close reaches the visitor once reconnected', async () => {
      const sessionId = (await post(`${chat.url}/chat/start`, { userName: 'Lingerer' })).body.data.sessionId;
      const streamUrl = `${chat.url}/chat/messages/${sessionId}/stream`;
      const openedAt = performance.now();
      const first = await openSse(streamUrl);
      expect(first.status).toBe(200);
      await first.next((e) => e.event === 'read');

      // A message every few milliseconds, from well before the close until after the reconnection.
      const posted: number[] = [];
      let posting = true;
      const poster = (async () => {
        while (posting) {
          const res = await post(`${chat.url}/chat/message`, { sessionId, message: `m${posted.length + 1}` });
          expect(res.status).toBe(201);
          posted.push(res.body.data.seq);
          await sleep(10);
        }
      })();
      let second: SseClient | undefined;
      try {
        await Promise.race([
          first.ended,
          sleep(lifetimeMs + 2_000).then(() => {
            throw new Error('the visitor stream outlived its lifetime');
          }),
        ]);
        // Up to a tenth less than the lifetime, at random; never more (the race above, with room for a busy
        // event loop).
        expect(performance.now() - openedAt).toBeGreaterThanOrEqual(lifetimeMs * 0.9 - 5);
        // As EventSource does: a moment later (after two more messages: the second was posted while no
        // stream was open), again, with the id of the last message received.
        const postedAtClose = posted.length;
        while (posted.length < postedAtClose + 2) await sleep(10);
        const lastId = first.events.filter(isMessage).at(-1)?.id;
        second = await openSse(streamUrl, lastId === undefined ? {} : { 'last-event-id': lastId });
        expect(second.status).toBe(200);
        await sleep(60);
        posting = false;
        await poster;
        const last = posted.at(-1);
        await second.next((e) => isMessage(e) && seqOf(e) === last);

        const received = [...first.events, ...second.events].filter(isMessage).map(seqOf);
        // Every message exactly once, in order: none lost at the close, none sent twice after it.
        expect(received).toEqual(posted);
        // Both streams carried some: the messages posted around the close are in the count above.
        expect(first.events.filter(isMessage).length).toBeGreaterThan(0);
        expect(second.events.filter(isMessage).length).toBeGreaterThan(0);
      } finally {
        posting = false;
        first.close();
        second?.close();
      }
    });
  });

  describe('visitor streams per address', () => {
    let chat: ChatApp;
    const open: SseClient[] = [];
    beforeAll(async () => {
      chat = await startChatApp(dialect, { maxStreamsPerAddress: 3 });
    });
    afterAll(async () => {
      for (const stream of open) stream.close();
      await chat?.close();
    });

    const start = async () =>
      (await post(`${chat.url}/chat/start`, { userName: 'Hoarder' })).body.data.sessionId as string;
    const streamUrl = (sessionId: string) => `${chat.url}/chat/messages/${sessionId}/stream`;
    /** A stream from `address` that opened (200 and its first events), or fails the test. */
    const listen = async (sessionId: string, address: string) => {
      const stream = await openSse(streamUrl(sessionId), { 'x-forwarded-for': address });
      open.push(stream);
      expect(stream.status, address).toBe(200);
      await stream.next((e) => e.event === 'read');
      return stream;
    };
    /** What a stream from `address` is answered if refused (the problem); one that opens is closed at once. */
    const refusal = async (sessionId: string, address: string) => {
      const controller = new AbortController();
      const res = await fetch(streamUrl(sessionId), {
        headers: { accept: 'text/event-stream', 'x-forwarded-for': address },
        signal: controller.signal,
      });
      if (res.ok) controller.abort();
      return { status: res.status, body: res.ok ? undefined : ((await res.json()) as { code?: string }) };
    };

    it('refuses an address past its cap, over all its chats, while other addresses still open streams', async () => {
      const [one, two, three] = [await start(), await start(), await start()];
      const address = '198.51.100.7';
      const held = [await listen(one, address), await listen(one, address), await listen(two, address)];

      // The answer every full cap gives: 503, and the page polls until a stream opens again.
      const refused = await refusal(three, address);
      expect(refused.status).toBe(503);
      expect(refused.body?.code).toBe('TOO_MANY_STREAMS');
      expect((await refusal(one, address)).status).toBe(503);
      // The same chats from another address are not held back.
      await listen(one, '203.0.113.9');
      await listen(three, '203.0.113.9');

      // One IPv6 /64 is one address (the key every per-address limit counts under).
      await listen(one, '2001:db8:1:2::1');
      await listen(two, '2001:db8:1:2::2');
      await listen(three, '2001:db8:1:2:ffff::3');
      expect((await refusal(three, '2001:db8:1:2::4')).status).toBe(503);
      await listen(three, '2001:db8:1:3::1');

      // A stream that closes gives its slot back to its address.
      held[0]?.close();
      let reopened: number | undefined;
      for (let attempt = 0; attempt < 100; attempt++) {
        const stream = await openSse(streamUrl(three), { 'x-forwarded-for': address });
        if (stream.status === 200) {
          open.push(stream);
          reopened = stream.status;
          break;
        }
        stream.close();
        await sleep(20);
      }
      expect(reopened).toBe(200);
      expect((await refusal(three, address)).status).toBe(503);
    });
  });
});
