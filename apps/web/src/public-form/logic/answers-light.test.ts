// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const contractSource = new URL('../../../../../packages/contract/src/', import.meta.url);

/** The modules a contract module loads at run time (type-only imports are erased), transitively. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(fileURLToPath(new URL(file, contractSource)), 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    const target = match[1] ?? '';
    if (target.startsWith('./')) runtimeImports(target.slice(2).replace(/\.js$/, '.ts'), seen);
    else seen.add(target);
  }
  return seen;
}

describe("the contract's answers entry the public form imports", () => {
  it('loads no zod, so checking answers in the browser keeps the respondent bundle light', () => {
    const modules = runtimeImports('answers.ts');
    expect([...modules]).toEqual(expect.arrayContaining(['answers.ts', 'answer-rules.ts', 'field-kinds.ts']));
    expect([...modules].filter((module) => !module.endsWith('.ts'))).toEqual([]);
  });

  it('is what the public form imports values from (never the main entry, which carries every schema)', () => {
    // The main entry may still be imported for types; values come through '@sheetforms/contract/answers'.
    const root = fileURLToPath(new URL('../', import.meta.url));
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(sources).toContain('logic/answers.ts');
    for (const file of sources) {
      const source = readFileSync(`${root}/${file}`, 'utf8');
      expect({
        file,
        valueImport: /^import\s+\{[^}]*\}\s+from\s+'@sheetforms\/contract'/m.test(source),
      }).toEqual({
        file,
        valueImport: false,
      });
    }
  });
});
