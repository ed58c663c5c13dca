import { z } from 'zod';
import { GoogleApiError } from './google-api-error.js';
import { type FetchFn, googleFetch, googleJson, readBytes } from './google-http.js';
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

/** One entry of a file's sharing (Drive v3 `permissions` resource, the fields we ask for). */
export interface DrivePermission {
  id: string;
  type: 'user' | 'group' | 'domain' | 'anyone';
  role: string;
  /** For `user` and `group`. */
  emailAddress?: string;
  /** For `domain`. */
  domain?: string;
}

const FILE_ID = /^[A-Za-z0-9_-]{1,200}$/;
const PERMISSION_FIELDS = 'nextPageToken,permissions(id,type,emailAddress,role,domain)';
/** Drive's largest page for permissions.list. */
const PERMISSIONS_PAGE_SIZE = 100;
/**
 * A file carries at most a few hundred permissions in practice; past this many pages we stop reading
 * (callers treat what they have as the whole list, so an unusually shared file can only be refused).
 */
const MAX_PERMISSION_PAGES = 10;

const PermissionListSchema = z.object({
  nextPageToken: z.string().optional(),
  permissions: z
    .array(
      z.object({
        id: z.string().default(''),
        // Google may add kinds; an unknown one is kept out of the list rather than failing it.
        type: z.string(),
        role: z.string().default(''),
        emailAddress: z.string().optional(),
        domain: z.string().optional(),
      }),
    )
    .default([]),
});

const PERMISSION_TYPES = new Set<string>(['user', 'group', 'domain', 'anyone']);

/** files.get with `fields=capabilities(canEdit)`: Drive leaves out a capability it does not grant. */
const CanEditSchema = z.object({
  capabilities: z.object({ canEdit: z.boolean().optional() }).optional(),
});

/**
 * Drive v3 files.export (documents as HTML or PDF, first sheet of a spreadsheet as CSV; 10 MB cap),
 * permissions.list (who a file is shared with) and files.get's capabilities (what a person may do with it).
 */
export function createDriveClient(options: DriveClientOptions) {
  const base = options.driveApiUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;

  function requireServiceAccount(what: string): NonNullable<DriveClientOptions['serviceAccount']> {
    if (!options.serviceAccount) {
      throw new GoogleApiError(
        'UNAVAILABLE',
        `${what} needs a service account (GOOGLE_SERVICE_ACCOUNT_FILE or GOOGLE_SERVICE_ACCOUNT_JSON)`,
      );
    }
    return options.serviceAccount;
  }

  return {
    async export(documentId: string, mimeType: string): Promise<ExportedFile> {
      if (!FILE_ID.test(documentId)) throw new GoogleApiError('INVALID_URL', 'Not a Google file id');
      const serviceAccount = requireServiceAccount('Exporting Google files');
      const url = new URL(`${base}/drive/v3/files/${documentId}/export`);
      url.searchParams.set('mimeType', mimeType);
      const request = {
        url,
        target: 'file' as const,
        headers: { authorization: `Bearer ${await serviceAccount.getAccessToken()}` },
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
        if (error instanceof GoogleApiError && error.httpStatus === 401) serviceAccount.invalidate();
        throw error;
      }
    },

    /**
     * Whether a person's own Google access token can edit the file: Drive v3 files.get with
     * `fields=capabilities(canEdit)`, which Google computes for the caller (owner, editor, a group they
     * are in, link sharing). The token needs a Drive scope (drive.readonly or drive.metadata.readonly
     * will do). It goes in the Authorization header only, never in a URL, so no log line or error message
     * can carry it. Throws Google's refusal (NOT_FOUND for a file the person cannot open, UNAVAILABLE for
     * a rejected token, PERMISSION_DENIED for a token without a Drive scope).
     */
    async canEditWithUserToken(fileId: string, accessToken: string): Promise<boolean> {
      if (!FILE_ID.test(fileId)) throw new GoogleApiError('INVALID_URL', 'Not a Google file id');
      const url = new URL(`${base}/drive/v3/files/${fileId}`);
      url.searchParams.set('fields', 'capabilities(canEdit)');
      url.searchParams.set('supportsAllDrives', 'true');
      const body = await googleJson({
        url,
        target: 'file',
        headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
        timeoutMs: options.timeoutMs,
        fetch: fetchFn,
      });
      const parsed = CanEditSchema.safeParse(body);
      if (!parsed.success) {
        throw new GoogleApiError('UNAVAILABLE', "Google's file capabilities have an unexpected shape");
      }
      return parsed.data.capabilities?.canEdit === true;
    },

    /**
     * Drive v3 permissions.list with the service account, every page: the file's owner, people, groups,
     * domains and link sharing ('anyone'). Google answers 404 for a file the service account cannot see
     * (or that does not exist) and 403 when it may see the file but not its sharing (NOT_FOUND and
     * PERMISSION_DENIED here).
     */
    async listPermissions(fileId: string): Promise<DrivePermission[]> {
      if (!FILE_ID.test(fileId)) throw new GoogleApiError('INVALID_URL', 'Not a Google file id');
      const serviceAccount = requireServiceAccount('Reading who a file is shared with');
      const permissions: DrivePermission[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PERMISSION_PAGES; page++) {
        const url = new URL(`${base}/drive/v3/files/${fileId}/permissions`);
        url.searchParams.set('fields', PERMISSION_FIELDS);
        url.searchParams.set('pageSize', String(PERMISSIONS_PAGE_SIZE));
        url.searchParams.set('supportsAllDrives', 'true');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        let body: unknown;
        try {
          body = await googleJson({
            url,
            target: 'file',
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${await serviceAccount.getAccessToken()}`,
            },
            timeoutMs: options.timeoutMs,
            fetch: fetchFn,
          });
        } catch (error) {
          if (error instanceof GoogleApiError && error.httpStatus === 401) serviceAccount.invalidate();
          throw error;
        }
        const parsed = PermissionListSchema.safeParse(body);
        if (!parsed.success) {
          throw new GoogleApiError('UNAVAILABLE', "Google's permission list has an unexpected shape");
        }
        for (const entry of parsed.data.permissions) {
          if (!PERMISSION_TYPES.has(entry.type)) continue;
          permissions.push({
            id: entry.id,
            type: entry.type as DrivePermission['type'],
            role: entry.role,
            ...(entry.emailAddress !== undefined ? { emailAddress: entry.emailAddress } : {}),
            ...(entry.domain !== undefined ? { domain: entry.domain } : {}),
          });
        }
        pageToken = parsed.data.nextPageToken;
        if (!pageToken) break;
      }
      return permissions;
    },
  };
}

export type DriveClient = ReturnType<typeof createDriveClient>;
