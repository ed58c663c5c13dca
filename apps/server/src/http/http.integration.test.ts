import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/dialects.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

describeEachDialect('HTTP conventions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('health checks the database', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: dialect, mode: 'local' });
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown routes as problem+json 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/forms/zzz/unknown'],
      ['GET', '/api/nothing'],
    ] as const) {
      const res = await t.request(method, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
      expect(res.body.detail).toContain(path);
    }
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.request('POST', '/api/v1/auth/google', {
      rawBody: '{"idToken": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_JSON', detail: 'The request body is not valid JSON' });
  });

  it('answers oversized bodies with 413', async () => {
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers wrong types, missing and unknown fields with 400 and the field named', async () => {
    const wrongType = await t.request('POST', '/api/v1/auth/google', { body: { idToken: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('VALIDATION_FAILED');
    expect(wrongType.body.errors[0].path).toBe('body.idToken');

    const missing = await t.request('POST', '/api/v1/auth/google', { body: {} });
    expect(missing.status).toBe(400);

    const unknown = await t.request('POST', '/api/v1/auth/google', { body: { idToken: 'a', extra: 1 } });
    expect(unknown.status).toBe(400);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.request('POST', '/api/v1/auth/google', {
      rawBody: 'idToken=abc',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers the API with the short policy of a reply that is no page, and pages with the full one', async () => {
    for (const path of ['/api/v1/health', '/api/v1/auth/config', '/api/v1/no-such-route']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d+/);
      // Headers that steer a document only.
      for (const name of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    // The API's documentation is a page (Swagger UI), with the page headers.
    const docs = await fetch(`${t.url}/api/docs/`);
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(docs.headers.get('content-security-policy')).not.toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('sends security headers and refuses framing outside /form/*', async () => {
    const res = await fetch(`${t.url}/api/v1/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const path of ['/dashboard', '/form-loginx', '/forms/x']) {
      const page = await fetch(`${t.url}${path}`);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('lets other sites frame the respondent pages: the public form and its login (an embedded protected form)', async () => {
    for (const path of [
      '/form/abc123',
      '/form-login',
      '/form-login?formId=abc123&redirect=%2Fform%2Fabc123',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('x-frame-options')).toBeNull();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors *');
      expect(csp).not.toContain("frame-ancestors 'none'");
    }
  });

  it('tells the web app where to reach Google for templates, and lets only this origin in (local mode)', async () => {
    const res = await t.request('GET', '/api/v1/auth/config');
    expect(res.status).toBe(200);
    const base = `${t.config.publicUrl}/__google`;
    expect(res.body.data.googleApis).toEqual({
      tokenClientScriptUrl: `${base}/gsi/client`,
      docsApiUrl: base,
      sheetsApiUrl: base,
      driveApiUrl: base,
      scopes: [
        'https://www.googleapis.com/auth/documents.readonly',
        'https://www.googleapis.com/auth/drive.readonly',
        'https://www.googleapis.com/auth/spreadsheets',
      ],
    });
    // The pages' policy: the templates page's scripts and calls may reach only this origin.
    const page = await fetch(`${t.url}/dashboard`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/google', '/api/v1/auth/refresh', '/api/v1/health']),
    );
    const docs = await fetch(`${t.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('rate limits sign-in per IP', async () => {
    const limited = await startTestApp(dialect, { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await limited.request('POST', '/api/v1/auth/google', { body: { idToken: 'x' } })).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      const res = await limited.request('POST', '/api/v1/auth/google', { body: { idToken: 'x' } });
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});
