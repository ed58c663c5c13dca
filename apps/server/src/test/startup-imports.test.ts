import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What a server loads when it starts, whatever its configuration: the modules main.ts reaches through
// static imports (a dynamic `import()` and a worker thread's entry load later, where they are needed).
// A server in Google mode on SQLite must not keep the emulator, the PostgreSQL driver or the HTML parser and
// sanitizer in its memory for nothing (decision 0039): they load where they are used.

const serverSources = path.resolve(import.meta.dirname, '..');

/** The value imports of a source file (type-only imports, erased by the compiler, left out). */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s)?([^;]*?)\s*from\s+'([^']+)'/gm)) {
    const [, typeOnly, clause = '', specifier = ''] = match;
    // `import { type A, type B } from` is erased too; `import { type A, B }` is not.
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(',')
      .map((name) => name.trim());
    const allTypes = names?.filter(Boolean).every((name) => name.startsWith('type ')) ?? false;
    if (!typeOnly && !allTypes) specifiers.push(specifier);
  }
  for (const match of text.matchAll(/^import\s+'([^']+)';/gm)) specifiers.push(match[1] ?? '');
  return specifiers;
}

/** Every package main.ts reaches through static imports of the server's own files. */
function packagesLoadedAtStart(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.'))
        visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(path.join(serverSources, 'main.ts'));
  return packages;
}

describe('what a server loads when it starts', () => {
  const loaded = packagesLoadedAtStart();

  it('reaches the database, HTTP and validation packages (the walk follows the imports)', () => {
    for (const name of ['fastify', 'kysely', 'better-sqlite3', 'zod', '@sheetforms/contract']) {
      expect(loaded, name).toContain(name);
    }
  });

  it('is not the emulator, the PostgreSQL driver, or the HTML parser and sanitizer', () => {
    for (const name of ['@sheetforms/google-emulator', 'pg', 'sanitize-html', 'htmlparser2']) {
      expect(loaded, name).not.toContain(name);
    }
  });

  it('names the demo titles from a module of their own, which imports nothing', () => {
    expect(loaded).toContain('@sheetforms/google-emulator/demo-titles');
    const titles = path.resolve(serverSources, '../../../packages/google-emulator/src/seed/demo-titles.ts');
    expect(staticImports(titles)).toEqual([]);
  });
});
