import { describe, expect, it } from 'vitest';
import { GoogleApiError } from './google-api-error.js';
import { GoogleReplyTooLargeError, type GoogleRequest, readText } from './google-http.js';
import { createSheetsClient } from './sheets-client.js';

const SPREADSHEET_ID = '1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF';

function request(maxBytes?: number): GoogleRequest {
  return {
    url: new URL('https://sheets.googleapis.com/v4/spreadsheets/x/values/A1'),
    target: 'range',
    timeoutMs: 1000,
    fetch: async () => {
      throw new Error('not called');
    },
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  };
}

/** A reply body sent in the given chunks; `pulled` counts the chunks read, `cancelled` says it was dropped. */
function chunked(chunks: Uint8Array[], then: 'end' | 'fail' | 'forever' = 'end') {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = then === 'forever' ? new Uint8Array(64 * 1024).fill(0x20) : chunks[state.pulled];
      state.pulled++;
      if (chunk) controller.enqueue(chunk);
      else if (then === 'fail') controller.error(new Error('connection reset'));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body, { status: 200 }), state };
}

describe('readText with maxBytes', () => {
  it('answers the same text as Response.text() up to the limit: a BOM dropped, characters cut between chunks', async () => {
    const bytes = new TextEncoder().encode('\ufeff{"values":[["Größe","日本語","😀"]]}');
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const expected = await new Response(bytes).text();
    expect(await readText(chunked(pieces).response, request(bytes.length))).toBe(expected);
    expect(expected.startsWith('{')).toBe(true);
  });

  it('stops reading a longer reply and says so (GoogleReplyTooLargeError, final)', async () => {
    const { response, state } = chunked([], 'forever');
    const error = await readText(response, request(1024 * 1024)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleReplyTooLargeError);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', maxBytes: 1024 * 1024, httpStatus: 200 });
    // 16 chunks of 64 KiB fill the limit; the 17th passes it and the download is dropped.
    expect(state.pulled).toBeLessThanOrEqual(18);
    expect(state.cancelled).toBe(true);
  });

  it('still answers a reply cut off mid-body as UNAVAILABLE', async () => {
    const { response } = chunked([new TextEncoder().encode('{"val')], 'fail');
    const error = await readText(response, request(1000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleApiError);
    expect(error).not.toBeInstanceOf(GoogleReplyTooLargeError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('reads any length without a limit', async () => {
    const text = 'x'.repeat(3 * 1024 * 1024);
    expect(await readText(new Response(text), request())).toHaveLength(text.length);
  });
});

describe('getValues with maxBytes', () => {
  const reply = { range: "'Data'!A1:C1", majorDimension: 'ROWS', values: [['Name', 'Email', 'Größe']] };
  const sheets = () =>
    createSheetsClient({
      sheetsApiUrl: 'https://sheets.googleapis.com',
      credentials: { apiKey: 'key' },
      timeoutMs: 1000,
      fetch: async () => new Response(JSON.stringify(reply), { status: 200 }),
    });
  const size = new TextEncoder().encode(JSON.stringify(reply)).length;

  it('answers a reply within the limit', async () => {
    expect(await sheets().getValues(SPREADSHEET_ID, "'Data'!1:1", { maxBytes: size })).toEqual({
      range: reply.range,
      values: reply.values,
    });
  });

  it('refuses a reply one byte over the limit', async () => {
    await expect(
      sheets().getValues(SPREADSHEET_ID, "'Data'!1:1", { maxBytes: size - 1 }),
    ).rejects.toBeInstanceOf(GoogleReplyTooLargeError);
  });
});
