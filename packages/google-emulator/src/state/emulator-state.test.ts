import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';
import { EmulatorState } from './emulator-state.js';

const counterSpec = {
  initial: () => ({ items: [] as number[] }),
  parse: (raw: unknown) => {
    const items = (raw as { items?: unknown }).items;
    if (!Array.isArray(items)) throw new Error('items must be an array');
    return { items: items.map(Number) };
  },
};

describe('EmulatorState', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeTempDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('keeps its state owner-only: the directory 0700, every file 0600', async () => {
    const state = await EmulatorState.open(dataDir);
    const doc = await state.document('counter', counterSpec);
    await doc.update((value) => {
      value.items.push(1);
    });
    expect((await stat(state.directory)).mode & 0o777).toBe(0o700);
    expect((await stat(state.filePath('counter'))).mode & 0o777).toBe(0o600);
  });

  it('keeps its files in {dataDir}/google-emulator and writes every change through', async () => {
    const state = await EmulatorState.open(dataDir);
    expect(state.directory).toBe(path.join(dataDir, 'google-emulator'));
    const document = await state.document('counter', counterSpec);
    await document.update((value) => value.items.push(1));
    const onDisk = JSON.parse(await readFile(path.join(dataDir, 'google-emulator', 'counter.json'), 'utf8'));
    expect(onDisk).toEqual({ items: [1] });
  });

  it('ends with every change on disk when updates overlap, leaving no temporary files', async () => {
    const state = await EmulatorState.open(dataDir);
    const document = await state.document('counter', counterSpec);
    await Promise.all(
      Array.from({ length: 25 }, (_, index) => document.update((value) => value.items.push(index))),
    );

    const reopened = await (await EmulatorState.open(dataDir)).document('counter', counterSpec);
    expect(reopened.read().items).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(await readdir(state.directory)).toEqual(['counter.json']);
  });

  it('shares one in-memory document per name within a state', async () => {
    const state = await EmulatorState.open(dataDir);
    const first = await state.document('counter', counterSpec);
    await first.update((value) => value.items.push(7));
    expect((await state.document('counter', counterSpec)).read().items).toEqual([7]);
  });

  it('names the file when it is not JSON or has the wrong shape', async () => {
    const state = await EmulatorState.open(dataDir);
    await writeFile(state.filePath('broken'), '{not json');
    await expect(state.document('broken', counterSpec)).rejects.toThrow(/broken\.json is not valid JSON/);
    await writeFile(state.filePath('shape'), '{"items":"nope"}');
    await expect(state.document('shape', counterSpec)).rejects.toThrow(/shape\.json has an unexpected shape/);
  });

  it('refuses document names that could escape the directory', async () => {
    const state = await EmulatorState.open(dataDir);
    expect(() => state.filePath('../secrets')).toThrow(/Invalid state document name/);
  });
});
