import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

function distDir(withFormPage: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>dashboard app</title>');
  if (withFormPage)
    fs.writeFileSync(path.join(dir, 'form.html'), '<!doctype html><title>public form</title>');
  fs.writeFileSync(path.join(dir, 'embed.js'), '/* embed */');
  return dir;
}

describe.each([
  [true, 'public form'],
  [false, 'dashboard app'],
])('web app serving (form.html built: %s)', (withFormPage, formPageTitle) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = distDir(withFormPage);
    t = await startTestApp('sqlite', { SERVE_WEB: 'true', WEB_DIST_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('answers the public form entry for /form/* and /form-login, fresh every time', async () => {
    for (const url of [
      '/form/abc123',
      '/form/abc123?x=1',
      '/form-login',
      '/form-login?redirect=%2Fform%2Fabc',
    ]) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain(formPageTitle);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers the dashboard app everywhere else', async () => {
    for (const url of ['/', '/dashboard/forms', '/formx', '/form-login-other']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('dashboard app');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("answers 404, not the web app, on Google's API paths outside /__google", async () => {
    for (const url of [
      '/v4/spreadsheets/abc',
      '/v4/spreadsheets/abc/values/Sheet1!A1',
      '/drive/v3/files/abc',
      '/drive/v3/files/abc/permissions',
      '/v1/documents/abc',
      '/upload/drive/v3/files',
      '/v4',
    ]) {
      const res = await page(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('dashboard app');
      expect(res.headers.get('content-type'), url).toContain('json');
    }
    // Client routes that only start with the same letters still get the app.
    for (const url of ['/v1x', '/drivers', '/v4-notes']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('dashboard app');
    }
  });

  it('answers 404 problem+json, not the web app, on API paths spelled another way', async () => {
    // The router decodes `/%61pi/` to /api; a doubled slash or capitals are no page of the app either.
    for (const url of [
      '//api/v1/health',
      '/API/v1/forms',
      '/%61pi/v1/nope',
      '/%41pi/v1/nope',
      '/api//v1/forms',
      '///Api',
      '//v4/spreadsheets/abc',
    ]) {
      const res = await page(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/problem+json');
      expect(res.text, url).not.toContain('dashboard app');
    }
    // Paths that only start with the same letters are client routes, escaped or not.
    for (const url of ['/apiary', '/Apiary', '/%61piary', '/dashboard', '//dashboard/forms']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('dashboard app');
    }
  });

  it('lets only the respondent pages (/form/* and /form-login) be framed', async () => {
    for (const url of ['/form/abc', '/form-login', '/form-login?formId=abc']) {
      const framed = await page(url);
      expect(framed.headers.get('x-frame-options'), url).toBeNull();
      expect(framed.headers.get('content-security-policy'), url).toContain('frame-ancestors *');
      expect(framed.headers.get('content-security-policy'), url).not.toContain("frame-ancestors 'none'");
    }
    for (const url of ['/form-login-other', '/', '/dashboard/forms']) {
      const res = await page(url);
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
    }
  });

  it('lets other sites load the embed script, and nothing else of the app', async () => {
    const script = await page('/embed.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    for (const url of ['/', '/favicon.svg', '/embed.js.map', '/api/v1/health/live']) {
      expect((await page(url)).headers.get('cross-origin-resource-policy'), url).not.toBe('cross-origin');
    }
  });
});

describe('web app serving: the prerendered public pages', () => {
  let t: TestApp;
  let dir: string;
  const pages = [
    { path: '/', file: 'index.html', text: 'An AI powered spreadsheet assistant' },
    { path: '/pricing', file: 'pricing.html', text: 'Save 17%' },
    { path: '/contact', file: 'contact.html', text: 'Contact Us' },
    { path: '/chat', file: 'chat.html', text: 'Spreadsheet assistant' },
    { path: '/chat-support', file: 'chat-support.html', text: 'Chat Support' },
  ];
  beforeAll(async () => {
    dir = distDir(true);
    fs.mkdirSync(path.join(dir, 'marketing'));
    fs.mkdirSync(path.join(dir, 'assets'));
    for (const page of pages) {
      fs.writeFileSync(
        path.join(dir, 'marketing', page.file),
        `<!doctype html><title>${page.text} – SheetForms</title>` +
          `<link rel="canonical" href="%SHEETFORMS_PUBLIC_ORIGIN%${page.path}" />` +
          `<div id="root"><h1>${page.text}</h1>${'<p>prerendered text</p>'.repeat(200)}</div>`,
      );
    }
    fs.writeFileSync(
      path.join(dir, 'marketing', 'pages.json'),
      JSON.stringify(pages.map(({ path: p, file }) => ({ path: p, file }))),
    );
    const script = 'console.log("hello");'.repeat(100);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
    t = await startTestApp('sqlite', {
      SERVE_WEB: 'true',
      WEB_DIST_DIR: dir,
      PUBLIC_URL: 'https://forms.example.org',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${url}`, { headers, redirect: 'manual' });

  it('answers each page with its own prerendered HTML, its title and the public origin', async () => {
    for (const page of pages) {
      const res = await get(page.path);
      const html = await res.text();
      expect(res.status, page.path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html, page.path).toContain(`<title>${page.text} – SheetForms</title>`);
      expect(html, page.path).toContain(`<h1>${page.text}</h1>`);
      expect(html, page.path).toContain(`href="https://forms.example.org${page.path}"`);
      expect(html).not.toContain('%SHEETFORMS_PUBLIC_ORIGIN%');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      // The same security headers as every page: no framing.
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('compresses the pages for browsers that accept it, and answers 304 to a known ETag', async () => {
    const plain = await get('/pricing', { 'accept-encoding': 'identity' });
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('accept-encoding');

    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${t.url}/pricing`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(plainText);
    expect(raw.body.length).toBeLessThan(plainText.length / 4);

    const gzip = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${t.url}/contact`, { headers: { 'accept-encoding': 'gzip, br;q=0' } }, (res) => {
          res.resume();
          resolve(res.headers['content-encoding']);
        })
        .on('error', reject);
    });
    expect(gzip).toBe('gzip');

    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/pricing', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
  });

  it('sends the precompressed asset when accepted, either way with a year-long cache', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['identity', undefined],
    ] as const) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${t.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': accept } }, resolve)
          .on('error', reject);
      });
      res.resume();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
    }
  });

  it('redirects a trailing slash to the page, and leaves other paths to the dashboard app', async () => {
    const slash = await get('/pricing/?plan=pro');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/pricing?plan=pro');
    for (const url of ['/dashboard/forms', '/pricing-old', '/chat-supports', '/no-such-page']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('dashboard app');
    }
    for (const url of ['/form/abc123', '/form-login']) {
      expect(await (await get(url)).text(), url).toContain('public form');
    }
  });

  it('never serves the page files or the build manifest by their file paths', async () => {
    for (const url of ['/marketing/index.html', '/marketing/pages.json', '/.vite/marketing-manifest.json']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
    }
  });

  it('answers robots.txt and a sitemap of the public pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('User-agent: *');
    expect(robotsText).toContain('Disallow: /dashboard');
    expect(robotsText).toContain('Sitemap: https://forms.example.org/sitemap.xml');
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const page of pages) expect(sitemap).toContain(`<loc>https://forms.example.org${page.path}</loc>`);
  });
});
