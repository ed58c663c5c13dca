import { GoogleApiError } from './google-api-error.js';
import { type FetchFn, googleFetch } from './google-http.js';

export interface SpreadsheetProbesOptions {
  /** https://sheets.googleapis.com, or the emulator's `{origin}/__google`. */
  sheetsApiUrl: string;
  /** The API key: Google lets a key open link-shared spreadsheets only. */
  apiKey: string | undefined;
  timeoutMs: number;
  fetch?: FetchFn;
}

const SPREADSHEET_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Whether the API key can open a spreadsheet: spreadsheets.get with `fields=spreadsheetId` (no cell
 * data). Resolves when Google answers 200 and throws a GoogleApiError otherwise (NOT_FOUND,
 * PERMISSION_DENIED, ...): callers decide what a refusal means. (Whether a person can edit it is Drive's
 * answer, DriveClient.canEditWithUserToken.)
 */
export function createSpreadsheetProbes(options: SpreadsheetProbesOptions) {
  const base = options.sheetsApiUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;

  function urlFor(spreadsheetId: string): URL {
    if (!SPREADSHEET_ID.test(spreadsheetId))
      throw new GoogleApiError('INVALID_URL', 'Not a Google spreadsheet id');
    const url = new URL(`${base}/v4/spreadsheets/${spreadsheetId}`);
    url.searchParams.set('fields', 'spreadsheetId');
    return url;
  }

  async function probe(url: URL, headers: Record<string, string>): Promise<void> {
    const res = await googleFetch({
      url,
      target: 'spreadsheet',
      headers,
      timeoutMs: options.timeoutMs,
      fetch: fetchFn,
    });
    // The body is not needed; reading it lets the connection be reused.
    await res.arrayBuffer().catch(() => undefined);
  }

  return {
    /** Whether the API key can open it, i.e. it is shared as "Anyone with the link". */
    async opensWithApiKey(spreadsheetId: string): Promise<void> {
      if (!options.apiKey) throw new GoogleApiError('UNAVAILABLE', 'No API key is configured');
      const url = urlFor(spreadsheetId);
      url.searchParams.set('key', options.apiKey);
      await probe(url, { accept: 'application/json' });
    },
  };
}

export type SpreadsheetProbes = ReturnType<typeof createSpreadsheetProbes>;
