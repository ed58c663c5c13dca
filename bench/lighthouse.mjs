#!/usr/bin/env node
// Benchmark: Lighthouse on the public pages (/, /pricing, /contact) of the production build.
//
//   npm run build                       # this script builds nothing itself
//   node bench/lighthouse.mjs [--runs 1] [--json report-dir] [--form]
//
// Starts the production server (apps/server/dist/main.js, local mode, a temporary DATA_DIR, a free port,
// serving the web build), then runs Lighthouse (the npm package) in Debian's Chromium (CHROME_PATH, by
// default /usr/bin/chromium, headless) with its default mobile preset (Moto G Power viewport, simulated
// slow 4G and 4x CPU slowdown) on each page, and prints the four category scores per page and the home
// page's first-load JavaScript (the transfer size of every script the report lists). With --runs N
// each page is audited N times and the median score is printed. It exits non-zero only on errors, not
// on low scores: the figures go to docs/performance.md. With --form it audits a public form instead
// (/form/{id}, server-rendered, a 5-field form without signature created through the API) and prints its
// first contentful paint and what its first load transferred (scripts and stylesheets).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { percentile, signIn, startServer } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, json: { type: 'string' }, form: { type: 'boolean' } },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
let PAGES = ['/', '/pricing', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-lighthouse-'));
const server = await startServer({ dataDir, env: { SERVE_WEB: 'true' }, stdio: 'ignore' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

try {
  if (args.form) PAGES = [`/form/${await createForm(server.base)}`];
  const rows = [];
  const formLoads = [];
  let homeScripts;
  for (const page of PAGES) {
    const scores = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${server.base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const category of CATEGORIES)
        scores[category].push(Math.round(lhr.categories[category].score * 100));
      if (args.json) {
        fs.mkdirSync(args.json, { recursive: true });
        const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
        fs.writeFileSync(path.join(args.json, `${name}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
      }
      // What kept a score below 100, for the record.
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      if (failing.length > 0) console.log(`  ${page} run ${run + 1}: below 0.9: ${failing.join(', ')}`);
      if (args.form) {
        const items = lhr.audits['network-requests']?.details?.items ?? [];
        const of = (type) => items.filter((item) => item.resourceType === type);
        const bytes = (list) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        formLoads.push({
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue,
          scripts: of('Script').length,
          scriptBytes: bytes(of('Script')),
          styleBytes: bytes(of('Stylesheet')),
          documentBytes: bytes(of('Document')),
        });
      }
      if (page === '/' && run === 0) {
        const items = lhr.audits['network-requests']?.details?.items ?? [];
        const scripts = items.filter((item) => item.resourceType === 'Script');
        homeScripts = {
          count: scripts.length,
          transferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          resourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue,
        };
      }
    }
    rows.push({ page, ...Object.fromEntries(CATEGORIES.map((c) => [c, percentile(scores[c], 50)])) });
  }

  console.log(`\nLighthouse ${lighthouse.version ?? ''} (mobile preset), median of ${RUNS} run(s) per page`);
  console.log('| Page | Performance | Accessibility | Best practices | SEO |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} |`,
    );
  }
  if (homeScripts) {
    console.log(
      `\nHome page first-load JavaScript: ${homeScripts.count} scripts, ` +
        `${(homeScripts.transferBytes / 1024).toFixed(1)} KiB transferred ` +
        `(${(homeScripts.resourceBytes / 1024).toFixed(1)} KiB uncompressed); ` +
        `LCP ${Math.round(homeScripts.lcpMs)} ms, TBT ${Math.round(homeScripts.tbtMs)} ms, CLS ${homeScripts.cls?.toFixed(3)}`,
    );
  }
  for (const [index, load] of formLoads.entries()) {
    console.log(
      `\nForm run ${index + 1}: FCP ${Math.round(load.fcpMs)} ms, LCP ${Math.round(load.lcpMs)} ms, ` +
        `TBT ${Math.round(load.tbtMs)} ms, CLS ${load.cls?.toFixed(3)}; transferred: document ` +
        `${(load.documentBytes / 1024).toFixed(1)} KiB (stylesheet inline), ${load.scripts} scripts ` +
        `${(load.scriptBytes / 1024).toFixed(1)} KiB, stylesheets ${(load.styleBytes / 1024).toFixed(1)} KiB`,
    );
  }
  if (formLoads.length > 0) {
    console.log(
      `FCP median: ${Math.round(
        percentile(
          formLoads.map((l) => l.fcpMs),
          50,
        ),
      )} ms`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A 5-field form without signature, login or GDPR banner, as bench/public-form-size.mjs makes it. */
async function createForm(base) {
  const token = await signIn(base);
  const res = await fetch(`${base}/api/v1/forms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Event Registration',
      description: 'Register for the spring meetup.',
      settings: { loginRequired: 0 },
      jdata: [
        { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
        { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
        { label: 'Guests', type: 'number', required: false, placeHolder: '' },
        { label: 'Arrival', type: 'date', required: false, placeHolder: '' },
        { label: 'Notes', type: 'textarea', required: false, placeHolder: '' },
      ],
    }),
  });
  if (res.status !== 201) throw new Error(`create form failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.formId;
}
