import { auth, type docs_v1, docs as docsClient } from '@googleapis/docs';
import { drive as driveClient } from '@googleapis/drive';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { apiClient, makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';

// Google's own Node clients against the emulator: what they parse is what the app will see from Google.

const DOCS_READONLY = 'https://www.googleapis.com/auth/documents.readonly';
const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';

/** The shape of Google's "Download as HTML": generated classes, spans everywhere, a redirecting link. */
const GOOGLE_EXPORT_HTML = `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">@import url('https://themes.googleusercontent.com/fonts/css?kit=abc');.lst-kix_q1w2e3-0>li:before{content:"\\0025cf   "}.lst-kix_r4t5y6-0>li:before{content:"" counter(lst-ctn-kix_r4t5y6-0,decimal) ". "}ul.lst-kix_q1w2e3-0{list-style-type:none}.c0{color:#000000;font-weight:700;text-decoration:none;vertical-align:baseline;font-size:11pt;font-family:"Arial";font-style:normal}.c1{padding-top:0pt;padding-bottom:0pt;line-height:1.15;orphans:2;widows:2;text-align:center}.c2{color:#000000;font-weight:400;text-decoration:none;font-style:normal}.c3{background-color:#ffffff;max-width:468pt;padding:72pt 72pt 72pt 72pt}.c4{font-style:italic}.c5{color:#1155cc;text-decoration:underline}.c6{margin-left:36pt;padding-left:0pt}.title{padding-top:0pt;color:#000000;font-size:26pt}</style></head><body class="c3 doc-content"><p class="c1 title" id="h.kix0title"><span class="c2">Registration</span></p><p class="c1"><span class="c0">Certificate for {{Full Name}}</span></p><p class="c1 c7"><span class="c2"></span></p><p class="c1"><span class="c2">Issued on </span><span class="c2 c4">{{date}}</span><span class="c2">&nbsp;by </span><span class="c5"><a class="c5" href="https://www.google.com/url?q=https://sheetforms.example.com/&amp;sa=D&amp;source=editors&amp;ust=1&amp;usg=x">SheetForms</a></span></p><ul class="c8 lst-kix_q1w2e3-0 start"><li class="c6 li-bullet-0"><span class="c2">{{Email}}</span></li></ul><ol class="c8 lst-kix_r4t5y6-0 start" start="1"><li class="c6 li-bullet-0"><span class="c2">Arrive early</span></li><li class="c6 li-bullet-0"><span class="c2">Bring ID</span></li></ol></body></html>`;

/** Hand-written HTML with every structure the Docs twin models. */
const RICH_HTML = `<h1>Event Pass</h1>
<h2>Details</h2>
<p><b>Bold</b> text, <i>italic</i>, <u>underlined</u> and <a href="https://example.com/terms">the terms</a>.</p>
<ul><li>Badge<ul><li>Lanyard</li></ul></li><li>Welcome pack</li></ul>
<ol type="a"><li>Check in</li><li>Find your seat</li></ol>
<table><thead><tr><th>Name</th><th>Ticket</th></tr></thead><tbody><tr><td>{{Full Name}}</td><td>{{Ticket Type}}</td></tr></tbody></table>
<p>Logo: <img src="https://example.com/logo.png" alt="SheetForms logo" style="width: 120px; height: 40px"></p>`;

describe('Docs and Drive export, read with Google’s Node clients', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let token: string;
  let googleExportId: string;
  let richId: string;
  let docs: docs_v1.Docs;
  let drive: ReturnType<typeof driveClient>;
  let rootUrl: string;

  const getDocument = async (params: docs_v1.Params$Resource$Documents$Get) =>
    (await docs.documents.get(params, { rootUrl })).data;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    const api = apiClient(emulator.url);
    const create = async (title: string, html: string) => {
      const reply = await api.call('POST', '/__emulator/documents', { body: { title, html } });
      expect(reply.status).toBe(201);
      return ((await reply.json()) as { documentId: string }).documentId;
    };
    googleExportId = await create('Google export', GOOGLE_EXPORT_HTML);
    richId = await create('Rich', RICH_HTML);
    token = (
      await emulator.identity.issueAccessToken({
        email: 'owner@example.com',
        name: 'Owner',
        clientId: 'test',
        scopes: [DOCS_READONLY, DRIVE_READONLY],
      })
    ).accessToken;
    const credentials = new auth.OAuth2();
    credentials.setCredentials({ access_token: token });
    docs = docsClient({ version: 'v1', auth: credentials });
    drive = driveClient({ version: 'v3', auth: credentials });
    // Given per call, rootUrl keeps its path (/__google); as a global option the clients resolve it
    // against the host only.
    rootUrl = `${emulator.url}/`;
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  /** The text export; the client decodes it as UTF-8 and drops Google's byte order mark. */
  async function exportText(fileId: string) {
    const reply = await drive.files.export(
      { fileId, mimeType: 'text/plain' },
      { responseType: 'text', rootUrl },
    );
    return reply.data as unknown as string;
  }

  async function exportPdfText(fileId: string) {
    const reply = await drive.files.export(
      { fileId, mimeType: 'application/pdf' },
      { responseType: 'arraybuffer', rootUrl },
    );
    const pdf = await getDocumentProxy(new Uint8Array(reply.data as unknown as ArrayBuffer));
    return (await extractText(pdf, { mergePages: true })).text;
  }

  it('reads Google-export-shaped HTML: classes become bold, italic and alignment, links are unwrapped', async () => {
    const data = await getDocument({ documentId: googleExportId });
    expect(data.title).toBe('Google export');
    const [sectionBreak, ...content] = data.body?.content ?? [];
    expect(sectionBreak).toEqual({
      endIndex: 1,
      sectionBreak: {
        sectionStyle: {
          columnSeparatorStyle: 'NONE',
          contentDirection: 'LEFT_TO_RIGHT',
          sectionType: 'CONTINUOUS',
        },
      },
    });
    expect(content.map((element) => element.paragraph?.paragraphStyle?.namedStyleType)).toEqual([
      'TITLE',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
    ]);
    expect(content[0]?.paragraph?.paragraphStyle).toMatchObject({
      headingId: 'h.kix0title',
      alignment: 'CENTER',
    });
    expect(content[1]).toEqual({
      startIndex: 14,
      endIndex: 44,
      paragraph: {
        elements: [
          {
            startIndex: 14,
            endIndex: 44,
            textRun: { content: 'Certificate for {{Full Name}}\n', textStyle: { bold: true } },
          },
        ],
        paragraphStyle: { namedStyleType: 'NORMAL_TEXT', alignment: 'CENTER', direction: 'LEFT_TO_RIGHT' },
      },
    });
    // Google's blank line is an empty paragraph.
    expect(content[2]?.paragraph?.elements?.[0]?.textRun?.content).toBe('\n');
    const runs = content[3]?.paragraph?.elements?.map((element) => element.textRun) ?? [];
    expect(runs).toEqual([
      { content: 'Issued on ', textStyle: {} },
      { content: '{{date}}', textStyle: { italic: true } },
      { content: '\u00a0by ', textStyle: {} },
      {
        content: 'SheetForms\n',
        textStyle: {
          underline: true,
          foregroundColor: { color: { rgbColor: { red: 0.06666667, green: 0.33333334, blue: 0.8 } } },
          link: { url: 'https://sheetforms.example.com/' },
        },
      },
    ]);
    const bulletList = content[4]?.paragraph?.bullet?.listId ?? '';
    const numberedList = content[5]?.paragraph?.bullet?.listId ?? '';
    expect([bulletList, numberedList]).toEqual(['kix.q1w2e3', 'kix.r4t5y6']);
    expect(content[6]?.paragraph?.bullet?.listId).toBe('kix.r4t5y6');
    expect(data.lists?.[bulletList]?.listProperties?.nestingLevels?.[0]).toMatchObject({
      glyphSymbol: '●',
      glyphFormat: '%0',
    });
    expect(data.lists?.[numberedList]?.listProperties?.nestingLevels?.[0]).toMatchObject({
      glyphType: 'DECIMAL',
      glyphFormat: '%0.',
      startNumber: 1,
    });
    expectContiguousIndexes(data.body?.content ?? []);
  });

  it('exports Google-export-shaped HTML as text and as a PDF with all of its text', async () => {
    expect(await exportText(googleExportId)).toBe(
      'Registration\r\nCertificate for {{Full Name}}\r\n\r\nIssued on {{date}}\u00a0by SheetForms\r\n* {{Email}}\r\n1. Arrive early\r\n2. Bring ID',
    );
    const pdfText = await exportPdfText(googleExportId);
    for (const text of ['Registration', 'Certificate for {{Full Name}}', '{{Email}}', '2. Bring ID']) {
      expect(pdfText).toContain(text);
    }
  });

  it('models headings, styled runs, nested bullets, numbered lists, a table and an image', async () => {
    const data = await getDocument({ documentId: richId });
    const content = data.body?.content ?? [];
    expectContiguousIndexes(content);
    const paragraphs = content.filter((element) => element.paragraph);
    const texts = paragraphs.map((element) =>
      (element.paragraph?.elements ?? []).map((part) => part.textRun?.content ?? '').join(''),
    );
    expect(texts).toEqual([
      'Event Pass\n',
      'Details\n',
      'Bold text, italic, underlined and the terms.\n',
      'Badge\n',
      'Lanyard\n',
      'Welcome pack\n',
      'Check in\n',
      'Find your seat\n',
      'Logo: \n',
    ]);
    expect(
      paragraphs.slice(0, 3).map((element) => element.paragraph?.paragraphStyle?.namedStyleType),
    ).toEqual(['HEADING_1', 'HEADING_2', 'NORMAL_TEXT']);
    expect(paragraphs[0]?.paragraph?.paragraphStyle?.headingId).toMatch(/^h\.[a-z0-9]+$/);
    const styled = paragraphs[2]?.paragraph?.elements?.map((part) => [
      part.textRun?.content,
      part.textRun?.textStyle,
    ]);
    expect(styled).toEqual([
      ['Bold', { bold: true }],
      [' text, ', {}],
      ['italic', { italic: true }],
      [', ', {}],
      ['underlined', { underline: true }],
      [' and ', {}],
      ['the terms', expect.objectContaining({ underline: true, link: { url: 'https://example.com/terms' } })],
      ['.\n', {}],
    ]);

    const [badge, lanyard, pack, checkIn, seat] = paragraphs
      .slice(3, 8)
      .map((element) => element.paragraph?.bullet);
    expect(badge).toEqual({ listId: expect.stringMatching(/^kix\./), textStyle: {} });
    expect(lanyard).toEqual({ listId: badge?.listId, nestingLevel: 1, textStyle: {} });
    expect(pack?.listId).toBe(badge?.listId);
    expect(checkIn?.listId).not.toBe(badge?.listId);
    expect(seat?.listId).toBe(checkIn?.listId);
    const bulletLevels = data.lists?.[badge?.listId ?? '']?.listProperties?.nestingLevels ?? [];
    expect(bulletLevels).toHaveLength(9);
    expect(bulletLevels.slice(0, 3).map((level) => level.glyphSymbol)).toEqual(['●', '○', '■']);
    expect(bulletLevels[0]?.glyphType).toBeUndefined();
    expect(data.lists?.[checkIn?.listId ?? '']?.listProperties?.nestingLevels?.[0]?.glyphType).toBe('ALPHA');
    expect(paragraphs[4]?.paragraph?.paragraphStyle).toMatchObject({
      indentFirstLine: { magnitude: 54, unit: 'PT' },
      indentStart: { magnitude: 72, unit: 'PT' },
    });

    const tableElement = content.find((element) => element.table);
    const table = tableElement?.table;
    expect(table).toMatchObject({ rows: 2, columns: 2 });
    const cellTexts = table?.tableRows?.map((row) =>
      row.tableCells?.map((cell) => cell.content?.[0]?.paragraph?.elements?.[0]?.textRun),
    );
    expect(cellTexts).toEqual([
      [
        { content: 'Name\n', textStyle: { bold: true } },
        { content: 'Ticket\n', textStyle: { bold: true } },
      ],
      [
        { content: '{{Full Name}}\n', textStyle: {} },
        { content: '{{Ticket Type}}\n', textStyle: {} },
      ],
    ]);
    // Docs' table indexes: one for the table, each row and each cell, before their content.
    const start = tableElement?.startIndex ?? 0;
    const firstRow = table?.tableRows?.[0];
    expect(firstRow?.startIndex).toBe(start + 1);
    expect(firstRow?.tableCells?.[0]?.startIndex).toBe(start + 2);
    expect(firstRow?.tableCells?.[0]?.content?.[0]?.startIndex).toBe(start + 3);
    expect(tableElement?.endIndex).toBe((table?.tableRows?.[1]?.endIndex ?? 0) + 1);

    const logo = paragraphs.at(-1)?.paragraph?.elements ?? [];
    const objectId = logo[1]?.inlineObjectElement?.inlineObjectId ?? '';
    expect(logo[1]).toMatchObject({ endIndex: (logo[1]?.startIndex ?? 0) + 1 });
    expect(data.inlineObjects?.[objectId]?.inlineObjectProperties?.embeddedObject).toMatchObject({
      description: 'SheetForms logo',
      imageProperties: { contentUri: 'https://example.com/logo.png' },
      size: { width: { magnitude: 90, unit: 'PT' }, height: { magnitude: 30, unit: 'PT' } },
    });
  });

  it('exports every line of the rich document, list items and table cells included', async () => {
    expect(await exportText(richId)).toBe(
      [
        'Event Pass',
        'Details',
        'Bold text, italic, underlined and the terms.',
        '* Badge',
        '    * Lanyard',
        '* Welcome pack',
        'a. Check in',
        'b. Find your seat',
        'Name\tTicket',
        '{{Full Name}}\t{{Ticket Type}}',
        'Logo: ',
      ].join('\r\n'),
    );
    const pdfText = await exportPdfText(richId);
    for (const text of [
      'Event Pass',
      '• Badge',
      '• Lanyard',
      'b. Find your seat',
      'Name',
      '{{Ticket Type}}',
    ]) {
      expect(pdfText).toContain(text);
    }
  });

  it('serves an image stored inline at an https-style contentUri that needs no credentials', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const reply = await apiClient(emulator.url).call('POST', '/__emulator/documents', {
      body: {
        title: 'Inline image',
        html: `<p><img src="data:image/png;base64,${png.toString('base64')}"></p>`,
      },
    });
    const { documentId } = (await reply.json()) as { documentId: string };
    const data = await getDocument({ documentId });
    const [object] = Object.values(data.inlineObjects ?? {});
    const contentUri = object?.inlineObjectProperties?.embeddedObject?.imageProperties?.contentUri ?? '';
    expect(contentUri).toBe(`${emulator.url}/docs-images/${documentId}/${object?.objectId}`);
    const image = await fetch(contentUri);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await fetch(`${emulator.url}/docs-images/${documentId}/kix.nope`)).status).toBe(404);
  });

  it('answers includeTabsContent, field masks and suggestion modes as Docs does', async () => {
    const plain = await getDocument({ documentId: richId });
    // The caller only views the document (link sharing): no revisionId, and the viewer's suggestion mode.
    expect(plain.revisionId).toBeUndefined();
    expect(plain.suggestionsViewMode).toBe('PREVIEW_WITHOUT_SUGGESTIONS');
    const tabs = await getDocument({ documentId: richId, includeTabsContent: true });
    expect(tabs.body).toBeUndefined();
    expect(tabs.tabs?.[0]?.tabProperties).toEqual({ tabId: 't.0', title: 'Tab 1' });
    expect(tabs.tabs?.[0]?.documentTab?.body).toEqual(plain.body);
    expect(tabs.tabs?.[0]?.documentTab?.lists).toEqual(plain.lists);
    const masked = await getDocument({
      documentId: richId,
      fields: 'title,body.content(startIndex,endIndex)',
    });
    expect(Object.keys(masked)).toEqual(['title', 'body']);
    expect(masked.body?.content?.[1]).toEqual({ startIndex: 1, endIndex: 12 });
    await expect(getDocument({ documentId: richId, suggestionsViewMode: 'SOMETIMES' })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
  });
});

/** Docs' indexes run without gaps: each element starts where the one before ended, text measured in UTF-16. */
function expectContiguousIndexes(content: docs_v1.Schema$StructuralElement[]) {
  let index = 1;
  for (const element of content.slice(1)) {
    expect(element.startIndex).toBe(index);
    if (element.paragraph) {
      let inner = index;
      for (const part of element.paragraph.elements ?? []) {
        expect(part.startIndex).toBe(inner);
        inner += part.textRun?.content?.length ?? 1;
        expect(part.endIndex).toBe(inner);
      }
      expect(element.paragraph.elements?.at(-1)?.textRun?.content?.endsWith('\n')).toBe(true);
    }
    index = element.endIndex ?? index;
  }
}
