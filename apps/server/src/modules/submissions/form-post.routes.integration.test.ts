import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPTION_LIMITS } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/** A web build with a stand-in renderer: enough for /form/{formId} and its no-JavaScript POST. */
function stubWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-form-post-'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(
    path.join(dist, 'server', 'public-form.mjs'),
    [
      "export const FORM_PAGE_DATA_ID = 'sf-form-data';",
      "export const FORM_POST_FIELDS = { answerPrefix: 'answer:', otherPrefix: 'other:', nonce: 'submission' };",
      "export function renderFormApp() { return '<main>form</main>'; }",
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dist, 'form.html'),
    '<!doctype html><html><head><title>Form</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>SheetForms</title><div id="root"></div>',
  );
  return dist;
}

const NONCE = 'Abc_-0123456789xyzXYZ';
/** The largest body the server accepts (BODY_LIMIT_BYTES' default). */
const BODY_LIMIT = 262_144;

/** A body of `unit` repeated to just under the body limit, then the page's nonce. */
function largestBody(unit: string): string {
  const tail = `submission=${NONCE}`;
  return unit.repeat(Math.floor((BODY_LIMIT - tail.length) / unit.length)) + tail;
}

describeEachDialect('POST /form/{formId} at the largest accepted body', (dialect) => {
  let t: TestApp;
  let formId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { SERVE_WEB: 'true', WEB_DIST_DIR: stubWebDist() });
    const owner = (await t.signIn('form-post-limits@example.com', 'Owner')).accessToken;
    formId = (
      await createForm(t, owner, {
        jdata: [
          { label: 'x', type: 'text' },
          { label: 'Topics', type: 'checkboxes', options: ['Design', 'Ops'] },
        ],
      })
    ).formId;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: string) =>
    fetch(`${t.url}/form/${formId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it.each([
    ['one name repeated', 'answer:x=1&', `At most ${OPTION_LIMITS.max + 1} choices are allowed`],
    ['ticked boxes repeated', 'answer:Topics=Ops&', `At most ${OPTION_LIMITS.max + 1} choices are allowed`],
  ])('answers %s fast with the limit it passes', async (_shape, unit, message) => {
    const body = largestBody(unit);
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT);
    const started = performance.now();
    const res = await post(body);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(elapsed).toBeLessThan(1000);
  });

  it('answers many names fast with the answers limit', async () => {
    let i = 0;
    const names = Array.from({ length: 20_000 }, () => `answer:q${i++}=a&`).join('');
    const body = names.slice(0, names.lastIndexOf('&', BODY_LIMIT - 40) + 1) + `submission=${NONCE}`;
    const started = performance.now();
    const res = await post(body);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('At most 200 answers can be sent');
  });
});
