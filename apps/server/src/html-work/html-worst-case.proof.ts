import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HTML_LIMITS, TEMPLATE_LIMITS } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benches, without types.
import { realShapedHtml } from '../../../../bench/support/real-shaped-html.mjs';

/**
 * The proof of the HTML-work fix (docs/security.md): the worst shapes the review found, each at the
 * largest size its route accepts, sent to every route that takes HTML. Each must be answered within 1 s,
 * and /health/live, polled all along, within 100 ms (99th percentile; none over 1 s). Before the fix
 * a 1.2 MB template of unclosed `<b>` held the main thread for 96 s, and 300 KB of `<` to html-to-pdf
 * for 5.9 s. Run alone, after the other test files (vitest.proof.config.ts).
 */

const SERVE_TEST_APP = fileURLToPath(new URL('../test/serve-test-app.ts', import.meta.url));
const ROUTE_BUDGET_MS = 1_000;

/** Probes a p99 is read from: one slow probe in a hundred. */
const MIN_PROBES = 101;
const PROBE_SOURCE = `
const http = require('node:http');
const url = process.argv[1];
const latencies = [];
let running = true;
process.stdin.on('end', () => { running = false; });
process.stdin.resume();
function probe() {
  const started = performance.now();
  return new Promise((resolve) => {
    http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : -1));
    }).on('error', () => resolve(-1));
  });
}
// The machine's CPU time so far (Linux's /proc/stat: all, and busy: all but idle, so waiting on the disk
// counts as busy), or undefined elsewhere.
function cpuTimes() {
  try {
    const fields = require('node:fs').readFileSync('/proc/stat', 'utf8').split('\\n')[0].trim().split(/\\s+/).slice(1).map(Number);
    const all = fields.reduce((sum, value) => sum + value, 0);
    return { busy: all - fields[3], all };
  } catch {
    return undefined;
  }
}
(async () => {
  // Not counted: the probe's own first requests (loading http, compiling), and the seconds a server
  // settles after its first PDF (Chromium's processes starting, the PDF pool opening its spare contexts
  // one after the other, code being optimised). A server behind a load balancer reaches that state
  // before it serves. Ready once 10 probes in a row took under 20 ms and the machine's cores were
  // less than a third busy over the last half second; at most 20 s. (Twice, right after the other test
  // files, the first shape's requests and the probes waited 0.4-1 s for a core: its POST took 416 ms
  // there, 30-80 ms on a quiet machine.)
  let window = { at: Date.now(), times: cpuTimes() };
  let quiet = window.times === undefined;
  for (let quick = 0, started = Date.now(); !(quick >= 10 && quiet) && Date.now() - started < 20000; ) {
    quick = (await probe()) < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (window.times && Date.now() - window.at >= 500) {
      const times = cpuTimes();
      quiet = (times.busy - window.times.busy) / Math.max(1, times.all - window.times.all) < 1 / 3;
      window = { at: Date.now(), times };
    }
  }
  process.stdout.write('ready\\n');
  // At least MIN_PROBES even when the work ends sooner (a fast machine ran it in under 2 s: 93 probes), so
  // that one slow probe in a hundred is what the percentile means; the extra ones take a few 20 ms steps.
  while (running || latencies.length < ${MIN_PROBES}) {
    latencies.push(await probe());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(JSON.stringify(latencies) + '\\n');
})();
`;
const HEALTH_BUDGET_MS = 100;
/**
 * On two cores the probe, this test, the server's two threads and Chromium take turns, and now and then
 * one probe waits for a core although no thread is blocked. The stalls fixed here lasted 6 to 96 s: a probe
 * over 1 s, or a slow 99th percentile (more than one probe in a hundred over 100 ms), is one. Twice CI saw
 * a slow 99th percentile (104 ms) that was not HTML work: the template writes committed on the main thread,
 * and with the disk busy (on CI most likely the PostgreSQL of the suite, writing back) each flush held every request
 * 100–500 ms. Here, with another process writing and flushing all along, the p99 was 192 ms then and is
 * 20–28 ms since writes commit on the writer thread (db/routed-sqlite-dialect.ts).
 */
const HEALTH_WORST_MS = 1_000;

/** Repeats `unit` to the largest length for which `fits` still holds. */
function largest(unit: string, fits: (html: string) => boolean): string {
  let low = 0;
  let high = Math.ceil(HTML_LIMITS.htmlToPdfMaxChars / unit.length) + 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(unit.repeat(mid))) low = mid;
    else high = mid - 1;
  }
  return unit.repeat(low);
}

const WORST_UNITS: Record<string, string> = {
  'unclosed tags': '<b>',
  '`<` flood': '<',
  '`<!--` flood': '<!--',
  '`<img src=` flood': '<img src=',
  'deep nesting': '<div>',
  'closing tags that match nothing': '<b></i>',
  'a flood of tiny elements': '<b></b>',
};

/**
 * Not a worst shape for the parser but for what it keeps: the most styled elements a template may hold,
 * every style filtered (99999in is out of bounds). Sent to the template routes; through html-to-pdf the
 * time is the browser's layout, which the PDF queue bounds per owner (pdf/queued-pdf-renderer.ts).
 */
const STYLED_RUNS = '<span style="color:red;padding-top:99999in">x</span>';

/** A template's content: at most 1 MB (UTF-8) and a JSON body within the route's limit. */
const templateFits = (html: string) =>
  Buffer.byteLength(html, 'utf8') <= TEMPLATE_LIMITS.contentMaxBytes &&
  Buffer.byteLength(JSON.stringify({ content: html }), 'utf8') < 1.5 * 1024 * 1024 - 512;
/** html-to-pdf's html field: at most 2 MB, in a urlencoded body of at most 3 MB. */
const htmlToPdfFits = (html: string) =>
  html.length <= HTML_LIMITS.htmlToPdfMaxChars &&
  new URLSearchParams({ html, fileName: 'x', formId: 'x'.repeat(40) }).toString().length < 3 * 1024 * 1024;

describe('HTML work under the worst shapes, at the largest accepted sizes', () => {
  let server: ChildProcess | undefined;
  const t = { url: '' };
  let owner: string;
  let formId: string;
  let templateId: string;
  let healthLatencies: number[] = [];
  let probe: { ready: Promise<void>; stop(): Promise<number[]> } | undefined;

  /**
   * The probe runs in a process of its own too, as a load balancer's would: its latencies are the
   * server's, not this process's, which is busy sending megabytes. One GET every 20 ms on a fresh
   * connection, once the server has settled (then it prints `ready`); on stdin's end it prints each
   * latency (ms, or -1 for a failure) as one JSON line.
   */
  function startProbe(url: string): { ready: Promise<void>; stop(): Promise<number[]> } {
    const probe = spawn(process.execPath, ['-e', PROBE_SOURCE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
    const output = createInterface({ input: probe.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    return {
      ready: output.next().then(() => undefined),
      async stop() {
        probe.stdin?.end();
        const { value: line } = await output.next();
        return JSON.parse(line as string) as number[];
      },
    };
  }

  async function timed(send: () => Promise<Response>) {
    const started = performance.now();
    const res = await send();
    const body = await res.text();
    return { status: res.status, body, ms: performance.now() - started };
  }

  /**
   * A route's time, sent again once when over the budget, keeping the faster. The work these shapes
   * caused before the fix grew faster than the input and took 6-96 s on every try; on two shared cores a
   * single send is now and then delayed by a neighbour (a collection, the disk, another process), which
   * a second send does not repeat. Both times are printed.
   */
  async function timedWithinBudget(label: string, send: () => Promise<Response>) {
    const first = await timed(send);
    if (first.ms < ROUTE_BUDGET_MS) return first;
    const second = await timed(send);
    console.info(`${label}: ${Math.round(first.ms)} ms, sent again: ${Math.round(second.ms)} ms`);
    return second.ms < first.ms ? second : first;
  }

  // Bodies are encoded before the clock runs too (encoding 3 MB takes this thread 100 ms and more).
  const json = (method: string, path: string, body: unknown) => {
    const encoded = JSON.stringify(body);
    return () =>
      fetch(`${t.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        body: encoded,
      });
  };
  const htmlToPdf = (html: string) => {
    const encoded = new URLSearchParams({ html, fileName: 'Proof', formId }).toString();
    return () =>
      fetch(`${t.url}/api/v1/forms/html-to-pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: encoded,
      });
  };

  // Built before the clock runs: encoding megabytes takes this thread time too.
  const payloads = Object.entries(WORST_UNITS).map(([shape, unit]) => ({
    shape,
    asTemplate: largest(unit, templateFits),
    asHtml: largest(unit, htmlToPdfFits),
  }));
  // Images the sanitizer drops, after a long text: sanitize-html removed each by cutting back the output
  // built so far (17,000 of them after 800 KB took 11 s), so the guard cuts them first. Through
  // html-to-pdf there is no text: what is kept is printed, and printing is the PDF queue's to bound.
  payloads.push({
    shape: 'images without a source after a long text',
    asTemplate: `<p>${'lorem ipsum '.repeat(45_000)}</p>${'<img>'.repeat(90_000)}`,
    asHtml: '<img>'.repeat(90_000),
  });
  const styledRuns = largest(STYLED_RUNS, templateFits);
  let manyFields: () => Promise<Response> = () => Promise.reject(new Error('not ready'));
  const realShaped = realShapedHtml(TEMPLATE_LIMITS.contentMaxBytes - 1024) as string;

  beforeAll(async () => {
    // The server runs in a process of its own, so that only its own work (and its own garbage
    // collection) is measured. One HTML thread, as on a two-core server; the probes are far more than a
    // minute's API budget.
    const env = { HTML_WORKERS: '1', RATE_LIMIT_PER_MINUTE: '100000' };
    server = spawn(
      process.execPath,
      [
        ...(process.env.PROOF_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROOF_CPU_PROF] : []),
        '--conditions=source',
        '--import',
        'tsx',
        SERVE_TEST_APP,
        JSON.stringify(env),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const [line] = await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line');
    ({ url: t.url, owner, formId, templateId } = JSON.parse(line as string));
    // The first task starts the worker thread: started before the clock runs, as a server that has
    // served a template before would have it.
    await timed(json('PUT', `/forms/${formId}/templates/${templateId}`, { content: '<p>warm</p>' }));
    // Likewise the first PDF loads the browser library and starts Chromium: loading playwright-core holds
    // the main thread about 0.7 s once per process (PDF_WARM_START=true moves that to start-up).
    await timed(htmlToPdf('<p>warm</p>'));
    // And one body of each route at the largest size, refused before any HTML work: the first megabytes a
    // process parses compile and grow its parsers' paths (CI once saw the first shape's html-to-pdf take
    // 1,084 ms and the same shapes later 300-400 ms). A server that has served for a minute is past this.
    const overLimit = 'x'.repeat(HTML_LIMITS.htmlToPdfMaxChars + 1);
    await timed(htmlToPdf(overLimit));
    await timed(
      json('PUT', `/forms/${formId}/templates/${templateId}`, { content: overLimit.slice(0, 1_100_000) }),
    );
    const names = Array.from({ length: 500_000 }, (_, i) => `k${i}`).join('&');
    const fieldsBody = `html=%3Cp%3Ex%3C%2Fp%3E&fileName=x&formId=${formId}&${names}`;
    manyFields = () =>
      fetch(`${t.url}/api/v1/forms/html-to-pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: fieldsBody,
      });
    probe = startProbe(`${t.url}/api/v1/health/live`);
    await probe.ready;
  }, 60_000);
  afterAll(async () => {
    server?.kill('SIGTERM');
    if (server) await once(server, 'exit');
  });

  for (const { shape, asTemplate, asHtml } of payloads) {
    it(`${shape}: every HTML route answers within 1 s with a clear 4xx or the stored result`, async () => {
      const requests = [
        json('POST', `/forms/${formId}/templates`, {
          name: 'Worst',
          googleDocsUrl: 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit',
          content: asTemplate,
        }),
        json('PUT', `/forms/${formId}/templates/${templateId}`, { content: asTemplate }),
        htmlToPdf(asHtml),
      ];
      const routes = ['POST template', 'PUT template', 'html-to-pdf'];
      const answers = [];
      for (const [index, send] of requests.entries())
        answers.push(await timedWithinBudget(`${shape} to ${routes[index]}`, send));
      console.info(
        `${shape}: ${answers.map((answer, index) => `${routes[index]} ${answer.status} in ${Math.round(answer.ms)} ms`).join(', ')}`,
      );
      for (const [index, answer] of answers.entries()) {
        const route = routes[index];
        expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
        expect(answer.ms, `${shape} to ${route} took ${Math.round(answer.ms)} ms`).toBeLessThan(
          ROUTE_BUDGET_MS,
        );
      }
    });
  }

  it('html-to-pdf: a body of half a million field names is answered within 1 s', async () => {
    const answer = await timed(manyFields);
    expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
    expect(answer.ms).toBeLessThan(ROUTE_BUDGET_MS);
  });

  it('the most styled runs a template may hold are stored, styles filtered, within 1 s', async () => {
    const send = json('PUT', `/forms/${formId}/templates/${templateId}`, { content: styledRuns });
    const answer = await timed(send);
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(answer.body).data.content).not.toContain('99999in');
    expect(answer.ms).toBeLessThan(ROUTE_BUDGET_MS);
  });

  it('a 1 MB document shaped like a Docs export is stored, within 1 s', async () => {
    const send = json('PUT', `/forms/${formId}/templates/${templateId}`, { content: realShaped });
    const answer = await timed(send);
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(answer.ms).toBeLessThan(ROUTE_BUDGET_MS);
  });

  it('kept /health/live answering within 100 ms the whole time (99th percentile; none over 1 s)', async () => {
    healthLatencies = (await probe?.stop()) ?? [];
    expect(
      healthLatencies.filter((ms) => ms < 0),
      'failed probes',
    ).toEqual([]);
    expect(healthLatencies.length).toBeGreaterThanOrEqual(MIN_PROBES);
    const sorted = [...healthLatencies].sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1] as number;
    const slowest = sorted[sorted.length - 1] as number;
    const summary = `${sorted.length} probes: p99 ${Math.round(p99)} ms, slowest ${Math.round(slowest)} ms`;
    console.info(`/health/live during the proof: ${summary}`);
    expect(p99, summary).toBeLessThan(HEALTH_BUDGET_MS);
    expect(slowest, summary).toBeLessThan(HEALTH_WORST_MS);
  });
});
