// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedTestFiles } from '../../vitest.shared';

const WEB = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const MOCKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe("the web app's two test projects (vitest.shared.ts)", () => {
  const files = sourceFiles(path.join(WEB, 'src'));
  const relative = (file: string) => path.relative(WEB, file).split(path.sep).join('/');
  const isolated = new Set(isolatedTestFiles());

  it('put every test file that mocks a module or a global in the isolated project', () => {
    const mocking = files.filter(
      (file) => /\.test\.tsx?$/.test(file) && MOCKS.test(fs.readFileSync(file, 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.map(relative).filter((file) => !isolated.has(file))).toEqual([]);
  });

  it('find mocking helpers only one import away: no helper that mocks is imported by another helper', () => {
    // The classification follows a test file's own imports, not its helpers' imports.
    const helpers = files.filter((file) => !/\.test\.tsx?$/.test(file));
    const mockingHelpers = helpers.filter((file) => MOCKS.test(fs.readFileSync(file, 'utf8')));
    expect(mockingHelpers.map(relative)).toContain('src/marketing/testing/feed.ts');
    const importedByHelpers = helpers.filter((helper) => {
      const text = fs.readFileSync(helper, 'utf8');
      return mockingHelpers.some((mocking) => {
        const name = path.basename(mocking).replace(/\.tsx?$/, '');
        return helper !== mocking && new RegExp(`from ['"][^'"]*/${name}['"]`).test(text);
      });
    });
    expect(importedByHelpers.map(relative)).toEqual([]);
  });
});
