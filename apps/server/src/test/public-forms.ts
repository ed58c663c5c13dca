import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { createForm } from './forms.js';
import type { TestApp } from './test-app.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims any size and pixel format, with a tiny (not decodable) image: what an
 * attacker sends to make a renderer inflate gigabytes. `ihdr` overrides header bytes 8..12 (bit depth,
 * colour type, compression, filter, interlace); `badCrc` breaks the header's checksum.
 */
export function makePngClaiming(
  width: number,
  height: number,
  options: { bitDepth?: number; colourType?: number; ihdr?: number[]; badCrc?: boolean } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(options.ihdr ?? [options.bitDepth ?? 8, options.colourType ?? 2, 0, 0, 0], 8);
  const ihdr = chunk('IHDR', header);
  if (options.badCrc) ihdr.writeUInt32BE((ihdr.readUInt32BE(21) + 1) >>> 0, 21);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable RGB PNG (white, with a little noise so sizes differ); `extraBytes` pads a tEXt chunk. */
export function makePng(width = 4, height = 2, extraBytes = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height, 0xff);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  rows[1] = Math.floor(Math.random() * 255);
  const chunks = [chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows))];
  if (extraBytes > 0) chunks.push(chunk('tEXt', Buffer.alloc(extraBytes, 0x61)));
  chunks.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

/** A form with the given settings and fields, created by its owner through the API. */
export async function createPublicForm(
  t: TestApp,
  ownerToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; formId: string }> {
  return createForm(t, ownerToken, overrides);
}

/** POST /forms/submit-signature as the browser sends it (FormData: formId first, then the file). */
export async function uploadSignature(
  t: TestApp,
  formId: string | undefined,
  file: Buffer | undefined,
  options: { token?: string; fileName?: string; type?: string; extra?: Record<string, string> } = {},
) {
  const form = new FormData();
  if (formId !== undefined) form.append('formId', formId);
  for (const [name, value] of Object.entries(options.extra ?? {})) form.append(name, value);
  if (file) {
    form.append(
      'signature',
      new Blob([new Uint8Array(file)], { type: options.type ?? 'image/png' }),
      options.fileName ?? 'signature.png',
    );
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${t.url}/api/v1/forms/submit-signature`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

/** POST /forms/{formId}/submit-form with a fresh idempotency key unless one is given. */
export function submit(
  t: TestApp,
  formId: string,
  body: Record<string, unknown>,
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  return t.request('POST', `/api/v1/forms/${encodeURIComponent(formId)}/submit-form`, {
    body: { idempotencyKey: randomUUID(), ...body },
    ...options,
  });
}

/** Adds an authorized user to a form (as its owner) and answers the generated password. */
export async function addFormUser(t: TestApp, ownerToken: string, formId: string, email: string) {
  const res = await t.request('POST', '/api/v1/forms/add-user', {
    token: ownerToken,
    body: { formId, email, name: 'Respondent' },
  });
  if (res.status !== 201) throw new Error(`add-user failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { formUser: { id: string }; password: string };
}

/** Logs a respondent in and answers the form-user token. */
export async function formLogin(t: TestApp, formId: string, email: string, password: string) {
  const res = await t.request('POST', '/api/v1/user/form/login', { body: { formId, email, password } });
  if (res.status !== 200) throw new Error(`form login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** Counts of everything the public endpoints may write, to prove a refused request wrote nothing. */
export async function countStored(t: TestApp): Promise<{ responses: number; uploads: number }> {
  const count = async (table: 'responses' | 'uploads') => {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { responses: await count('responses'), uploads: await count('uploads') };
}
