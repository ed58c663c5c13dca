import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  linkHref,
  makeTempDataDir,
  removeDataDir,
} from '../testing/emulator-test-kit.js';

describe('the /__google/ page', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: true });
    api = apiClient(emulator.url);
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('lists spreadsheets with links, Google URLs, sharing and row counts, under a script-src self CSP', async () => {
    const reply = await api.call('GET', '/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await reply.text();
    expect(page).toContain('<h1>Spreadsheets</h1>');
    expect(page).toMatch(/<form [^>]*aria-labelledby="new-spreadsheet-heading"/);
    expect(page).toContain('<label for="new-title">Title</label>');
    expect(page).toContain('<label for="csv-file">CSV file</label>');
    expect(page).toContain('>Create spreadsheet</button>');
    expect(page).toContain('Data · 100,001 rows');
    expect(page).toMatch(/value="https:\/\/docs\.google\.com\/spreadsheets\/d\/[\w-]+\/edit#gid=0" readonly/);
    expect(page).toMatch(/value="https:\/\/docs\.google\.com\/document\/d\/[\w-]+\/edit" readonly/);
    expect(page).toContain(`<script src="/__google/assets/page.js" defer></script>`);
    const script = await api.call('GET', '/assets/page.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('clipboard');
  });

  it('creates a spreadsheet from posted CSV (quotes, commas and newlines) and redirects', async () => {
    const csv = 'Name,Comment\r\n"Lovelace, Ada","She said ""hi""\nand left"\r\nTuring,\r\n';
    const reply = await api.call('POST', '/spreadsheets', { form: { title: 'From CSV', csv } });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/__google/?created=From+CSV');
    const listed = (
      (await (await api.call('GET', '/__emulator/spreadsheets')).json()) as {
        spreadsheets: Array<{ spreadsheetId: string; title: string; sharing: { link: string } }>;
      }
    ).spreadsheets;
    const created = listed.find((s) => s.title === 'From CSV');
    expect(created?.sharing.link).toBe('none');
    expect(await api.sheetValues(created?.spreadsheetId ?? '', 'Sheet1')).toEqual([
      ['Name', 'Comment'],
      ['Lovelace, Ada', 'She said "hi"\nand left'],
      ['Turing'],
    ]);
    const sharing = await api.call('POST', `/spreadsheets/${created?.spreadsheetId}/sharing`, {
      form: { link: 'edit', people: 'a@example.com\nB@Example.com' },
    });
    expect(sharing.status).toBe(303);
    const after = (
      (await (await api.call('GET', '/__emulator/spreadsheets')).json()) as {
        spreadsheets: Array<{ title: string; sharing: unknown }>;
      }
    ).spreadsheets;
    expect(after.find((s) => s.title === 'From CSV')?.sharing).toEqual({
      link: 'edit',
      people: [
        { email: 'a@example.com', role: 'edit' },
        { email: 'b@example.com', role: 'edit' },
      ],
    });
    const list = await (await api.call('GET', '/')).text();
    const href = linkHref(list, 'From CSV');
    expect(href).toBe(`/__google/spreadsheets/${created?.spreadsheetId}?sheet=Sheet1`);
  });

  it('shows a sheet’s rows 100 at a time in a table', async () => {
    const listed = (
      (await (await api.call('GET', '/__emulator/spreadsheets')).json()) as {
        spreadsheets: Array<{ spreadsheetId: string; title: string }>;
      }
    ).spreadsheets;
    const large = listed.find((s) => s.title === 'Large Dataset');
    const started = Date.now();
    const reply = await fetch(`${emulator.url}/spreadsheets/${large?.spreadsheetId}?sheet=Data&page=2`);
    expect(reply.status).toBe(200);
    const page = await reply.text();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(page).toContain('<table>');
    expect(page).toContain('Page 2 of 1001');
    expect((page.match(/<tr><th scope="row">/g) ?? []).length).toBe(100);
    expect(page).toContain('<th scope="row">101</th><td>100</td>');
  });

  it('adds a document from the form and refuses cross-site posts', async () => {
    const reply = await api.call('POST', '/documents', {
      form: { title: 'Letter', html: '<p>Dear {{Full Name}}</p>' },
    });
    expect(reply.status).toBe(303);
    const documents = (
      (await (await api.call('GET', '/__emulator/documents')).json()) as {
        documents: Array<{ title: string }>;
      }
    ).documents;
    expect(documents.map((d) => d.title)).toContain('Letter');
    const crossSite = await fetch(`${emulator.url}/spreadsheets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'title=Evil',
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    // A browser that sends no Sec-Fetch-Site (Safari before 16.4) still names the page's origin.
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await fetch(`${emulator.url}/spreadsheets`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: 'title=Evil',
        redirect: 'manual',
      });
      expect(refused.status, origin).toBe(403);
    }
    // Its own pages post with its own origin.
    const own = await fetch(`${emulator.url}/spreadsheets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(emulator.url).origin },
      body: 'title=Mine&csv=a',
      redirect: 'manual',
    });
    expect(own.status).toBe(303);
  });
});
