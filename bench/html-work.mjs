// HTML work per MB (issue 20): sanitize time of a template shaped like a Docs export, and of each worst
// shape at the largest size a template may be, through the server's own task (the guard, then the
// sanitizer) on this thread. The floor in the same run is sanitize-html keeping everything (no allowlist,
// no style parsing): the cost of parsing and writing the document back, which no sanitizer on this parser
// can go under.
// Run `npm run build` first. Usage: node bench/html-work.mjs [--runs 5]
import { createRequire } from 'node:module';
import { realShapedHtml } from './support/real-shaped-html.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const sanitizeHtml = require('sanitize-html');
const { htmlTasks } = await import('../apps/server/dist/html-work/html-tasks.js');

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const MB = 1024 * 1024;

const shapes = {
  'real-shaped (Docs export)': realShapedHtml(MB - 1024),
  'unclosed <b>': '<b>'.repeat(Math.floor(MB / 3)),
  '< flood': '<'.repeat(MB),
  '<!-- flood': '<!--'.repeat(MB / 4),
  '<img src= flood': '<img src='.repeat(Math.floor(MB / 9)),
  'deep <div>': '<div>'.repeat(MB / 5),
  'tiny elements <b></b>': '<b></b>'.repeat(Math.floor(MB / 7)),
  'styled runs': '<span style="color:red;padding-top:99999in">x</span>'.repeat(Math.floor(MB / 52)),
  'dropped images after text': `<p>${'lorem ipsum '.repeat(45_000)}</p>${'<img>'.repeat(90_000)}`,
};

const FLOOR_OPTIONS = { allowedTags: false, allowedAttributes: false, parseStyleAttributes: false };

function timeOf(work) {
  const times = [];
  let outcome;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      outcome = `${work().length} chars kept`;
    } catch (error) {
      outcome = error.reason ? `refused: ${error.reason}` : `error: ${error.message}`;
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { min: times[0], median: times[Math.floor(times.length / 2)], max: times.at(-1), outcome };
}

const rows = [];
const floor = timeOf(() => sanitizeHtml(shapes['real-shaped (Docs export)'], FLOOR_OPTIONS));
rows.push({ shape: 'floor: real-shaped, sanitize-html keeping everything', ...floor, mb: MB });
for (const [shape, html] of Object.entries(shapes)) {
  rows.push({ shape, ...timeOf(() => htmlTasks.sanitizeTemplate(html)), mb: Buffer.byteLength(html) });
}
console.log(`runs: ${runs}; ms per MB (min / median / max), then what came out`);
for (const row of rows) {
  const perMb = (ms) => ((ms * MB) / row.mb).toFixed(0);
  console.log(
    `${row.shape.padEnd(58)} ${perMb(row.min).padStart(6)} ${perMb(row.median).padStart(6)} ${perMb(row.max).padStart(6)}  ${row.outcome}`,
  );
}
