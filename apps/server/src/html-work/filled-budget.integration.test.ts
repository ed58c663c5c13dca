import { HTML_LIMIT_MESSAGES, HTML_LIMITS } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/dialects.js';
import { createForm, insertResponse, strictlyIncreasingClock } from '../test/forms.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { FILLED_OMITTED_HTML } from './html-tasks.js';

/**
 * Review finding 3: the page budget counted the template, not the filled result. A 5 KB template of
 * 1,000 placeholders with three responses of 5,000 `<` made GET …/responses?limit=3 answer 60 MB.
 */
describeEachDialect('filled templates stay within their budgets', (dialect) => {
  let t: TestApp;
  let owner: string;
  let formId: string;
  let templateId: string;
  const responseIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: strictlyIncreasingClock() });
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    const form = await createForm(t, owner);
    formId = form.formId;
    const created = await t.request('POST', `/api/v1/forms/${formId}/templates`, {
      token: owner,
      body: {
        name: 'Amplifier',
        googleDocsUrl: 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit',
        content: `<p>${'{{Full Name}}'.repeat(1_000)}</p>`,
      },
    });
    expect(created.status).toBe(201);
    templateId = created.body.data.id;
    for (const at of ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z', '2026-01-01T00:00:03.000Z']) {
      responseIds.push(await insertResponse(t.database, form.id, at, { 'Full Name': '<'.repeat(5_000) }));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('a page holds fewer responses rather than pass its budget, and the next page goes on from there', async () => {
    const first = await fetch(`${t.url}/api/v1/forms/${formId}/responses?limit=3`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const text = await first.text();
    expect(first.status).toBe(200);
    // 20 MB per response filled; the page carries the template and a short note in its place.
    expect(text.length).toBeLessThan(HTML_LIMITS.pageTemplatesMaxChars + 100_000);
    const page = JSON.parse(text).data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].formResponseWithTemplate[0].contentWithUserResponse).toBe(FILLED_OMITTED_HTML);
    expect(page.nextCursor).not.toBeNull();

    const seen = [page.items[0].id];
    let cursor = page.nextCursor;
    while (cursor) {
      const next = await t.request('GET', `/api/v1/forms/${formId}/responses?limit=3&cursor=${cursor}`, {
        token: owner,
      });
      expect(next.status).toBe(200);
      seen.push(...next.body.data.items.map((item: { id: string }) => item.id));
      cursor = next.body.data.nextCursor;
    }
    expect(seen.sort()).toEqual([...responseIds].sort());
  });

  it('a PDF whose filled HTML passes 8 MB is refused with 413 before anything is rendered', async () => {
    const res = await t.request('POST', `/api/v1/forms/${formId}/responses/${responseIds[0]}/pdf`, {
      token: owner,
      body: { templateId },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'FILLED_TOO_LARGE', detail: HTML_LIMIT_MESSAGES.filledTooLarge });
  });
});
