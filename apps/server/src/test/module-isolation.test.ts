import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file under `dir` whose name ends in `.ts`. */
function typescriptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typescriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe("the server's tests share one module graph per worker (vitest.config.ts, isolate: false)", () => {
  it('so no file mocks or stubs a module, a global or the environment through Vitest', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const offending = typescriptFiles(src)
      .filter((file) => file !== import.meta.filename)
      .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offending).toEqual([]);
  });
});
