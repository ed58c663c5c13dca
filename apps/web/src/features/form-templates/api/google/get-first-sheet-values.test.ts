// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFirstSheetValues } from './get-first-sheet-values';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('getFirstSheetValues', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the first sheet within its grid, which Google requires (no read past the last column)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/values/')
        ? json({ values: [['Name', 'Email']] })
        : json({
            sheets: [
              {
                properties: { title: 'Later', index: 1, gridProperties: { rowCount: 1000, columnCount: 60 } },
              },
              {
                properties: { title: "Bob's", index: 0, gridProperties: { rowCount: 120, columnCount: 26 } },
              },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const values = await getFirstSheetValues('https://sheets.example', 'abc', 'token');
    expect(values).toEqual([['Name', 'Email']]);
    const read = decodeURIComponent(String(fetchMock.mock.calls[1]?.[0]));
    expect(read).toContain("/values/'Bob''s'!A1:Z120?");
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]?.[0]))).toContain(
      'gridProperties(rowCount,columnCount)',
    );
  });
});
