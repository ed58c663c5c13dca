import { ANSWER_MARKERS, QUESTION_HEADERS, QuestionsFeedSchema } from '@sheetforms/contract';
import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { QUESTIONS_UNAVAILABLE } from './questions-cache.js';

const FEED = '/api/v1/sheets/questions';

/** Google's fetch, counting the spreadsheet calls (metadata and values) and failing them on demand. */
function countingFetch() {
  const state = { metadata: 0, values: 0, failing: false };
  const googleFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const spreadsheetCall = url.pathname.includes('/v4/spreadsheets/');
    if (spreadsheetCall) {
      if (url.pathname.includes('/values/')) state.values += 1;
      else state.metadata += 1;
      if (state.failing)
        return new Response('{"error":{"code":503,"status":"UNAVAILABLE"}}', { status: 503 });
    }
    return fetch(input, init);
  };
  return { state, googleFetch };
}

describeEachDialect('questions feed', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("answers the seeded spreadsheet's rows in local mode, and 100 calls cost one read of Google", async () => {
    const google = countingFetch();
    t = await startTestApp(dialect, {}, { googleFetch: google.googleFetch, seedDemoData: true });
    const replies = await Promise.all(Array.from({ length: 50 }, () => t?.request('GET', FEED)));
    for (let i = 0; i < 50; i++) replies.push(await t.request('GET', FEED));
    expect(replies.map((reply) => reply?.status)).toEqual(Array(100).fill(200));
    expect(google.state).toMatchObject({ metadata: 1, values: 1 });

    const feed = QuestionsFeedSchema.parse(replies[0]?.body);
    expect(feed.count).toBe(feed.data.length);
    expect(feed.count).toBeGreaterThanOrEqual(20);
    expect(feed.data.filter((row) => row.type === 'button').length).toBeGreaterThanOrEqual(5);
    const answers = feed.data.map((row) => row.answer).join(' ');
    for (const marker of ANSWER_MARKERS) expect(answers).toContain(marker.text);
    expect(feed.data[0]).toMatchObject({ srNo: '1', websiteLink: expect.stringMatching(/^https:\/\//) });
    expect(Date.parse(feed.timestamp)).not.toBeNaN();
    expect(new Set(replies.map((reply) => reply?.body.timestamp)).size).toBe(1);
  });

  it('keeps answering the last good copy when Google fails, trying again at most once a minute', async () => {
    const google = countingFetch();
    let time = Date.now();
    t = await startTestApp(
      dialect,
      {},
      { googleFetch: google.googleFetch, now: () => new Date(time), seedDemoData: true },
    );
    const first = await t.request('GET', FEED);
    expect(first.status).toBe(200);

    google.state.failing = true;
    time += 61_000;
    const stale = await t.request('GET', FEED);
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
    // The background read failed; for the rest of the minute nobody reaches Google, and the copy stays.
    await expect.poll(() => google.state.metadata).toBe(2);
    for (let i = 0; i < 20; i++) expect((await t.request('GET', FEED)).body).toEqual(first.body);
    expect(google.state).toMatchObject({ metadata: 2, values: 1 });

    google.state.failing = false;
    time += 61_000;
    await t.request('GET', FEED);
    await expect
      .poll(async () => (await t?.request('GET', FEED))?.body.timestamp)
      .not.toBe(first.body.timestamp);
    expect(google.state).toMatchObject({ metadata: 3, values: 2 });
  });

  it('answers a clear 503 with Retry-After when it never had a copy', async () => {
    t = await startTestApp(dialect, {
      QUESTIONS_SHEET_URL: 'https://docs.google.com/spreadsheets/d/doesNotExist1234567890/edit',
    });
    const reply = await t.request('GET', FEED);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(reply.body).toMatchObject({ code: 'QUESTIONS_UNAVAILABLE', detail: QUESTIONS_UNAVAILABLE });
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('reads rows by header text in any column order, skipping blank rows', async () => {
    t = await startTestApp(dialect, {}, { seedDemoData: true });
    const { spreadsheets } = await t.emulatorControl('GET', '/spreadsheets');
    const seeded = spreadsheets.find((s: { title: string }) => s.title === 'SheetForms Assistant Questions');
    await t.emulatorControl('DELETE', `/spreadsheets/${seeded.spreadsheetId}`);
    const h = QUESTION_HEADERS;
    await t.emulatorControl('POST', '/spreadsheets', {
      title: 'SheetForms Assistant Questions',
      sharing: { link: 'view', people: [] },
      sheets: [
        {
          title: 'Shuffled',
          rows: [
            [h.type, h.youtubeLink, h.answer, h.srNo, h.question, h.googleSheetLink, h.websiteLink],
            [
              'button',
              'https://youtube.example/v',
              'Use the Demo Website.',
              '1',
              'How do I start?',
              '',
              'https://site.example',
            ],
            [],
            ['', '', '', '2', '', '', ''],
            ['', '', 'Chat With Us.', '3', 'Can a person help?', 'javascript:alert(1)', ''],
          ],
        },
      ],
    });
    const reply = await t.request('GET', FEED);
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(2);
    expect(reply.body.data).toEqual([
      {
        question: 'How do I start?',
        answer: 'Use the Demo Website.',
        srNo: '1',
        websiteLink: 'https://site.example/',
        googleSheetLink: '',
        youtubeLink: 'https://youtube.example/v',
        type: 'button',
      },
      {
        question: 'Can a person help?',
        answer: 'Chat With Us.',
        srNo: '3',
        websiteLink: '',
        googleSheetLink: '',
        youtubeLink: '',
        type: '',
      },
    ]);
  });
});
