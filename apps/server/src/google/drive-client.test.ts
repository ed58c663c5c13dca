import { describe, expect, it, vi } from 'vitest';
import { createDriveClient } from './drive-client.js';
import { GoogleApiError } from './google-api-error.js';
import type { AccessTokenSource } from './service-account.js';

const FILE_ID = '1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF';

function serviceAccount() {
  const invalidate = vi.fn<() => void>();
  const account: AccessTokenSource = {
    getAccessToken: async () => 'sa-token',
    invalidate,
    clientEmail: async () => 'sa@project.iam.gserviceaccount.com',
  };
  return Object.assign(account, { invalidate });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function driveError(code: number, status: string, reason: string) {
  return { error: { code, message: 'Google says no', status, errors: [{ domain: 'global', reason }] } };
}

function client(replies: Response[], account: AccessTokenSource | undefined = serviceAccount()) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    return reply;
  });
  return {
    requests,
    drive: createDriveClient({
      driveApiUrl: 'https://www.googleapis.com/',
      serviceAccount: account,
      timeoutMs: 1000,
      fetch,
    }),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof GoogleApiError ? error.code : `not a GoogleApiError: ${String(error)}`;
  }
}

describe('drive client: permissions.list', () => {
  it('asks Drive for the sharing fields with the service account and reads every page', async () => {
    const { drive, requests } = client([
      json(200, {
        kind: 'drive#permissionList',
        nextPageToken: 'page-2',
        permissions: [
          { kind: 'drive#permission', id: '1', type: 'user', role: 'owner', emailAddress: 'ada@example.com' },
          { kind: 'drive#permission', id: 'anyoneWithLink', type: 'anyone', role: 'reader' },
        ],
      }),
      json(200, {
        kind: 'drive#permissionList',
        permissions: [{ id: '2', type: 'domain', role: 'writer', domain: 'example.org' }],
      }),
    ]);
    expect(await drive.listPermissions(FILE_ID)).toEqual([
      { id: '1', type: 'user', role: 'owner', emailAddress: 'ada@example.com' },
      { id: 'anyoneWithLink', type: 'anyone', role: 'reader' },
      { id: '2', type: 'domain', role: 'writer', domain: 'example.org' },
    ]);
    expect(requests).toHaveLength(2);
    const first = new URL(requests[0]!.url);
    expect(first.origin + first.pathname).toBe(
      `https://www.googleapis.com/drive/v3/files/${FILE_ID}/permissions`,
    );
    expect(Object.fromEntries(first.searchParams)).toEqual({
      fields: 'nextPageToken,permissions(id,type,emailAddress,role,domain)',
      pageSize: '100',
      supportsAllDrives: 'true',
    });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer sa-token');
    expect(new URL(requests[1]!.url).searchParams.get('pageToken')).toBe('page-2');
  });

  it('answers an empty list when Google leaves permissions out, and skips kinds it does not know', async () => {
    expect(await client([json(200, {})]).drive.listPermissions(FILE_ID)).toEqual([]);
    const { drive } = client([
      json(200, {
        permissions: [
          { id: '9', type: 'audience', role: 'reader' },
          { id: '1', type: 'user', role: 'reader' },
        ],
      }),
    ]);
    expect(await drive.listPermissions(FILE_ID)).toEqual([{ id: '1', type: 'user', role: 'reader' }]);
  });

  it('stops after ten pages, whatever Google keeps offering', async () => {
    const pages = Array.from({ length: 12 }, (_, i) =>
      json(200, {
        nextPageToken: `p${i + 1}`,
        permissions: [{ id: String(i), type: 'user', role: 'reader' }],
      }),
    );
    const { drive, requests } = client(pages);
    expect(await drive.listPermissions(FILE_ID)).toHaveLength(10);
    expect(requests).toHaveLength(10);
  });

  it("maps Drive's 404 (cannot see the file) and 403 (may not list) to NOT_FOUND and PERMISSION_DENIED", async () => {
    const notFound = client([json(404, driveError(404, 'NOT_FOUND', 'notFound'))]);
    expect(await codeOf(notFound.drive.listPermissions(FILE_ID))).toBe('NOT_FOUND');
    const forbidden = client([
      json(403, driveError(403, 'PERMISSION_DENIED', 'insufficientFilePermissions')),
    ]);
    expect(await codeOf(forbidden.drive.listPermissions(FILE_ID))).toBe('PERMISSION_DENIED');
    const limited = client([json(403, driveError(403, 'PERMISSION_DENIED', 'userRateLimitExceeded'))]);
    expect(await codeOf(limited.drive.listPermissions(FILE_ID))).toBe('RATE_LIMITED');
  });

  it('forgets the service-account token after a 401, and calls an unexpected body unavailable', async () => {
    const account = serviceAccount();
    const rejected = client([json(401, driveError(401, 'UNAUTHENTICATED', 'authError'))], account);
    expect(await codeOf(rejected.drive.listPermissions(FILE_ID))).toBe('UNAVAILABLE');
    expect(account.invalidate).toHaveBeenCalledOnce();
    const odd = client([json(200, { permissions: 'everyone' })]);
    expect(await codeOf(odd.drive.listPermissions(FILE_ID))).toBe('UNAVAILABLE');
  });

  it('sends nothing for an id that cannot be a Google id, or without a service account', async () => {
    const { drive, requests } = client([]);
    expect(await codeOf(drive.listPermissions('../../files'))).toBe('INVALID_URL');
    expect(await codeOf(client([], undefined).drive.listPermissions(FILE_ID))).toBe('UNAVAILABLE');
    expect(requests).toHaveLength(0);
  });
});

describe("drive client: files.get capabilities with a person's own token", () => {
  it('asks Drive whether the token can edit the file, with the token in the header only', async () => {
    const { drive, requests } = client([
      json(200, { capabilities: { canEdit: true } }),
      json(200, { capabilities: { canEdit: false } }),
      json(200, {}),
    ]);
    expect(await drive.canEditWithUserToken(FILE_ID, 'ya29.owner-token')).toBe(true);
    expect(await drive.canEditWithUserToken(FILE_ID, 'ya29.viewer-token')).toBe(false);
    // Drive leaves out what it does not grant: no capabilities is no edit access.
    expect(await drive.canEditWithUserToken(FILE_ID, 'ya29.other')).toBe(false);
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe(`/drive/v3/files/${FILE_ID}`);
    expect(url.searchParams.get('fields')).toBe('capabilities(canEdit)');
    expect(url.searchParams.get('supportsAllDrives')).toBe('true');
    expect(requests[0]?.url).not.toContain('ya29');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer ya29.owner-token');
  });

  it("answers Drive's refusals as errors, never the service account's concern", async () => {
    const account = serviceAccount();
    const rejected = client([json(401, driveError(401, 'UNAUTHENTICATED', 'authError'))], account);
    expect(await codeOf(rejected.drive.canEditWithUserToken(FILE_ID, 'ya29.expired'))).toBe('UNAVAILABLE');
    expect(account.invalidate).not.toHaveBeenCalled();
    const hidden = client([json(404, driveError(404, 'NOT_FOUND', 'notFound'))]);
    expect(await codeOf(hidden.drive.canEditWithUserToken(FILE_ID, 'ya29.stranger'))).toBe('NOT_FOUND');
    const odd = client([json(200, { capabilities: { canEdit: 'yes' } })]);
    expect(await codeOf(odd.drive.canEditWithUserToken(FILE_ID, 'ya29.x'))).toBe('UNAVAILABLE');
    const { drive, requests } = client([]);
    expect(await codeOf(drive.canEditWithUserToken('../../files', 'ya29.x'))).toBe('INVALID_URL');
    expect(requests).toHaveLength(0);
  });
});
