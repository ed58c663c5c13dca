import type { FastifyInstance } from 'fastify';
import { ACCEPTED_SCOPES, requireAccount } from '../access/access-control.js';
import { guardApiCall } from '../access/api-guard.js';
import { GoogleApiError, unimplementedMethod } from '../google-errors.js';
import { applyFieldMask } from '../sheets/field-mask.js';
import {
  type DocumentsRoutesDeps,
  driveFieldMask,
  driveSource,
  findVisibleFile,
} from './documents.routes.js';
import { defaultPermissionFields, driveUser, permissionsOf } from './drive-resources.js';

type Query = Record<string, string | undefined>;

/** Drive caps a page of permissions at 100. */
const MAX_PAGE_SIZE = 100;

/**
 * Drive v3 `permissions.list` and `about.get`, and Google's 501 for the Drive and Docs methods the
 * emulator does not offer (files.list, uploads, documents.create/batchUpdate…), so a client never mistakes
 * a missing method for a missing file.
 */
export function registerDriveMetadataRoutes(app: FastifyInstance, deps: DocumentsRoutesDeps) {
  app.get<{ Params: { fileId: string }; Querystring: Query }>(
    '/drive/v3/files/:fileId/permissions',
    async (request, reply) => {
      const caller = await guardApiCall(request, deps.guard, {
        kind: 'read',
        service: 'drive.googleapis.com',
        scopes: ACCEPTED_SCOPES.driveMetadata,
      });
      requireAccount(caller);
      const { pageSize, pageToken, fields } = request.query;
      const size = pageSize === undefined || pageSize === '' ? undefined : checkPageSize(pageSize);
      const file = findVisibleFile(caller, deps, request.params.fileId);
      const all = permissionsOf(driveSource(deps, file));
      const start = pageToken === undefined || pageToken === '' ? 0 : offsetOf(pageToken, all.length);
      const end = size === undefined ? all.length : Math.min(all.length, start + size);
      const page = all.slice(start, end);
      const nextPageToken = end < all.length ? Buffer.from(`p${end}`).toString('base64url') : undefined;
      const head = { ...(nextPageToken ? { nextPageToken } : {}), kind: 'drive#permissionList' };
      if (fields === undefined || fields === '') {
        return reply.send({ ...head, permissions: page.map(defaultPermissionFields) });
      }
      return reply.send(applyFieldMask({ ...head, permissions: page }, driveFieldMask(fields)));
    },
  );

  app.get<{ Querystring: Query }>('/drive/v3/about', async (request, reply) => {
    const caller = await guardApiCall(request, deps.guard, {
      kind: 'read',
      service: 'drive.googleapis.com',
      scopes: ACCEPTED_SCOPES.driveMetadata,
    });
    requireAccount(caller);
    const fields = request.query.fields;
    if (fields === undefined || fields === '') {
      throw GoogleApiError.legacy(400, {
        message: "The 'fields' parameter is required for this method.",
        domain: 'global',
        reason: 'required',
        location: 'fields',
        locationType: 'parameter',
      });
    }
    const about = {
      kind: 'drive#about',
      user: driveUser(caller.email, caller),
      storageQuota: { limit: '16106127360', usage: '0', usageInDrive: '0', usageInDriveTrash: '0' },
      canCreateDrives: false,
    };
    return reply.send(applyFieldMask(about, driveFieldMask(fields)));
  });

  const unimplemented = (method: string) => async () => {
    throw unimplementedMethod(method);
  };
  app.get('/drive/v3/files', unimplemented('drive.files.list'));
  app.post('/drive/v3/files', unimplemented('drive.files.create'));
  app.all('/drive/v3/*', async (request) => {
    throw unimplementedMethod(`${request.method} ${request.url.split('?')[0]} (Drive API v3)`);
  });
  app.all('/upload/drive/v3/*', unimplemented('drive.files uploads'));
  app.post('/v1/documents', unimplemented('docs.documents.create'));
  app.all('/v1/documents/*', async (request) => {
    throw unimplementedMethod(`${request.method} ${request.url.split('?')[0]} (Docs API v1)`);
  });
}

function checkPageSize(text: string): number {
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    const message = `Invalid value '${text}'. Values must be within the range: [1, ${MAX_PAGE_SIZE}]`;
    throw GoogleApiError.legacy(400, {
      message,
      domain: 'global',
      reason: 'invalid',
      location: 'pageSize',
      locationType: 'parameter',
    });
  }
  return size;
}

/** Page tokens are opaque to callers; a token this emulator did not hand out is Drive's 400. */
function offsetOf(token: string, total: number): number {
  const match = /^p(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  const offset = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!Number.isInteger(offset) || offset > total) {
    throw GoogleApiError.legacy(400, {
      message: 'Invalid Value',
      domain: 'global',
      reason: 'invalid',
      location: 'pageToken',
      locationType: 'parameter',
    });
  }
  return offset;
}
