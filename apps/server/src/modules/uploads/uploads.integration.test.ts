import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { type Dialect, describeEachDialect } from '../../test/dialects.js';
import {
  addFormUser,
  countStored,
  createPublicForm,
  formLogin,
  makePng,
  makePngClaiming,
  submit,
  uploadSignature,
} from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createSignatureStorage } from './configured-signature-storage.js';
import {
  chunkTypes,
  headerThenGarbage,
  pngChunk,
  rgbaPixels,
  withChunksBeforeEnd,
} from './png.test-support.js';
import { createSignatureFiles } from './signature-files.js';
import { newSignatureKey, type SignatureStorage } from './signature-storage.js';
import { createUploadsRepository } from './uploads.repository.js';

// The whole suite runs on each signature store: files under DATA_DIR, and rows of the database.
describeEachDialect('signature upload (filesystem store)', (dialect) =>
  signatureUploadSuite(dialect, 'filesystem'),
);
describeEachDialect('signature upload (database store)', (dialect) =>
  signatureUploadSuite(dialect, 'database'),
);

function signatureUploadSuite(dialect: Dialect, storageKind: 'filesystem' | 'database') {
  let t: TestApp;
  /** The same store the server uses, to look at what it holds behind the HTTP API. */
  let storage: SignatureStorage;
  let owner: string;
  let formId: string;
  let formRowId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { SIGNATURE_STORAGE: storageKind });
    expect(t.config.signatureStorage.kind).toBe(storageKind);
    storage = createSignatureStorage(t.config.signatureStorage, t.database);
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    const form = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    formId = form.formId;
    formRowId = form.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a re-encoded copy of the PNG under an unguessable name and serves that as image/png', async () => {
    const png = makePng(400, 200);
    const res = await uploadSignature(t, formId, png);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { status: 'success', signature: expect.any(String) },
      message: 'Signature uploaded successfully',
    });
    const url: string = res.body.data.signature;
    const key = url.match(/^http:\/\/localhost:0\/uploads\/signatures\/([0-9a-f]{32})\.png$/)?.[1];
    expect(key).toBeDefined();
    // Never the client's bytes: the same pixels, encoded by the server.
    const stored = (await storage.read(key ?? '')) ?? Buffer.alloc(0);
    expect(stored.equals(png)).toBe(false);
    expect(rgbaPixels(stored)).toEqual(rgbaPixels(png));
    // Where it lives: a file, or a row (and then no file, so a second instance needs no shared disk).
    const file = path.join(t.config.dataDir, 'uploads', 'signatures', `${key}.png`);
    const image = await t.database.db
      .selectFrom('signature_images')
      .select('png')
      .where('key', '=', key ?? '')
      .executeTakeFirst();
    if (storageKind === 'filesystem') {
      expect(fs.readFileSync(file)).toEqual(stored);
      expect(image).toBeUndefined();
    } else {
      expect(image?.png).toEqual(stored);
      expect(fs.existsSync(file)).toBe(false);
    }
    const row = await t.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key ?? '')
      .executeTakeFirst();
    expect(row).toMatchObject({ form_id: formRowId, bytes: stored.length });

    const served = await fetch(`${t.url}/uploads/signatures/${key}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);

    const again = await uploadSignature(t, formId, png);
    expect(again.body.data.signature).not.toBe(url);
  });

  it('refuses what is not a PNG by its bytes (415), whatever its name and type say', async () => {
    const before = await countStored(t);
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await uploadSignature(t, formId, fake, { fileName: 'signature.png', type: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Signature must be a PNG image',
    });
    expect(await countStored(t)).toEqual(before);
  });

  it('refuses a signature over 512 KiB (413) and accepts one just under', async () => {
    const before = await countStored(t);
    const big = makePng(2, 2, 512 * 1024);
    const res = await uploadSignature(t, formId, big);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Signature image is too large');
    expect(await countStored(t)).toEqual(before);
    const fits = makePng(2, 2, 500 * 1024);
    expect((await uploadSignature(t, formId, fits)).status).toBe(201);
  });

  it('answers 400 without a file or without a form id, 404 for an unknown form', async () => {
    const noFile = await uploadSignature(t, formId, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.detail).toBe('Signature file is required');
    const noForm = await uploadSignature(t, undefined, makePng());
    expect(noForm.status).toBe(400);
    expect(noForm.body.detail).toBe('Missing form ID');
    const unknown = await uploadSignature(t, 'no-such-form', makePng());
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Form not found');
  });

  it('refuses forms without signatures, inactive forms, and login forms without a token', async () => {
    const plain = await createPublicForm(t, owner);
    expect((await uploadSignature(t, plain.formId, makePng())).status).toBe(400);
    const inactive = await createPublicForm(t, owner, {
      status: 'Closed',
      settings: { signatureEnabled: 1 },
    });
    expect((await uploadSignature(t, inactive.formId, makePng())).status).toBe(409);
    const locked = await createPublicForm(t, owner, {
      settings: { signatureEnabled: 1, loginRequired: 1 },
    });
    const denied = await uploadSignature(t, locked.formId, makePng());
    expect(denied.status).toBe(401);
    expect(denied.body.detail).toBe('Please log in to submit the form');
    const { password } = await addFormUser(t, owner, locked.formId, 'signer@example.com');
    const token = await formLogin(t, locked.formId, 'signer@example.com', password);
    expect((await uploadSignature(t, locked.formId, makePng(), { token })).status).toBe(201);
  });

  it('serves only well-formed keys that exist; everything else is a 404 problem', async () => {
    for (const name of [
      `${'0'.repeat(32)}.png`,
      'abc.png',
      `${'A'.repeat(32)}.png`,
      `${'a'.repeat(32)}.PNG`,
      `${'a'.repeat(32)}`,
      '..%2F..%2Fsheetforms.db',
      '%2e%2e',
    ]) {
      const res = await t.request('GET', `/uploads/signatures/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  const signatureDir = () => path.join(t.config.dataDir, 'uploads', 'signatures');
  const keyOf = (url: string) => url.match(/([0-9a-f]{32})\.png$/)?.[1] ?? '';
  const isStored = async (key: string) => (await storage.read(key)) !== undefined;
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    return keys;
  };

  it('refuses (400) a PNG whose header claims too many pixels, or is damaged, storing nothing', async () => {
    const before = await countStored(t);
    const imagesBefore = (await storedKeys()).length;
    const cases: Array<[string, Buffer, string]> = [
      ['100,000 x 100,000', makePngClaiming(100_000, 100_000), 'at most 4000 x 4000 pixels'],
      ['4,001 wide', makePngClaiming(4001, 100), 'at most 4000 x 4000 pixels'],
      [
        '64 MB of RGBA once decoded',
        makePngClaiming(4000, 4000, { colourType: 6 }),
        'at most 16 MB of pixels',
      ],
      ['a zero height', makePngClaiming(400, 0), 'not a valid PNG'],
      ['a bad header checksum', makePngClaiming(400, 200, { badCrc: true }), 'not a valid PNG'],
      ['an unknown colour type', makePngClaiming(400, 200, { colourType: 7 }), 'not a valid PNG'],
    ];
    for (const [name, png, detail] of cases) {
      const res = await uploadSignature(t, formId, png);
      expect(res.status, name).toBe(400);
      expect(res.body.detail, name).toContain(detail);
    }
    expect(await countStored(t)).toEqual(before);
    expect((await storedKeys()).length).toBe(imagesBefore);
  });

  it('refuses (400) a valid PNG header followed by bytes that do not decode, storing nothing', async () => {
    const before = await countStored(t);
    const imagesBefore = (await storedKeys()).length;
    const broken = makePng(40, 20);
    // The image data cut short: IHDR intact, IDAT and IEND gone.
    const cases: Array<[string, Buffer]> = [
      ['HTML after the header', headerThenGarbage()],
      ['a truncated image', broken.subarray(0, broken.length - 20)],
      [
        'an image chunk whose checksum is wrong',
        Buffer.from(broken).fill(0, broken.length - 16, broken.length - 13),
      ],
    ];
    for (const [name, png] of cases) {
      const res = await uploadSignature(t, formId, png);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({
        code: 'INVALID_PNG',
        detail: 'Signature image is not a valid PNG',
      });
    }
    expect(await countStored(t)).toEqual(before);
    expect((await storedKeys()).length).toBe(imagesBefore);
  });

  it('serves a PNG that carried extra chunks and trailing bytes re-encoded, without any of them', async () => {
    const html = '<html><script>alert(document.cookie)</script></html>';
    const png = makePng(60, 30);
    const carrier = Buffer.concat([
      withChunksBeforeEnd(png, pngChunk('tEXt', Buffer.from(`Comment\0${html}`, 'latin1'))),
      Buffer.from(html),
    ]);
    const res = await uploadSignature(t, formId, carrier);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const served = await fetch(`${t.url}/uploads/signatures/${keyOf(res.body.data.signature)}.png`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(new Set(chunkTypes(bytes))).toEqual(new Set(['IHDR', 'IDAT', 'IEND']));
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(rgbaPixels(bytes)).toEqual(rgbaPixels(png));
  });

  it('serves a signature privately for an hour, never as immutable', async () => {
    const url: string = (await uploadSignature(t, formId, makePng())).body.data.signature;
    const served = await fetch(`${t.url}/uploads/signatures/${keyOf(url)}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it("deletes a form's signature files with the form, and stops serving them at once", async () => {
    const doomed = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    const keys: string[] = [];
    for (let i = 0; i < 2; i++)
      keys.push(keyOf((await uploadSignature(t, doomed.formId, makePng())).body.data.signature));
    const kept = keyOf((await uploadSignature(t, formId, makePng())).body.data.signature);
    for (const key of keys) expect((await fetch(`${t.url}/uploads/signatures/${key}.png`)).status).toBe(200);

    expect((await t.request('DELETE', `/api/v1/forms/${doomed.formId}`, { token: owner })).status).toBe(200);

    for (const key of keys) {
      expect((await fetch(`${t.url}/uploads/signatures/${key}.png`)).status).toBe(404);
      expect(await isStored(key)).toBe(false);
    }
    expect(await isStored(kept)).toBe(true);
    expect((await fetch(`${t.url}/uploads/signatures/${kept}.png`)).status).toBe(200);
  });

  it('does not serve a signature whose upload row is gone, even while the image is still stored', async () => {
    const key = keyOf((await uploadSignature(t, formId, makePng())).body.data.signature);
    await t.database.db.deleteFrom('uploads').where('key', '=', key).execute();
    expect(await isStored(key)).toBe(true);
    expect((await fetch(`${t.url}/uploads/signatures/${key}.png`)).status).toBe(404);
  });

  it('sweeps orphaned files (no row, or the form is gone), a bounded number per run', async () => {
    const files = createSignatureFiles({
      storage,
      uploads: createUploadsRepository(t.database.db, t.database.kind),
      log: { warn: () => undefined, info: () => undefined },
      maxRemovalsPerSweep: 3,
    });
    // Leftovers of earlier tests in this file first, so the counts below are this test's own.
    while ((await files.sweep()).files > 0);
    const live = keyOf((await uploadSignature(t, formId, makePng())).body.data.signature);
    const orphans = Array.from({ length: 5 }, () => newSignatureKey());
    for (const key of orphans) await storage.save(key, makePng());
    const ghostForm = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    const ghost = keyOf((await uploadSignature(t, ghostForm.formId, makePng())).body.data.signature);
    // A file that is not a signature is none of the filesystem store's business.
    if (storageKind === 'filesystem')
      fs.writeFileSync(path.join(signatureDir(), 'notes.txt'), 'not a signature');

    // Deleted behind the service's back: its row cascades, its image stays stored as an orphan.
    await t.database.db.deleteFrom('forms').where('id', '=', ghostForm.id).execute();

    const first = await files.sweep();
    expect(first.files).toBe(3);
    const second = await files.sweep();
    expect(first.files + second.files).toBe(6);
    expect(await files.sweep()).toEqual({ files: 0, rows: 0 });
    for (const key of [...orphans, ghost]) expect(await isStored(key), key).toBe(false);
    expect(await isStored(live)).toBe(true);
    if (storageKind === 'filesystem')
      expect(fs.existsSync(path.join(signatureDir(), 'notes.txt'))).toBe(true);
  });

  it('sweeps when the server starts', async () => {
    const orphan = newSignatureKey();
    await storage.save(orphan, makePng());
    const live = keyOf((await uploadSignature(t, formId, makePng())).body.data.signature);
    const other = await buildApp(t.config, { database: t.database });
    try {
      await other.app.ready();
      await vi.waitFor(async () => expect(await isStored(orphan)).toBe(false), { timeout: 5_000 });
      expect(await isStored(live)).toBe(true);
    } finally {
      await other.app.close();
    }
  });

  const minutes = (n: number) => n * 60_000;
  /** Moves an upload's row back in time, as if it had been uploaded `ago` ms before now. */
  const backdate = async (key: string, ago: number) => {
    const createdAt = new Date(Date.now() - ago).toISOString();
    await t.database.db
      .updateTable('uploads')
      .set({ created_at: createdAt })
      .where('key', '=', key)
      .execute();
  };
  const rowExists = async (key: string) =>
    (await t.database.db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst()) !==
    undefined;
  const sweeper = () =>
    createSignatureFiles({
      storage,
      uploads: createUploadsRepository(t.database.db, t.database.kind),
      log: { warn: () => undefined, info: () => undefined },
    });
  const uploadKey = async (form = formId) => {
    const res = await uploadSignature(t, form, makePng());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return keyOf(res.body.data.signature);
  };
  const submitWith = (key: string) =>
    submit(t, formId, {
      response: { 'Full Name': 'Ada', signature: `http://localhost:0/uploads/signatures/${key}.png` },
    });

  it('sweeps an upload that no response uses once it is over an hour old (row and image); a used one stays', async () => {
    const unused = await uploadKey();
    const used = await uploadKey();
    expect((await submitWith(used)).status).toBe(201);
    const young = await uploadKey();
    await backdate(unused, minutes(120));
    await backdate(used, minutes(120));

    const swept = await sweeper().sweep();
    expect(swept.rows).toBeGreaterThanOrEqual(1);
    expect(await rowExists(unused)).toBe(false);
    expect(await isStored(unused)).toBe(false);
    expect((await fetch(`${t.url}/uploads/signatures/${unused}.png`)).status).toBe(404);
    for (const key of [used, young]) {
      expect(await rowExists(key), key).toBe(true);
      expect(await isStored(key), key).toBe(true);
    }
    expect((await fetch(`${t.url}/uploads/signatures/${used}.png`)).status).toBe(200);
    // Later sweeps, a day on, keep it too: a stored response's signature is never removed.
    await backdate(used, minutes(24 * 60));
    await sweeper().sweep();
    expect(await isStored(used)).toBe(true);
  });

  it('keeps the image of a submission that arrives at the one-hour mark; refuses an older unused upload', async () => {
    // Just inside the hour: the submission is accepted, and its image outlives any later sweep.
    const onTime = await uploadKey();
    await backdate(onTime, minutes(59.5));
    expect((await submitWith(onTime)).status).toBe(201);
    await backdate(onTime, minutes(180));
    await sweeper().sweep();
    expect(await isStored(onTime)).toBe(true);

    // Past the hour an unused upload no longer counts as issued, so no new response can take it...
    const late = await uploadKey();
    await backdate(late, minutes(61));
    const refused = await submitWith(late);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('The signature was not uploaded for this form');
    // ...and the sweep leaves it for a grace period: a submission that passed its check just before the
    // hour may still be committing. After the grace it goes.
    await sweeper().sweep();
    expect(await isStored(late)).toBe(true);
    await backdate(late, minutes(71));
    await sweeper().sweep();
    expect(await isStored(late)).toBe(false);
    expect(await rowExists(late)).toBe(false);
  });

  it('expires unused uploads every few minutes between the hourly sweeps, up to a bound per run', async () => {
    const files = createSignatureFiles({
      storage,
      uploads: createUploadsRepository(t.database.db, t.database.kind),
      log: { warn: () => undefined, info: () => undefined },
      sweepEveryMs: 3_600_000,
      expireEveryMs: 50,
      maxRemovalsPerSweep: 2,
    });
    const expired = [await uploadKey(), await uploadKey(), await uploadKey()];
    for (const key of expired) await backdate(key, minutes(75));
    files.start();
    try {
      // The sweep at start takes two; the next expiry run, 50 ms on, the third.
      await vi.waitFor(
        async () => {
          for (const key of expired) expect(await isStored(key), key).toBe(false);
        },
        { timeout: 5_000 },
      );
    } finally {
      await files.stop();
    }
  });

  it('refuses a second response the signature of a stored one, fresh or an hour old (before the sweep marks it)', async () => {
    const used = await uploadKey();
    expect((await submitWith(used)).status).toBe(201);
    // A signature is one response's: its URL, read in the sheet, signs no other.
    const fresh = await submitWith(used);
    expect(fresh.status).toBe(400);
    expect(fresh.body.detail).toBe('The signature was not uploaded for this form');
    await backdate(used, minutes(90));
    expect((await submitWith(used)).status).toBe(400);
    // Still this form's signature for what shows it (a stored response's document).
    expect((await fetch(`${t.url}/uploads/signatures/${used}.png`)).status).toBe(200);
  });

  it('answers 429 with Retry-After for the 201st upload of a form in an hour; another form still accepts', async () => {
    const busy = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    const other = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    // Rows as any instance sharing the database would have written them: 199 in the last hour (the
    // oldest 30 minutes ago), and older ones that no longer count.
    const now = Date.now();
    const rows = [
      ...Array.from({ length: 199 }, (_, i) => ({ ago: minutes(30) - i * 1000 })),
      ...Array.from({ length: 20 }, () => ({ ago: minutes(61) })),
    ].map(({ ago }) => ({
      key: newSignatureKey(),
      form_id: busy.id,
      bytes: 100,
      created_at: new Date(now - ago).toISOString(),
    }));
    await t.database.db.insertInto('uploads').values(rows).execute();

    expect((await uploadSignature(t, busy.formId, makePng())).status).toBe(201);
    const before = await countStored(t);
    const refused = await uploadSignature(t, busy.formId, makePng());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'This form has taken too many signature uploads in the last hour. Please try again later.',
    });
    // Until the oldest counted upload (30 minutes old) leaves the hour.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(minutes(29) / 1000);
    expect(retryAfter).toBeLessThanOrEqual(minutes(30) / 1000);
    expect(await countStored(t)).toEqual(before);

    expect((await uploadSignature(t, other.formId, makePng())).status).toBe(201);
  });

  /** A form with signatures on and `count` uploads 20 minutes old or younger, as other instances stored them. */
  const formWithUploadsThisHour = async (count: number) => {
    const form = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
    const now = Date.now();
    await t.database.db
      .insertInto('uploads')
      .values(
        Array.from({ length: count }, (_, i) => ({
          key: newSignatureKey(),
          form_id: form.id,
          bytes: 100,
          created_at: new Date(now - minutes(20) + i * 1000).toISOString(),
        })),
      )
      .execute();
    return form;
  };

  it('counts uploads that arrive together: at 198 in the hour, two of six at once are stored', async () => {
    const busy = await formWithUploadsThisHour(198);
    // Each image takes its turn in the re-encoding threads: a count taken before any of them was stored
    // would let all six through.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => uploadSignature(t, busy.formId, makePng(40 + i, 30))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const rows = await t.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('form_id', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(200);
    // Every stored one is served, with the size of what is stored.
    for (const answer of answers.filter((a) => a.status === 201)) {
      const key = keyOf(answer.body.data.signature);
      const served = await fetch(`${t.url}/uploads/signatures/${key}.png`);
      expect(served.status).toBe(200);
      const row = await t.database.db
        .selectFrom('uploads')
        .select('bytes')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row.bytes).toBe((await served.arrayBuffer()).byteLength);
    }
  });

  it('frees the place of an upload whose image does not decode', async () => {
    const busy = await formWithUploadsThisHour(199);
    expect((await uploadSignature(t, busy.formId, headerThenGarbage())).status).toBe(400);
    expect((await uploadSignature(t, busy.formId, makePng())).status).toBe(201);
    expect((await uploadSignature(t, busy.formId, makePng())).status).toBe(429);
  });
}
