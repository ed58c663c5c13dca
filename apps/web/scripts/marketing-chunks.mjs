// The proof that the public pages load no dashboard code: walks the chunk graph of the marketing entry in
// Vite's manifest (static imports: the first load; dynamic imports: pages and parts loaded later) and
// fails when a chunk holds a module that belongs to the dashboard. Run by scripts/prerender.mjs after
// every build; the rules are tested in src/marketing/app/marketing-chunks.test.ts.

/** Modules no chunk of the public pages may hold, whenever it loads. */
export const NEVER = [
  { name: 'the dashboard app shell', test: /^src\/app\// },
  {
    name: 'a dashboard feature',
    test: /^src\/features\/(dashboard|forms-list|form-editor|form-generator|form-templates|responses|admin-chat)\//,
  },
  {
    name: 'the dashboard session (auth provider, guard, hooks)',
    test: /^src\/features\/auth\/(api|components|hooks)\//,
  },
  { name: "the dashboard's API client", test: /^src\/lib\/(api-client|session-refresh)\.ts$/ },
  { name: 'the data table', test: /^src\/components\/ui\/data-table/ },
  { name: 'drag and drop', test: /node_modules\/@dnd-kit\// },
  { name: 'the signature pad', test: /node_modules\/signature_pad\// },
  { name: 'the public form', test: /^src\/public-form\// },
];

/**
 * Modules the first load of a public page may not hold (a page that needs them loads them itself). zod is
 * allowed: Home, /chat and /contact check the questions feed and the contact form with the contract's
 * schemas (docs/performance.md has its weight).
 */
export const NOT_ON_FIRST_LOAD = [
  { name: 'axios', test: /node_modules\/axios\// },
  { name: 'TanStack Query', test: /node_modules\/@tanstack\// },
  { name: 'react-toastify', test: /node_modules\/react-toastify\// },
  { name: 'Radix UI', test: /node_modules\/(@radix-ui|radix-ui)\// },
];

/**
 * The chunks an entry loads: `first` (the entry and its static imports, transitively) and `later` (every
 * chunk reachable through dynamic imports that is not already in `first`).
 * @param {Record<string, {file: string, imports?: string[], dynamicImports?: string[]}>} manifest
 * @param {string} entryKey
 */
export function entryChunks(manifest, entryKey) {
  if (!manifest[entryKey]) throw new Error(`the manifest has no entry ${entryKey}`);
  const first = new Set();
  const staticWalk = (key) => {
    if (first.has(key)) return;
    first.add(key);
    for (const next of manifest[key]?.imports ?? []) staticWalk(next);
  };
  staticWalk(entryKey);
  const all = new Set();
  const walk = (key) => {
    if (all.has(key)) return;
    all.add(key);
    const chunk = manifest[key];
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) walk(next);
  };
  walk(entryKey);
  const toFiles = (keys) => [...keys].map((key) => manifest[key]?.file).filter(Boolean);
  return { first: toFiles(first), later: toFiles([...all].filter((key) => !first.has(key))) };
}

/**
 * Every rule broken by the entry's chunks: `{ chunk, module, rule, firstLoad }`. A light page's module
 * (`lightPageKeys`: the page's chunks load with it, preloaded) counts as first load too.
 * @param {Record<string, {file: string, imports?: string[], dynamicImports?: string[]}>} manifest
 * @param {Record<string, string[]>} chunkModules chunk file → source modules (paths relative to apps/web)
 * @param {string} entryKey
 * @param {string[]} [lightPageKeys]
 */
export function forbiddenModules(manifest, chunkModules, entryKey, lightPageKeys = []) {
  const entry = entryChunks(manifest, entryKey);
  const first = new Set(entry.first);
  for (const key of lightPageKeys) for (const file of entryChunks(manifest, key).first) first.add(file);
  const later = entry.later.filter((file) => !first.has(file));
  const problems = [];
  const check = (file, rules, firstLoad) => {
    for (const module of chunkModules[file] ?? []) {
      for (const rule of rules) {
        if (rule.test.test(module)) problems.push({ chunk: file, module, rule: rule.name, firstLoad });
      }
    }
  };
  for (const file of first) check(file, [...NEVER, ...NOT_ON_FIRST_LOAD], true);
  for (const file of later) check(file, NEVER, false);
  return problems;
}
