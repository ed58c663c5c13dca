import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { googleEmulatorPlugin } from './plugin.js';
import {
  authorizeUrl,
  fragmentOf,
  makeTempDataDir,
  postForm,
  removeDataDir,
  signInParams,
} from './testing/emulator-test-kit.js';

const CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';

/** A host app like the SheetForms server: its own routes, then the emulator under /__google. */
async function startHost(dataDir: string, options: { hostFormParser: boolean }) {
  const app = Fastify();
  if (options.hostFormParser) await app.register(formbody);
  app.get('/api/ping', async () => ({ data: 'pong' }));
  app.post('/api/echo', async (request) => ({ data: request.body }));
  // The issuer must be known before listening, so the host picks its port first, as the real server does.
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.server.address() as AddressInfo).port;
  await probe.close();
  const origin = `http://127.0.0.1:${port}`;
  await app.register(googleEmulatorPlugin, {
    prefix: '/__google',
    dataDir,
    issuer: `${origin}/__google/`,
    clientId: CLIENT_ID,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin };
}

describe('googleEmulatorPlugin mounted in a host app', () => {
  let dataDir: string;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    dataDir = await makeTempDataDir();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await removeDataDir(dataDir);
  });

  it('signs in under the prefix with the configured issuer (trailing slash removed)', async () => {
    const host = await startHost(dataDir, { hostFormParser: false });
    app = host.app;
    const base = `${host.origin}/__google`;

    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    expect(discovery.issuer).toBe(base);

    const chooser = await fetch(authorizeUrl(base, signInParams()));
    expect(chooser.status).toBe(200);
    expect(await chooser.text()).toContain('action="/__google/o/oauth2/v2/auth"');

    const reply = await postForm(`${base}/o/oauth2/v2/auth`, {
      ...signInParams(),
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(reply.status).toBe(302);
    const idToken = fragmentOf(reply.headers.get('location')).get('id_token') ?? '';
    const jwks = createRemoteJWKSet(new URL(`${base}/oauth2/v3/certs`));
    const { payload } = await jwtVerify(idToken, jwks, { issuer: base, audience: CLIENT_ID });
    expect(payload.email).toBe('ada@example.com');
  });

  it('works beside a host that parses forms itself', async () => {
    const host = await startHost(dataDir, { hostFormParser: true });
    app = host.app;
    const reply = await postForm(`${host.origin}/__google/o/oauth2/v2/auth`, {
      ...signInParams(),
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(reply.status).toBe(302);
    const echo = await postForm(`${host.origin}/api/echo`, { a: '1' });
    expect(await echo.json()).toEqual({ data: { a: '1' } });
  });

  it('keeps its form parser and its 404 and error handlers to itself', async () => {
    const host = await startHost(dataDir, { hostFormParser: false });
    app = host.app;

    expect((await postForm(`${host.origin}/api/echo`, { a: '1' })).status).toBe(415);
    const missing = await fetch(`${host.origin}/api/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const badJson = await fetch(`${host.origin}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(await badJson.json()).toMatchObject({ statusCode: 400 });
    expect(await (await fetch(`${host.origin}/api/ping`)).json()).toEqual({ data: 'pong' });
  });

  it('refuses to register with an issuer that is not a URL', async () => {
    const host = Fastify();
    await expect(
      host.register(googleEmulatorPlugin, {
        prefix: '/__google',
        dataDir,
        issuer: 'localhost:3000',
        clientId: CLIENT_ID,
      }),
    ).rejects.toThrow(/issuer must be an (absolute|http\(s\)) URL/);
    await host.close();
  });
});
