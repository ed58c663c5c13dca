import { GoogleApiError } from './google-api-error.js';
import { type FetchFn, googleFetch, readBytes } from './google-http.js';
import type { AccessTokenSource } from './service-account.js';

export interface DriveClientOptions {
  /** https://www.googleapis.com, or the emulator's `{origin}/__google`. */
  driveApiUrl: string;
  /** Drive export needs a bearer token with a Drive scope; an API key is not enough for shared docs. */
  serviceAccount: AccessTokenSource | undefined;
  timeoutMs: number;
  fetch?: FetchFn;
}

export interface ExportedFile {
  contentType: string;
  data: Uint8Array;
}

const FILE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Drive v3 files.export (documents as HTML or PDF, first sheet of a spreadsheet as CSV); 10 MB cap. */
export function createDriveClient(options: DriveClientOptions) {
  const base = options.driveApiUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;

  return {
    async export(documentId: string, mimeType: string): Promise<ExportedFile> {
      if (!FILE_ID.test(documentId)) throw new GoogleApiError('INVALID_URL', 'Not a Google file id');
      if (!options.serviceAccount) {
        throw new GoogleApiError(
          'UNAVAILABLE',
          'Exporting Google files needs a service account (GOOGLE_SERVICE_ACCOUNT_FILE or GOOGLE_SERVICE_ACCOUNT_JSON)',
        );
      }
      const url = new URL(`${base}/drive/v3/files/${documentId}/export`);
      url.searchParams.set('mimeType', mimeType);
      const request = {
        url,
        target: 'file' as const,
        headers: { authorization: `Bearer ${await options.serviceAccount.getAccessToken()}` },
        timeoutMs: options.timeoutMs,
        fetch: fetchFn,
      };
      try {
        const res = await googleFetch(request);
        return {
          contentType: res.headers.get('content-type') ?? mimeType,
          data: await readBytes(res, request),
        };
      } catch (error) {
        if (error instanceof GoogleApiError && error.httpStatus === 401) options.serviceAccount.invalidate();
        throw error;
      }
    },
  };
}

export type DriveClient = ReturnType<typeof createDriveClient>;
