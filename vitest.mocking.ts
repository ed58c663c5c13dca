import fs from 'node:fs';
import path from 'node:path';

/**
 * Vitest calls that replace a module, a global, the environment or the clock. Where test files share one
 * module graph per worker (`isolate: false`), what they replace stays replaced for the files after them:
 * the server's and the emulator's tests must not make them (apps/server/src/test/module-isolation.test.ts),
 * and the web app's files that do run isolated (apps/web/vitest.shared.ts).
 */
export const REPLACES_MODULES_OR_GLOBALS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

/** Every file under `dir` (recursively) whose name matches `name`. */
export function filesUnder(dir: string, name: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, name);
    return name.test(entry.name) ? [full] : [];
  });
}
