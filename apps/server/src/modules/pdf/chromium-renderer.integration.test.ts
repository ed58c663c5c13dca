import fs from 'node:fs';
import { PDF_MAX_PAGES } from '@sheetforms/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumLauncher } from './chromium-browser.js';
import { countingServer, readPdf as pdfText, TEST_CHROMIUM } from './pdf.test-support.js';
import { PdfTooLongError, PdfUnavailableError } from './pdf-renderer.js';
import { printDocument } from './print-document.js';
import { createQueuedPdfRenderer } from './queued-pdf-renderer.js';

const CHROMIUM = TEST_CHROMIUM;
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`Chromium tests skipped: no Chromium at ${CHROMIUM}`);

/** A document of exactly `pages` pages: one short line on each, a page break after all but the last. */
function pagesOf(pages: number): string {
  return Array.from(
    { length: pages },
    (_, i) => `<div${i < pages - 1 ? ' style="break-after: page"' : ''}>Page ${i + 1}</div>`,
  ).join('');
}

/** Everything a hostile template could use to make the browser fetch something. */
function fetchingMarkup(base: string): string {
  return `
    <link rel="stylesheet" href="${base}/style.css">
    <link rel="prefetch" href="${base}/prefetch">
    <style>@import url("${base}/import.css"); body { background: url("${base}/background.png"); }
      @font-face { font-family: X; src: url("${base}/font.woff"); } p { font-family: X; }</style>
    <img src="${base}/x.png" alt="">
    <img srcset="${base}/srcset.png 2x" alt="">
    <picture><source srcset="${base}/source.png"><img src="data:," alt=""></picture>
    <div style="background-image: url('${base}/inline.png')">inline</div>
    <iframe src="${base}/frame"></iframe>
    <object data="${base}/object"></object>
    <embed src="${base}/embed">
    <video poster="${base}/poster.png" src="${base}/video.mp4"></video>
    <audio src="${base}/audio.mp3" autoplay></audio>
    <svg><image href="${base}/svg.png" width="10" height="10"/></svg>
    <input type="image" src="${base}/input.png">
    <p>The body text</p>`;
}

describe.skipIf(!hasChromium)('Chromium PDF renderer', () => {
  const renderer = createQueuedPdfRenderer({
    launch: createChromiumLauncher({ executablePath: CHROMIUM }),
    concurrency: 2,
    queueLimit: 20,
    timeoutMs: 30_000,
    recycleAfter: 200,
  });
  let target: Awaited<ReturnType<typeof countingServer>>;

  beforeAll(async () => {
    target = await countingServer();
    await renderer.warm();
  }, 60_000);
  afterAll(async () => {
    await renderer.close();
    await target.close();
  });

  it('renders a one-page template whose text reads back, on A4 or Letter', async () => {
    const html =
      '<h1>Certificate of Attendance</h1><p>Awarded to <b>Ada Lovelace</b> — ünïcødé ✓</p>' +
      '<table><thead><tr><th>Field</th><th>Answer</th></tr></thead><tbody><tr><td>Guests</td><td>3</td></tr></tbody></table>';
    const a4 = await renderer.render(html, { format: 'A4', title: 'Certificate', isolationKey: 'owner-1' });
    expect(a4.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await pdfText(a4);
    expect(read.pages).toBe(1);
    expect(read.text).toContain('Certificate of Attendance');
    expect(read.text).toContain('Ada Lovelace');
    expect(read.text).toContain('ünïcødé');
    expect(read.text).toContain('Guests');
    expect(read.size).toEqual([595, 842]);

    const letter = await renderer.render(html, { format: 'Letter', isolationKey: 'owner-1' });
    expect((await pdfText(letter)).size).toEqual([612, 792]);
  }, 60_000);

  it('repeats a long table header on every page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>Row ${i + 1}</td><td>value</td></tr>`).join(
      '',
    );
    const pdf = await renderer.render(
      `<table><thead><tr><th>HeaderCell</th><th>Value</th></tr></thead><tbody>${rows}</tbody></table>`,
      { format: 'A4', isolationKey: 'owner-1' },
    );
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { text } = await extractText(document, { mergePages: false });
    expect(text.length).toBeGreaterThan(1);
    for (const page of text) expect(page).toContain('HeaderCell');
    expect(text.join('\n')).toContain('Row 120');
  }, 60_000);

  it('runs no JavaScript', async () => {
    const pdf = await renderer.render(
      `<p id="t">Original text</p>
       <script>document.getElementById('t').textContent = 'SCRIPT RAN';</script>
       <img src="data:," onerror="document.body.textContent = 'HANDLER RAN'">
       <a href="javascript:document.body.textContent='LINK RAN'">link</a>`,
      { format: 'A4', isolationKey: 'owner-1' },
    );
    const { text } = await pdfText(pdf);
    expect(text).toContain('Original text');
    expect(text).not.toMatch(/RAN/);
  }, 60_000);

  it('fetches nothing a template names, even when nothing sanitized it', async () => {
    const before = renderer.stats().blockedRequests;
    const pdf = await renderer.render(fetchingMarkup(target.base), { format: 'A4', isolationKey: 'owner-1' });
    expect((await pdfText(pdf)).text).toContain('The body text');
    expect(target.hits).toEqual([]);
    // The print document's own policy stops these before they are even asked for.
    expect(renderer.stats().blockedRequests).toBe(before);
  }, 60_000);

  it('aborts every request when the document has no policy of its own (the second wall)', async () => {
    const blocked: string[] = [];
    const browser = await createChromiumLauncher({ executablePath: CHROMIUM })({
      requestBlocked: (url) => blocked.push(url),
    });
    try {
      const bare = `<!doctype html><html><head></head><body>${fetchingMarkup(target.base)}</body></html>`;
      const pdf = await browser.print(
        bare,
        { format: 'A4', isolationKey: 'owner-1' },
        new AbortController().signal,
      );
      expect((await pdfText(pdf)).text).toContain('The body text');
      expect(target.hits).toEqual([]);
      // The browser did ask, and every request was refused before it left.
      expect(blocked.length).toBeGreaterThan(3);
      expect(blocked.every((url) => url.startsWith(target.base))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('keeps the document when it tries to navigate away, and fetches nothing', async () => {
    const pdf = await renderer.render(
      `<meta http-equiv="refresh" content="0; url=${target.base}/refresh"><p>Still here</p>`,
      { format: 'A4', isolationKey: 'owner-1' },
    );
    expect((await pdfText(pdf)).text).toContain('Still here');
    expect(target.hits).toEqual([]);
  }, 60_000);

  it("prints an owner's PDFs in that owner's page, and another owner's only in a cleared context", async () => {
    const counts = { opened: 0, cleared: 0 };
    const browser = await createChromiumLauncher({ executablePath: CHROMIUM })({
      requestBlocked() {},
      contextOpened: () => {
        counts.opened += 1;
      },
      contextCleared: () => {
        counts.cleared += 1;
      },
    });
    const signal = new AbortController().signal;
    const print = async (owner: string, text: string) =>
      (
        await pdfText(
          await browser.print(printDocument(`<p>${text}</p>`), { format: 'A4', isolationKey: owner }, signal),
        )
      ).text;
    try {
      expect(await print('owner-a', 'First of A')).toContain('First of A');
      const second = await print('owner-a', 'Second of A');
      expect(second).toContain('Second of A');
      expect(second).not.toContain('First of A'); // the page held only the new document
      const b = await print('owner-b', 'Only B');
      expect(b).toContain('Only B');
      expect(b).not.toContain('of A');
      const c = await print('owner-c', 'Only C');
      expect(c).not.toMatch(/of A|Only B/);
      expect(await print('owner-a', 'Third of A')).not.toMatch(/Only B|Only C/);
      // Three contexts at most (the pool's size), however many owners; a context another owner used was
      // cleared before it printed for a new owner (context-pool.integration.test.ts looks inside them).
      expect(counts.opened).toBeLessThanOrEqual(3);
      for (let waited = 0; counts.cleared === 0 && waited < 15_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(counts.cleared).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('stops a job when its signal aborts', async () => {
    const browser = await createChromiumLauncher({ executablePath: CHROMIUM })({ requestBlocked() {} });
    try {
      const controller = new AbortController();
      // About 1 MB of text, the largest template: seconds of layout and printing, stopped after 200 ms.
      const huge = printDocument(`<p>${'Lorem ipsum dolor sit amet. '.repeat(40_000)}</p>`);
      const job = browser.print(huge, { format: 'A4', isolationKey: 'owner-1' }, controller.signal);
      setTimeout(() => controller.abort(new Error('stop')), 200);
      const started = Date.now();
      await expect(job).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(browser.isConnected()).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it(`prints a document of ${PDF_MAX_PAGES} pages, every one of them`, async () => {
    const pdf = await renderer.render(pagesOf(PDF_MAX_PAGES), { format: 'A4', isolationKey: 'owner-1' });
    const read = await pdfText(pdf);
    expect(read.pages).toBe(PDF_MAX_PAGES);
    expect(read.text).toContain(`Page ${PDF_MAX_PAGES}`);
  }, 60_000);

  it('refuses a longer document quickly, having printed no more than one page past the limit', async () => {
    const before = renderer.stats().tooLong;
    for (const [what, html] of [
      ['one page too many', pagesOf(PDF_MAX_PAGES + 1)],
      ['a thousand pages', pagesOf(1_000)],
      // A single box 10,000 inches tall: about 970 A4 pages of nothing.
      ['a 10,000in padding', '<div style="padding-top: 10000in">x</div>'],
    ] as const) {
      const started = performance.now();
      const refused = await renderer
        .render(html, { format: 'A4', isolationKey: 'owner-1' })
        .catch((error: unknown) => error);
      const ms = Math.round(performance.now() - started);
      console.info(`PDF page limit: ${what} refused in ${ms} ms`);
      expect(refused, what).toBeInstanceOf(PdfTooLongError);
      expect((refused as PdfTooLongError).maxPages).toBe(PDF_MAX_PAGES);
      expect(ms, what).toBeLessThan(10_000);
    }
    expect(renderer.stats().tooLong - before).toBe(3);
    // The browser is fine afterwards.
    const after = await renderer.render('<p>Short</p>', { format: 'A4', isolationKey: 'owner-1' });
    expect((await pdfText(after)).pages).toBe(1);
  }, 120_000);

  it('recycles the real browser without failing jobs', async () => {
    const recycling = createQueuedPdfRenderer({
      launch: createChromiumLauncher({ executablePath: CHROMIUM }),
      concurrency: 2,
      queueLimit: 20,
      timeoutMs: 30_000,
      recycleAfter: 2,
    });
    try {
      const pdfs = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          // Three owners, so that two jobs print at once (an owner's own jobs print one at a time).
          recycling.render(`<p>Job ${i}</p>`, { format: 'A4', isolationKey: `owner-${i % 3}` }),
        ),
      );
      for (const [i, pdf] of pdfs.entries()) expect((await pdfText(pdf)).text).toContain(`Job ${i}`);
      expect(recycling.stats()).toMatchObject({ launches: 3, recycles: 2, completed: 5, failed: 0 });
    } finally {
      await recycling.close();
    }
  }, 120_000);
});

describe('Chromium PDF renderer without Chromium', () => {
  it('answers PdfUnavailableError when the executable is missing', async () => {
    const renderer = createQueuedPdfRenderer({
      launch: createChromiumLauncher({ executablePath: '/nonexistent/chromium' }),
      concurrency: 2,
      queueLimit: 20,
      timeoutMs: 15_000,
      recycleAfter: 200,
    });
    await expect(
      renderer.render('<p>x</p>', { format: 'A4', isolationKey: 'owner-1' }),
    ).rejects.toBeInstanceOf(PdfUnavailableError);
    await renderer.close();
  });
});
