import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

function distDir(withFormPage: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>dashboard app</title>');
  if (withFormPage)
    fs.writeFileSync(path.join(dir, 'form.html'), '<!doctype html><title>public form</title>');
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
});
