import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_API_KEY } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  makeTempDataDir,
  removeDataDir,
  SHEETS_SCOPE,
} from '../testing/emulator-test-kit.js';

describe('CSV export URLs, Drive export and Docs', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  let publicId: string;
  let privateId: string;
  let secondGid: number;
  let documentId: string;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    api = apiClient(emulator.url);
    const created = await api.createSpreadsheet({
      title: 'Public',
      sharing: { link: 'view', people: [] },
      sheets: [
        { title: 'First', rows: [['Name', 'Note'], ['Ann', 'says "hi", then\nleaves'], ['Bob']] },
        { title: 'Second Tab', rows: [['x', 1]] },
      ],
    });
    publicId = created.spreadsheetId;
    secondGid = created.sheets[1]?.sheetId ?? -1;
    privateId = (
      await api.createSpreadsheet({ title: 'Private', sheets: [{ title: 'Sheet1', rows: [['secret']] }] })
    ).spreadsheetId;
    const document = await api.call('POST', '/__emulator/documents', {
      body: {
        title: 'Certificate',
        html: '<html><head><style>p{}</style></head><body><h1>Certificate</h1><p>For {{Full Name}} &amp; friends</p></body></html>',
      },
    });
    expect(document.status).toBe(201);
    documentId = ((await document.json()) as { documentId: string }).documentId;
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('exports a link-shared sheet as CSV by gid, quoting as needed', async () => {
    const first = await api.call('GET', `/spreadsheets/d/${publicId}/export?format=csv&gid=0`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await first.text()).toBe('Name,Note\r\nAnn,"says ""hi"", then\nleaves"\r\nBob,');
    const second = await api.call('GET', `/spreadsheets/d/${publicId}/export?format=csv&gid=${secondGid}`);
    expect(await second.text()).toBe('x,1');
  });

  it('answers gviz out:csv by sheet name with every field quoted', async () => {
    const reply = await api.call(
      'GET',
      `/spreadsheets/d/${publicId}/gviz/tq?tqx=out:csv&sheet=${encodeURIComponent('Second Tab')}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await reply.text()).toBe('"x","1"');
  });

  it('answers a private sheet’s CSV URLs with an HTML sign-in page and status 200', async () => {
    for (const path of [
      `/spreadsheets/d/${privateId}/export?format=csv&gid=0`,
      `/spreadsheets/d/${privateId}/gviz/tq?tqx=out:csv&sheet=Sheet1`,
    ]) {
      const reply = await api.call('GET', path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      const body = await reply.text();
      expect(body).toContain('Sign in');
      expect(body).not.toContain('secret');
    }
  });

  it('exports a document as HTML and as a PDF holding its text', async () => {
    const exported = await api.call('GET', `/drive/v3/files/${documentId}/export?mimeType=text/html`, {
      auth: { key: LOCAL_API_KEY },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await exported.text()).toContain('{{Full Name}}');
    const pdf = await api.call('GET', `/drive/v3/files/${documentId}/export?mimeType=application/pdf`, {
      auth: { key: LOCAL_API_KEY },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(For {{Full Name}} & friends) Tj');
    const plain = await api.call('GET', `/drive/v3/files/${documentId}/export?mimeType=text/plain`, {
      auth: { key: LOCAL_API_KEY },
    });
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    // Google's text export starts with a UTF-8 byte order mark and ends lines with CRLF.
    expect(Buffer.from(await plain.arrayBuffer()).toString('hex')).toBe(
      Buffer.from('\ufeffCertificate\r\nFor {{Full Name}} & friends', 'utf8').toString('hex'),
    );
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });

  it('answers Drive errors in Drive’s envelope', async () => {
    const missing = await api.call('GET', '/drive/v3/files/1nope/export?mimeType=text/html', {
      auth: { key: LOCAL_API_KEY },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        code: 404,
        message: 'File not found: 1nope.',
        errors: [
          {
            message: 'File not found: 1nope.',
            domain: 'global',
            reason: 'notFound',
            location: 'fileId',
            locationType: 'parameter',
          },
        ],
      },
    });
    const unsupported = await api.call('GET', `/drive/v3/files/${documentId}/export?mimeType=image/png`, {
      auth: { key: LOCAL_API_KEY },
    });
    expect(unsupported.status).toBe(400);
    expect(((await unsupported.json()) as { error: { message: string } }).error.message).toBe(
      'The requested conversion is not supported.',
    );
    const hidden = await api.call('GET', `/drive/v3/files/${privateId}/export?mimeType=text/csv`, {
      auth: { key: LOCAL_API_KEY },
    });
    expect(hidden.status).toBe(404);
  });

  it('refuses documents.readonly for files.export but accepts it for documents.get', async () => {
    const docsOnly = (
      await emulator.identity.issueAccessToken({
        email: 'reader@example.com',
        name: 'Reader',
        clientId: 'test',
        scopes: ['https://www.googleapis.com/auth/documents.readonly'],
      })
    ).accessToken;
    expect(
      (await api.call('GET', `/drive/v3/files/${documentId}/export?mimeType=text/html`, { auth: docsOnly }))
        .status,
    ).toBe(403);
    const reply = await api.call('GET', `/v1/documents/${documentId}`, { auth: docsOnly });
    expect(reply.status).toBe(200);
    const document = (await reply.json()) as {
      title: string;
      documentId: string;
      body: { content: Array<Record<string, any>> };
    };
    expect(document).toMatchObject({ title: 'Certificate', documentId });
    const paragraphs = document.body.content.filter((element) => element.paragraph);
    expect(paragraphs.map((element) => element.paragraph.elements[0].textRun.content)).toEqual([
      'Certificate\n',
      'For {{Full Name}} & friends\n',
    ]);
    expect(paragraphs[0]?.paragraph.paragraphStyle.namedStyleType).toBe('HEADING_1');
    expect((await api.call('GET', '/v1/documents/1missing', { auth: docsOnly })).status).toBe(404);
    const sheetsToken = (
      await emulator.identity.issueAccessToken({
        email: 'r@example.com',
        name: 'R',
        clientId: 't',
        scopes: [SHEETS_SCOPE],
      })
    ).accessToken;
    expect((await api.call('GET', `/v1/documents/${documentId}`, { auth: sheetsToken })).status).toBe(403);
  });
});
