// After `vite build`: renders each public page to HTML with React's static renderer and writes
// dist/marketing/<page>.html (the markup inside #root, the page's head tags, preloads of its own chunks),
// checks that no chunk of the public pages holds dashboard code, and precompresses the assets (brotli and
// gzip) for the server to send as they are. See decision 0018.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defaultServerConditions } from 'vite';
import { entryChunks, forbiddenModules } from './marketing-chunks.mjs';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const ssrOut = path.join(webRoot, 'dist-ssr');
const MARKETING_ENTRY = 'marketing.html';

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Builds the server half of the marketing app (entry-server.tsx) for Node. */
async function buildServerEntry() {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      conditions: ['source', ...defaultServerConditions],
      alias: { '@': path.join(webRoot, 'src') },
    },
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    build: {
      ssr: path.join(webRoot, 'src/marketing/app/entry-server.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      minify: false,
    },
  });
  const entry = fs.readdirSync(ssrOut).find((file) => /^entry-server\.m?js$/.test(file));
  if (!entry) throw new Error(`the server build wrote no entry-server.js into ${ssrOut}`);
  return import(path.join(ssrOut, entry));
}

/** `<link>`s for the chunks (and their styles) a page's module needs that the entry does not load already. */
function pagePreloads(manifest, pageKey, alreadyLoaded) {
  const { first } = entryChunks(manifest, pageKey);
  const files = first.filter((file) => !alreadyLoaded.has(file));
  const css = new Set();
  for (const [, chunk] of Object.entries(manifest)) {
    if (files.includes(chunk.file)) for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return [
    ...[...css]
      .filter((sheet) => !alreadyLoaded.has(sheet))
      .map((sheet) => `<link rel="stylesheet" href="/${sheet}" />`),
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
}

/** The pages whose first load must stay light; /chat-support brings its chat client (query cache, dialog). */
const LIGHT_PAGES = ['home', 'pricing', 'contact', 'assistant-chat'].map(
  (name) => `src/marketing/app/route-pages/${name}.tsx`,
);

function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file) => {
    const css = fs.readFileSync(path.join(dist, file), 'utf8').replaceAll('</style', '<\\/style');
    return `<style>${css}</style>`;
  });
}

function checkChunks(manifest) {
  const chunkModules = readJson(path.join(dist, '.vite/marketing-chunk-modules.json'));
  const problems = forbiddenModules(manifest, chunkModules, MARKETING_ENTRY, LIGHT_PAGES);
  if (problems.length > 0) {
    const lines = problems.map(
      (p) => `  ${p.chunk}${p.firstLoad ? ' (first load)' : ''}: ${p.module} (${p.rule})`,
    );
    throw new Error(`the public pages' chunks hold code they must not load:\n${lines.join('\n')}`);
  }
}

function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|txt)$/.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < 1024) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

async function main() {
  const manifest = readJson(path.join(dist, '.vite/marketing-manifest.json'));
  checkChunks(manifest);

  const templateFile = path.join(dist, MARKETING_ENTRY);
  // The pages' one stylesheet goes inline: no render-blocking request before the first paint.
  const template = inlineStylesheets(fs.readFileSync(templateFile, 'utf8'));
  const { first: entryFiles } = entryChunks(manifest, MARKETING_ENTRY);
  const alreadyLoaded = new Set([...entryFiles, ...(manifest[MARKETING_ENTRY].css ?? [])]);

  const server = await buildServerEntry();
  const outDir = path.join(dist, 'marketing');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const pages = [];
  for (const route of server.MARKETING_ROUTES) {
    const { html, head } = await server.renderPage(route);
    const pageKey = Object.keys(manifest).find(
      (key) => manifest[key].src && route.module === manifest[key].src,
    );
    const preloads = pageKey ? pagePreloads(manifest, pageKey, alreadyLoaded) : [];
    const page = template
      .replace('<!--marketing-head-->', [head, ...preloads].join('\n    '))
      .replace('<!--marketing-app-->', () => html);
    if (page.includes('<!--marketing-')) throw new Error(`${route.path}: a placeholder was left in the page`);
    // The Content-Security-Policy allows no inline script: React must not have needed one.
    if (/<script(?![^>]*\bsrc=)[^>]*>/.test(page) || page.includes('<template')) {
      throw new Error(
        `${route.path}: the prerendered page has an inline script or a template (a boundary left unfinished)`,
      );
    }
    fs.writeFileSync(path.join(outDir, route.file), page);
    pages.push({ path: route.path, file: route.file });
    console.log(`prerendered ${route.path} -> marketing/${route.file} (${page.length} bytes)`);
  }
  fs.writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  // The template without a page is no page: only the prerendered files are served.
  fs.rmSync(templateFile);
  fs.rmSync(ssrOut, { recursive: true, force: true });

  precompress(dist);

  const gzipped = entryFiles.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length,
    0,
  );
  console.log(
    `the public pages' entry: ${entryFiles.length} scripts, ${(gzipped / 1024).toFixed(1)} KiB gzipped`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
