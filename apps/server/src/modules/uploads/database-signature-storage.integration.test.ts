import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type KyselyPlugin, SelectQueryNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { makePng, submit, uploadSignature } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { readPdf, TEST_CHROMIUM } from '../pdf/pdf.test-support.js';
import { createDatabaseSignatureStorage, LIST_PAGE_SIZE } from './database-signature-storage.js';
import { rgbaPixels } from './png.test-support.js';
import { newSignatureKey, type SignatureStorage } from './signature-storage.js';

describeEachDialect('database signature storage', (dialect) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let storage: SignatureStorage;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    storage = createDatabaseSignatureStorage(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes through the SQLite writer thread on a database file (so the bytes cross a thread)', () => {
    // Guards the round trips below: on a SQLite file they must take the thread hop, not the main connection.
    expect(database.writeDb === database.db).toBe(dialect === 'postgres');
  });

  it('reads back the exact bytes of a PNG, as a Buffer, stored as binary (not text)', async () => {
    for (const png of [makePng(400, 200), makePng(2, 2, 500 * 1024)]) {
      const key = newSignatureKey();
      await storage.save(key, png);
      const read = await storage.read(key);
      expect(Buffer.isBuffer(read)).toBe(true);
      expect(read?.equals(png)).toBe(true);
      const type =
        dialect === 'sqlite'
          ? sql<{ t: string }>`select typeof(png) as t from signature_images where key = ${key}`
          : sql<{ t: string }>`select pg_typeof(png)::text as t from signature_images where key = ${key}`;
      expect((await type.execute(database.db)).rows[0]?.t).toBe(dialect === 'sqlite' ? 'blob' : 'bytea');
    }
  });

  it('stores only the bytes of a Buffer that is a view into a larger one', async () => {
    const png = makePng(30, 10);
    const backing = Buffer.alloc(png.length + 64, 0xee);
    png.copy(backing, 32);
    const view = backing.subarray(32, 32 + png.length);
    const key = newSignatureKey();
    await storage.save(key, view);
    expect((await storage.read(key))?.equals(png)).toBe(true);
  });

  it('refuses a key already stored, keeping the first image', async () => {
    const key = newSignatureKey();
    const first = makePng(10, 10);
    await storage.save(key, first);
    const error = await storage.save(key, makePng(20, 20)).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error), String(error)).toBe(true);
    expect((await storage.read(key))?.equals(first)).toBe(true);
  });

  it('answers undefined for unknown and malformed keys, and refuses to store a malformed one', async () => {
    expect(await storage.read(newSignatureKey())).toBeUndefined();
    for (const bad of ['', 'abc', 'A'.repeat(32), `${'a'.repeat(32)}.png`, "' or 1=1 --"]) {
      expect(await storage.read(bad), bad).toBeUndefined();
    }
    await expect(storage.save('A'.repeat(32), makePng())).rejects.toThrow('invalid signature key');
  });

  it('removes an image, and removing it again (or a key never stored) is not an error', async () => {
    const key = newSignatureKey();
    await storage.save(key, makePng());
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
    await storage.remove(key);
    await storage.remove(newSignatureKey());
  });

  it(`lists every key once in pages of ${LIST_PAGE_SIZE}, also while the keys are removed as listed`, async () => {
    await database.db.deleteFrom('signature_images').execute();
    const keys = Array.from({ length: 2 * LIST_PAGE_SIZE + 201 }, () => newSignatureKey()).sort();
    const png = makePng();
    const createdAt = new Date().toISOString();
    for (let i = 0; i < keys.length; i += 400) {
      const rows = keys.slice(i, i + 400).map((key) => ({ key, png, created_at: createdAt }));
      await database.db.insertInto('signature_images').values(rows).execute();
    }
    // Counts the SELECTs the listing sends: one per page, never one for the whole table.
    let selects = 0;
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (SelectQueryNode.is(node)) selects++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const counted = createDatabaseSignatureStorage({
      db: database.db.withPlugin(counter),
      writeDb: database.writeDb,
    });

    const listed: string[] = [];
    for await (const key of counted.list()) listed.push(key);
    expect(listed).toEqual(keys);
    expect(selects).toBe(3);

    // The orphan sweep deletes while it lists: keyset pages neither skip nor repeat a key.
    const removedWhileListing: string[] = [];
    for await (const key of counted.list()) {
      await counted.remove(key);
      removedWhileListing.push(key);
    }
    expect(removedWhileListing).toEqual(keys);
    const left: string[] = [];
    for await (const key of counted.list()) left.push(key);
    expect(left).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('signatures across instances [postgres]', () => {
  let a: TestApp;
  let b: TestApp;
  let owner: string;

  beforeAll(async () => {
    a = await startTestApp('postgres', { SIGNATURE_STORAGE: 'database' });
    const url = a.database.url;
    if (!url) throw new Error('the PostgreSQL test database has no URL');
    // Instance B: its own connection pool and its own DATA_DIR, so a signature it serves can only come
    // from the shared database, never from A's files.
    const second = openDatabase({ kind: 'postgres', url });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-signatures-b-'));
    b = await startTestApp(
      'postgres',
      { SIGNATURE_STORAGE: 'database', PDF_RATE_LIMIT_PER_MINUTE: '10000' },
      {
        database: {
          ...second,
          dataDir,
          close: async () => {
            await second.close();
            fs.rmSync(dataDir, { recursive: true, force: true });
          },
        },
      },
    );
    owner = (await a.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves on B a signature uploaded on A, and B stores a submission that uses it', async () => {
    const form = await createForm(a, owner, { settings: { loginRequired: 0, signatureEnabled: 1 } });
    const png = makePng(120, 40);
    const upload = await uploadSignature(a, form.formId, png);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const signature: string = upload.body.data.signature;
    const key = signature.match(/([0-9a-f]{32})\.png$/)?.[1] ?? '';

    const served = await fetch(`${b.url}/uploads/signatures/${key}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // What A stored (the upload re-encoded), byte for byte, with the pixels that were sent.
    const fromA = Buffer.from(await (await fetch(`${a.url}/uploads/signatures/${key}.png`)).arrayBuffer());
    const fromB = Buffer.from(await served.arrayBuffer());
    expect(fromB.equals(fromA)).toBe(true);
    expect(rgbaPixels(fromB)).toEqual(rgbaPixels(png));
    for (const app of [a, b]) {
      expect(fs.existsSync(path.join(app.config.dataDir, 'uploads', 'signatures', `${key}.png`))).toBe(false);
    }

    const submitted = await submit(b, form.formId, { response: { 'Full Name': 'Ada', signature } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  });

  it.skipIf(!fs.existsSync(TEST_CHROMIUM))(
    "draws a signature uploaded on A into B's PDF export",
    async () => {
      const form = await createForm(a, owner, { settings: { loginRequired: 0, signatureEnabled: 1 } });
      const template = await a.request('POST', `/api/v1/forms/${form.formId}/templates`, {
        token: owner,
        body: {
          name: 'Receipt',
          googleDocsUrl: 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit',
          content: '<p>Signed by {{Full Name}}</p><p>{{Signature}}</p>',
        },
      });
      expect(template.status, JSON.stringify(template.body)).toBe(201);
      const signature: string = (await uploadSignature(a, form.formId, makePng(60, 30))).body.data.signature;
      const submitted = await submit(a, form.formId, { response: { 'Full Name': 'Ada', signature } });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

      const res = await fetch(
        `${b.url}/api/v1/forms/${form.formId}/responses/${submitted.body.data.responseId}/pdf`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
          body: JSON.stringify({ templateId: template.body.data.id }),
        },
      );
      expect(res.status).toBe(200);
      const pdf = await readPdf(Buffer.from(await res.arrayBuffer()));
      expect(pdf.text).toContain('Signed by Ada');
      // The signature reached B's renderer as an inline image; without the image B's PDF has none.
      expect(pdf.images).toBe(1);
    },
    60_000,
  );
});
