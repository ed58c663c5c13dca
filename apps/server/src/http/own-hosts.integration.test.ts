import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

// Local mode lets anyone sign in as anyone. Under DNS rebinding a hostile site's name resolves to
// 127.0.0.1, and its page's requests reach the server with that name as Host (and as Origin): the server
// must refuse them before any route runs, in local mode only.

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/** A request with a Host of our choosing (fetch always sends the URL's own Host, so node:http it is). */
function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const PUBLIC_URL = 'http://sheetforms.test:4000';
const ATTACKER = 'rebind.attacker.example';

describe('local mode answers only at its own host names', () => {
  let t: TestApp;
  let webDir: string;
  let port: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-own-hosts-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>dashboard app</title>');
    t = await startTestApp('sqlite', { PUBLIC_URL, SERVE_WEB: 'true', WEB_DIST_DIR: webDir });
    expect(t.config.mode).toBe('local');
    port = new URL(t.url).port;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const at = (host: string, extra: Record<string, string> = {}) => ({ host, ...extra });
  const faults = async () =>
    JSON.parse((await send(`${t.url}/__google/__emulator/faults`, 'GET', at(`localhost:${port}`))).text);
  const userCount = async (email: string) =>
    (await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

  it('refuses a foreign Host, with or without a matching Origin, and changes nothing', async () => {
    const email = 'rebound-admin@example.com';
    const idToken = await t.mintIdToken({ email });
    const faultsBefore = await faults();
    const foreign = [
      at(`${ATTACKER}:${port}`),
      at(`${ATTACKER}:${port}`, { origin: `http://${ATTACKER}:${port}` }),
      at(ATTACKER, { origin: `http://${ATTACKER}` }),
      // A header the rebound page may set on its "same-origin" fetch: only Host counts.
      at(`${ATTACKER}:${port}`, { 'x-forwarded-host': `localhost:${port}` }),
      // Names that only start or end like ours.
      at(`localhost.${ATTACKER}:${port}`),
      at(`sheetforms.test.${ATTACKER}:4000`),
    ];
    for (const headers of foreign) {
      const label = JSON.stringify(headers);
      const mint = await send(`${t.url}/__google/__emulator/id-token`, 'POST', headers, { email });
      expect(mint.status, label).toBe(403);
      expect(mint.text, label).not.toContain('idToken');
      expect(mint.contentType, label).toContain('text/plain');
      for (const [method, url, body] of [
        ['PUT', '/__google/__emulator/faults', { latencyMs: 7 }],
        ['POST', '/__google/__emulator/reset', {}],
        ['GET', '/__google/__emulator/spreadsheets', undefined],
        ['GET', '/', undefined],
        ['GET', '/dashboard/forms', undefined],
      ] as const) {
        const reply = await send(`${t.url}${url}`, method, headers, body);
        expect(reply.status, `${method} ${url} ${label}`).toBe(403);
        expect(reply.text, `${method} ${url} ${label}`).not.toContain('dashboard app');
      }
      const signIn = await send(`${t.url}/api/v1/auth/google`, 'POST', headers, { idToken });
      expect(signIn.status, label).toBe(403);
      expect(signIn.contentType, label).toContain('application/problem+json');
      expect(JSON.parse(signIn.text), label).toMatchObject({ status: 403, code: 'HOST_NOT_ALLOWED' });
    }
    expect(await faults()).toEqual(faultsBefore);
    expect(await userCount(email)).toBe(0);
  });

  it('answers at localhost, 127.0.0.1, [::1] and the host of PUBLIC_URL, on any port', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'sheetforms.test:4000',
      // A proxy in front forwards its own port (Vite's dev server: localhost:5173).
      'localhost:5173',
      'LOCALHOST',
    ]) {
      const email = `someone-${host.replace(/\W/g, '').toLowerCase()}@example.com`;
      const mint = await send(`${t.url}/__google/__emulator/id-token`, 'POST', at(host), { email });
      expect(mint.status, host).toBe(200);
      expect(JSON.parse(mint.text), host).toEqual({ idToken: expect.any(String) });
      const page = await send(`${t.url}/dashboard/forms`, 'GET', at(host));
      expect(page.status, host).toBe(200);
      expect(page.text, host).toContain('dashboard app');
      const signIn = await send(`${t.url}/api/v1/auth/google`, 'POST', at(host), {
        idToken: await t.mintIdToken({ email }),
      });
      expect(signIn.status, host).toBe(200);
      expect(await userCount(email), host).toBe(1);
    }
  });

  it("lets the emulator's control API take browser calls from the PUBLIC_URL page only", async () => {
    const fromPage = await send(
      `${t.url}/__google/__emulator/id-token`,
      'POST',
      at('sheetforms.test:4000', { origin: PUBLIC_URL }),
      { email: 'page@example.com' },
    );
    expect(fromPage.status).toBe(200);
    // An allowed Host does not make another origin's page welcome: the Origin must be PUBLIC_URL's.
    const elsewhere = await send(
      `${t.url}/__google/__emulator/id-token`,
      'POST',
      at(`localhost:${port}`, { origin: `http://localhost:${port}` }),
      { email: 'page@example.com' },
    );
    expect(elsewhere.status).toBe(403);
  });
});

describe('Google mode does not check the Host', () => {
  let t: TestApp;
  const clientId = 'test.apps.googleusercontent.com';

  beforeAll(async () => {
    t = await startTestApp('sqlite', { GOOGLE_CLIENT_ID: clientId, PUBLIC_URL: 'https://forms.example.com' });
    expect(t.config.mode).toBe('google');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers whatever name the proxy in front forwards', async () => {
    const headers = { host: 'forms.example.com', origin: 'https://forms.example.com' };
    expect((await send(`${t.url}/api/v1/health`, 'GET', { host: `${ATTACKER}:8080` })).status).toBe(200);
    const signIn = await send(`${t.url}/api/v1/auth/google`, 'POST', headers, {
      idToken: await t.mintIdToken({ email: 'owner@example.com', audience: clientId }),
    });
    expect(signIn.status).toBe(200);
  });
});
