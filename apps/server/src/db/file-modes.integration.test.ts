import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the SQLite file and its directory', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('are created owner-only: the directory 0700, the database and its WAL 0600', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-modes-'));
    const dataDir = path.join(root, 'data');
    const file = path.join(dataDir, 'sheetforms.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    try {
      await handle.writeDb.schema.createTable('t').addColumn('x', 'text').execute();
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('narrows an existing database file that others could read', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-modes-'));
    const file = path.join(root, 'old.db');
    fs.writeFileSync(file, '', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const handle = openDatabase({ kind: 'sqlite', file });
    await handle.close();
    expect(modeOf(file)).toBe(0o600);
  });
});
