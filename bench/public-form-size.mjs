#!/usr/bin/env node
// Benchmark: how big and how fast the public form (/form/{formId}) is, against the SPA home page.
//
//   npm run build                                  # this script builds nothing itself
//   node bench/public-form-size.mjs [--runs 20]
//
// 1. Size: starts the server, fetches the server-rendered /form/{id} and counts what the page loads before
//    anyone acts on it (entry script, modulepreloads, stylesheets, inline styles), what its first action
//    loads (React and the form's code, to hydrate: the entry's dynamic imports) and what loads later still
//    (signature_pad), raw and gzip (node:zlib, level 9); the SPA's index.html is the baseline.
// 2. Load time: starts the production server (apps/server/dist/main.js, local mode, temporary DATA_DIR,
//    free port), creates a form through the API, then loads /form/{id} --runs times with a cold cache
//    (a new browser context each time) in Debian's Chromium through playwright-core, and reports the
//    median and p95 of the time from navigation start to the first field being visible. The SPA home
//    page '/' (time to its h1 being visible) is measured in the same run as the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { percentile, signIn, startServer } from './support/local-server.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(args.runs);
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');

// ---------------------------------------------------------------------------------------------- sizes
function sizeOfText(asset, text) {
  const bytes = Buffer.from(text);
  return { asset, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

function sizeOf(asset) {
  return sizeOfText(asset, fs.readFileSync(path.join(dist, asset)));
}

/** JS and CSS a page references (entry script, modulepreloads, stylesheets) and its inline styles. */
function firstLoadOf(html) {
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(refs)].map(sizeOf);
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m, i) =>
    sizeOfText(`(inline style ${i + 1})`, m[1]),
  );
  return [...files, ...inline];
}

/** Chunks the given JS imports dynamically (Vite's dependency map and import() calls), not yet seen. */
function lazyChunksOf(assets, seen) {
  const lazy = new Set();
  for (const asset of assets.filter((a) => a.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dist, asset), 'utf8');
    for (const m of code.matchAll(
      /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)|["'`](assets\/[^"'`]+\.js)["'`]/g,
    )) {
      const ref = `/assets/${path.basename(m[1] ?? m[2])}`;
      if (!seen.has(ref)) lazy.add(ref);
    }
  }
  return [...lazy];
}

const total = (files, ext) =>
  files
    .filter((f) =>
      ext === '.css' ? f.asset.endsWith('.css') || f.asset.startsWith('(inline') : f.asset.endsWith(ext),
    )
    .reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

if (
  !fs.existsSync(path.join(dist, 'form.html')) ||
  !fs.existsSync(path.join(dist, 'server/public-form.mjs'))
) {
  console.error(
    'apps/web/dist/form.html or dist/server/public-form.mjs is missing: run `npm run build` first.',
  );
  process.exit(1);
}

// ------------------------------------------------------------------------------------------ load time
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-form-'));
// The production server, serving the built web app too (the support module turns that off by default).
const server = await startServer({ dataDir, env: { SERVE_WEB: 'true' } });
const { base } = server;

let browser;
try {
  const token = await signIn(base);
  const formId = await createForm(token);

  // What /form/{id} sends (the server renders it), what the first action on it loads, and the signature.
  const pageHtml = await (await fetch(`${base}/form/${formId}`)).text();
  const first = firstLoadOf(pageHtml);
  const seen = new Set(first.map((f) => f.asset));
  const onAction = lazyChunksOf([...seen], seen).map(sizeOf);
  for (const f of onAction) seen.add(f.asset);
  const later = lazyChunksOf(
    onAction.map((f) => f.asset),
    seen,
  ).map(sizeOf);
  const spa = firstLoadOf(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const doc = sizeOfText('/form/{id} HTML', pageHtml);

  console.log('\n## First load (what the page downloads before anyone acts on it), gzip level 9\n');
  console.log('| Page | JS raw | JS gzip | CSS raw | CSS gzip | JS + CSS gzip |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, files] of [
    ['Public form /form/{id}, server-rendered', first],
    ['After the first action: + React and the form (hydration)', onAction],
    ['SPA (index.html)', spa],
  ]) {
    const js = total(files, '.js');
    const css = total(files, '.css');
    console.log(
      `| ${name} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(css.raw)} | ${kb(css.gzip)} | ${kb(js.gzip + css.gzip)} |`,
    );
  }
  console.log(
    `\nThe HTML document itself: ${kb(doc.raw)} raw, ${kb(doc.gzip)} gzip (the stylesheet inline).`,
  );
  for (const f of first) console.log(`  first load   ${f.asset}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  for (const f of onAction) console.log(`  first action ${f.asset}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  for (const f of later) console.log(`  (lazy)       ${f.asset}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);

  const dashboardMarkers = ['Manage Forms', 'An AI powered spreadsheet assistant', 'Form Configuration'];
  const leaks = [...first, ...onAction, ...later]
    .filter((f) => f.asset.endsWith('.js'))
    .flatMap((f) => {
      const code = fs.readFileSync(path.join(dist, f.asset), 'utf8');
      return dashboardMarkers
        .filter((marker) => code.includes(marker))
        .map((marker) => `${f.asset}: ${marker}`);
    });
  console.log(
    leaks.length
      ? `\nDashboard code in the form bundle: ${leaks.join(', ')}`
      : '\nNo dashboard or marketing strings in the form bundle.',
  );

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  const cases = [
    {
      name: `Public form /form/{id}: first field visible`,
      url: `${base}/form/${formId}`,
      selector: '#field-0',
    },
    { name: `SPA home /: h1 visible (baseline)`, url: `${base}/`, selector: 'h1' },
  ];
  for (const c of cases) {
    c.visible = [];
    c.fcp = [];
  }
  // One unmeasured load each warms the server (file system cache, JIT), not the browser.
  for (const c of cases) await measure(c);
  for (let i = 0; i < RUNS; i++) {
    for (const c of cases) {
      const { visible, fcp } = await measure(c);
      c.visible.push(visible);
      if (fcp !== null) c.fcp.push(fcp);
    }
  }

  console.log(`\n## Load time, ${RUNS} cold loads each (new browser context per load), alternating\n`);
  console.log(
    `node ${process.version}, Chromium ${browser.version()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}\n`,
  );
  console.log('| Page | Median (ms) | p95 (ms) | FCP median (ms) |');
  console.log('|---|---|---|---|');
  for (const c of cases) {
    console.log(
      `| ${c.name} | ${percentile(c.visible, 50).toFixed(0)} | ${percentile(c.visible, 95).toFixed(0)} | ${c.fcp.length ? percentile(c.fcp, 50).toFixed(0) : '-'} |`,
    );
  }
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Loads a page in a fresh context; answers ms from navigation start until `selector` is visible. */
async function measure(c) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Checked every animation frame, from before the page's own scripts run.
    await page.addInitScript((selector) => {
      const check = () => {
        const el = document.querySelector(selector);
        if (el) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) {
            window.__visibleAt = performance.now();
            return;
          }
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, c.selector);
    await page.goto(c.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof window.__visibleAt === 'number', null, { timeout: 30_000 });
    return await page.evaluate(() => ({
      visible: window.__visibleAt,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
  } finally {
    await context.close();
  }
}

async function createForm(token) {
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
