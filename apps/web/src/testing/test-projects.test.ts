// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, REPLACES_MODULES_OR_GLOBALS as MOCKS } from '../../../../vitest.mocking';
import { isolatedTestFiles } from '../../vitest.shared';

const WEB = path.resolve(import.meta.dirname, '../..');

describe("the web app's two test projects (vitest.shared.ts)", () => {
  const files = filesUnder(path.join(WEB, 'src'), /\.tsx?$/);
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
