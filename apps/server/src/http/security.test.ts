import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { headersSetBy, isApiReply, registerSecurityHeaders } from './security.js';

async function policyFor(env: Record<string, string>): Promise<Map<string, string>> {
  const app = Fastify();
  await registerSecurityHeaders(app, loadConfig(env, '/srv/app'));
  app.get('/', async () => 'ok');
  const reply = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const header = String(reply.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('the content security policy', () => {
  it('lets Google Identity Services and Google’s APIs in, in Google mode only', async () => {
    const policy = await policyFor({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' });
    expect(policy.get('script-src')).toBe("'self' https://accounts.google.com/gsi/client");
    expect(policy.get('connect-src')).toBe(
      "'self' https://docs.googleapis.com https://sheets.googleapis.com https://www.googleapis.com https://accounts.google.com/gsi/ https://oauth2.googleapis.com https://*.googleusercontent.com",
    );
    expect(policy.get('frame-src')).toBe("'self' https://accounts.google.com/gsi/");
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline' https://accounts.google.com/gsi/style");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it('needs nothing but this origin in local mode, where the emulator lives under /__google', async () => {
    const policy = await policyFor({ PUBLIC_URL: 'http://localhost:3000' });
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('frame-src')).toBe("'self'");
  });

  it('allows a token client script configured on another origin, and its revoke calls', async () => {
    const policy = await policyFor({ GOOGLE_TOKEN_CLIENT_URL: 'http://127.0.0.1:4010/__google/gsi/client' });
    expect(policy.get('script-src')).toBe("'self' http://127.0.0.1:4010/__google/gsi/client");
    expect(policy.get('connect-src')).toBe("'self' http://127.0.0.1:4010");
  });
});

describe('the security headers captured once', () => {
  it('are exactly the headers helmet sets on a real reply, and every reply gets them', async () => {
    const middleware = helmet({ frameguard: { action: 'deny' }, crossOriginEmbedderPolicy: false });
    const perRequest = Fastify();
    perRequest.addHook('onRequest', (request, reply, done) =>
      middleware(request.raw, reply.raw, () => done()),
    );
    perRequest.get('/', async () => 'ok');
    const reply = await perRequest.inject({ method: 'GET', url: '/' });
    await perRequest.close();
    const captured = new Map(headersSetBy(middleware));
    expect(captured.size).toBeGreaterThan(10);
    for (const [name, value] of captured) expect(reply.headers[name], name).toBe(value);

    const app = Fastify();
    await registerSecurityHeaders(app, loadConfig({}, '/srv/app'));
    app.get('/', async () => 'ok');
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/', '/fails', '/missing']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(String(answer.headers['content-security-policy']), url).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
    await app.close();
  });
});

describe('which replies are the API’s', () => {
  it('every /api/ address but the documentation pages, with or without a query', () => {
    for (const url of ['/api/v1/health', '/api/v1/forms/x/submit-form?a=1', '/api/docsx', '/api/']) {
      expect(isApiReply(url), url).toBe(true);
    }
    for (const url of [
      '/api/docs',
      '/api/docs?x=1',
      '/api/docs/',
      '/api/docs/static/index.css',
      '/form/x',
      '/',
      '/apix',
    ]) {
      expect(isApiReply(url), url).toBe(false);
    }
  });
});
