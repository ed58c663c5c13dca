import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, REPLACES_MODULES_OR_GLOBALS } from '../../../../vitest.mocking.js';

/** The projects whose vitest.config.ts says `isolate: false`: their sources, from the repository root. */
const SHARED_MODULE_GRAPHS = ['apps/server/src', 'packages/google-emulator/src'];

describe('tests that share one module graph per worker (isolate: false in their vitest.config.ts)', () => {
  it('mock or stub no module, global or environment through Vitest: it would leak into later files', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const offending = SHARED_MODULE_GRAPHS.flatMap((dir) => filesUnder(path.join(root, dir), /\.ts$/))
      .filter((file) => file !== import.meta.filename)
      .filter((file) => REPLACES_MODULES_OR_GLOBALS.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offending).toEqual([]);
    for (const dir of SHARED_MODULE_GRAPHS) {
      const config = fs.readFileSync(path.join(root, dir, '..', 'vitest.config.ts'), 'utf8');
      expect(config, dir).toMatch(/isolate: false/);
    }
  });
});
