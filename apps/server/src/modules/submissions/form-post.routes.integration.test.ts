import { OPTION_LIMITS } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { stubWebDist } from '../../test/stub-web-dist.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

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

  let webDist: ReturnType<typeof stubWebDist> | undefined;
  beforeAll(async () => {
    webDist = stubWebDist();
    t = await startTestApp(dialect, { SERVE_WEB: 'true', WEB_DIST_DIR: webDist.dir });
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
    webDist?.remove();
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
