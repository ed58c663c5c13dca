import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../../vitest.mocking.js';

// A server in Google mode never serves the emulator, so it must not load it: the package's index pulls in
// about a hundred modules (its routes, its formula engine, an HTML parser) that would sit in every
// production server's memory (decision 0039). Only local mode imports it, when it starts.
describe("the server's own sources (tests aside)", () => {
  const serverSources = path.resolve(import.meta.dirname, '..');
  // Tests, proofs and their support (test apps talk to an emulator of their own) aside.
  const sources = filesUnder(serverSources, /\.ts$/).filter(
    (file) =>
      !/\.(test|proof|test-support)\.ts$/.test(file) &&
      !path.relative(serverSources, file).startsWith(`test${path.sep}`),
  );
  const staticImport = /^\s*(?:import|export)\s[^;]*?from\s+'@sheetforms\/google-emulator'/m;
  const dynamicImport = /import\(\s*'@sheetforms\/google-emulator'\s*\)/;

  it('import the emulator package only dynamically, from local mode alone', () => {
    const importing = sources.filter(
      (file) =>
        staticImport.test(fs.readFileSync(file, 'utf8')) || dynamicImport.test(fs.readFileSync(file, 'utf8')),
    );
    expect(importing.map((file) => path.relative(serverSources, file))).toEqual([
      'composition/local-mode.ts',
    ]);
    const localMode = fs.readFileSync(path.join(serverSources, 'composition/local-mode.ts'), 'utf8');
    expect(localMode).not.toMatch(staticImport);
    expect(localMode).toMatch(dynamicImport);
  });

  it('may name the demo titles, which come from a module of their own', () => {
    const config = fs.readFileSync(path.join(serverSources, 'config/config.ts'), 'utf8');
    expect(config).toMatch(/from '@sheetforms\/google-emulator\/demo-titles'/);
    const titles = fs.readFileSync(
      path.resolve(serverSources, '../../../packages/google-emulator/src/seed/demo-titles.ts'),
      'utf8',
    );
    expect(titles).not.toMatch(/^\s*import\s/m);
  });
});
