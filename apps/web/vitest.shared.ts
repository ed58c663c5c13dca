import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { filesUnder, REPLACES_MODULES_OR_GLOBALS } from '../../vitest.mocking';

/**
 * The web app's tests run as two Vitest projects (decision 0033):
 * - `web` shares one module graph and one DOM environment per worker (`isolate: false`), as the server's
 *   tests do: every file importing React, Radix and the app again, in a fresh process with a fresh jsdom,
 *   was most of this project's time.
 * - `web-isolated` keeps Vitest's default for the files that replace modules or globals through Vitest
 *   (`vi.mock`, `vi.stubGlobal`, fake timers, ...), directly or through a test helper: in a shared graph
 *   the replacement would leak into the files after them.
 * Which file goes where is read from the files themselves, so a new test that mocks lands in the isolated
 * project without anyone listing it.
 */

const WEB = fileURLToPath(new URL('.', import.meta.url));
const SRC = path.join(WEB, 'src');
const TEST_FILE = /\.test\.tsx?$/;
/** A test file's relative imports, to follow into its helpers (`../testing/feed` stubs fetch). */
const RELATIVE_IMPORT = /from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file an import specifier names, trying the extensions the app's imports leave out. */
function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** Whether a test file, or a non-test helper it imports (one level: helpers here import no helpers), mocks. */
function replacesModulesOrGlobals(testFile: string): boolean {
  const text = fs.readFileSync(testFile, 'utf8');
  if (REPLACES_MODULES_OR_GLOBALS.test(text)) return true;
  return [...text.matchAll(RELATIVE_IMPORT)].some((match) => {
    const helper = resolveImport(testFile, match[1] as string);
    return (
      helper !== undefined &&
      !TEST_FILE.test(helper) &&
      REPLACES_MODULES_OR_GLOBALS.test(fs.readFileSync(helper, 'utf8'))
    );
  });
}

/** The web app's test files that must run isolated, relative to this directory (Vitest's include form). */
export function isolatedTestFiles(): string[] {
  return filesUnder(SRC, TEST_FILE)
    .filter(replacesModulesOrGlobals)
    .map((file) => path.relative(path.dirname(SRC), file).split(path.sep).join('/'));
}

/** One of the two projects: `isolated` takes the files above, the other every other test file. */
function webTestProject(isolated: boolean, isolatedFiles: string[]): UserWorkspaceConfig {
  return defineProject({
    // Paths below are this directory's, from whichever config lists the projects.
    root: WEB,
    plugins: [react()],
    resolve: {
      conditions: ['source'],
      alias: { '@': SRC },
    },
    test: {
      name: isolated ? 'web-isolated' : 'web',
      // jsdom by default. A file that needs no DOM starts with `// @vitest-environment node`: a jsdom
      // environment costs over a second per file on 2 cores in the isolated project.
      environment: 'jsdom',
      include: isolated ? isolatedFiles : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : isolatedFiles,
      isolate: isolated,
      // Vitest globals are off, so Testing Library cannot register its own cleanup; the setup file does it
      // (and empties storage) after every test, which a shared DOM needs as much as a fresh one.
      setupFiles: ['./src/testing/setup.ts'],
    },
  });
}

/**
 * Both projects, for the repository's root config and for this directory's (`npx vitest run` here runs
 * every web test, as it did before the split).
 */
export function webTestProjects(): UserWorkspaceConfig[] {
  const isolatedFiles = isolatedTestFiles();
  return [webTestProject(false, isolatedFiles), webTestProject(true, isolatedFiles)];
}
