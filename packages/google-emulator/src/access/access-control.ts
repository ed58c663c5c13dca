import type { FastifyRequest } from 'fastify';
import { GoogleApiError } from '../google-errors.js';
import type { IdentityStore } from '../identity/identity-store.js';
import type { Sharing } from './sharing.js';

/** Who is calling: an API key (anonymous, read-only) or the account behind a Bearer token. */
export type Caller =
  | { kind: 'apiKey'; key: string }
  | { kind: 'account'; email: string; clientId: string; scopes: string[] };

/** The Google service an endpoint belongs to (it appears in error details). */
export type GoogleService = 'sheets.googleapis.com' | 'drive.googleapis.com' | 'docs.googleapis.com';

/** A file's access rules: who owns it and how it is shared. */
export interface FileAccess {
  ownerEmail?: string;
  sharing: Sharing;
}

const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

/** The OAuth scopes (short names) each kind of call accepts, from Google's API references. */
export const ACCEPTED_SCOPES = {
  sheetsRead: ['spreadsheets', 'spreadsheets.readonly', 'drive', 'drive.readonly', 'drive.file'],
  sheetsWrite: ['spreadsheets', 'drive', 'drive.file'],
  // files.export takes Drive scopes only (documents.readonly is not enough, see the reference §4).
  driveRead: ['drive', 'drive.readonly', 'drive.file', 'drive.meet.readonly'],
  docsRead: ['documents', 'documents.readonly', 'drive', 'drive.readonly', 'drive.file'],
  // Drive metadata (files.get, permissions.list, about.get) also takes the metadata scopes.
  driveMetadata: [
    'drive',
    'drive.readonly',
    'drive.file',
    'drive.metadata',
    'drive.metadata.readonly',
    'drive.meet.readonly',
  ],
} as const;

// Google's exact messages, link included.
const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const MISSING_CREDENTIAL =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

/**
 * Works out the caller as Google's front end does: a `key` that is not valid fails first (400
 * API_KEY_INVALID) even with a token; a Bearer token wins over a key; no credentials at all is 403
 * "missing a valid API key"; an unknown or expired token is 401.
 */
export function authenticate(
  request: FastifyRequest,
  deps: { apiKeys: readonly string[]; identity: IdentityStore; service: GoogleService },
): Caller {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const key = query.get('key') ?? headerValue(request.headers['x-goog-api-key']);
  if (key !== null && key !== undefined && !deps.apiKeys.includes(key)) {
    throw GoogleApiError.of(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: deps.service },
        },
      ],
    });
  }
  const authorization = headerValue(request.headers.authorization);
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const grant = match?.[1] ? deps.identity.lookupAccessToken(match[1]) : undefined;
    if (!grant) {
      const error = GoogleApiError.of(401, INVALID_CREDENTIALS, 'UNAUTHENTICATED');
      return throwWith(error, {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    }
    return {
      kind: 'account',
      email: grant.email.toLowerCase(),
      clientId: grant.clientId,
      scopes: grant.scopes,
    };
  }
  if (key) return { kind: 'apiKey', key };
  throw GoogleApiError.of(403, 'The request is missing a valid API key.', 'PERMISSION_DENIED');
}

/**
 * Checks that the caller may make this kind of call at all, before any file is looked up: an API key
 * never writes (401), and a token needs one of the method's scopes (403 insufficient scopes).
 */
export function requireCallKind(
  caller: Caller,
  need: 'read' | 'write',
  acceptedScopes: readonly string[],
  service: GoogleService,
): void {
  if (caller.kind === 'apiKey') {
    if (need === 'write') {
      const error = GoogleApiError.of(401, MISSING_CREDENTIAL, 'UNAUTHENTICATED');
      throwWith(error, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
    }
    return;
  }
  const granted = caller.scopes.map((scope) =>
    scope.startsWith(SCOPE_PREFIX) ? scope.slice(SCOPE_PREFIX.length) : scope,
  );
  if (!acceptedScopes.some((scope) => granted.includes(scope))) {
    throw GoogleApiError.of(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED', {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
          metadata: { service },
        },
      ],
    });
  }
}

/** Methods that act for a person (about.get, permissions.list) refuse an API key with Google's 401. */
export function requireAccount(caller: Caller): asserts caller is Extract<Caller, { kind: 'account' }> {
  if (caller.kind === 'apiKey') {
    const error = GoogleApiError.of(401, MISSING_CREDENTIAL, 'UNAUTHENTICATED');
    throwWith(error, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
  }
}

/**
 * The most the caller may do with a file: edit, comment (read and comment), view or nothing; the highest
 * of their own share, their domain's and the link's, as in Drive. An API key only gets link access, and
 * only to read.
 */
export function roleFor(caller: Caller, file: FileAccess): 'edit' | 'comment' | 'view' | 'none' {
  const link = file.sharing.link;
  if (caller.kind === 'apiKey') return link === 'none' ? 'none' : 'view';
  if (file.ownerEmail && file.ownerEmail.toLowerCase() === caller.email) return 'edit';
  const person = file.sharing.people.find((entry) => entry.email === caller.email);
  const domainName = caller.email.slice(caller.email.lastIndexOf('@') + 1);
  const domain = file.sharing.domains?.find((entry) => entry.domain === domainName);
  const roles = [person?.role, domain?.role, link];
  if (roles.includes('edit')) return 'edit';
  if (roles.includes('comment')) return 'comment';
  if (roles.includes('view')) return 'view';
  return 'none';
}

/** Throws Google's 403 when the caller's role is not enough for the call (only editors write). */
export function requireRole(caller: Caller, file: FileAccess, need: 'read' | 'write'): void {
  const role = roleFor(caller, file);
  if (role === 'none' || (need === 'write' && role !== 'edit')) {
    throw GoogleApiError.of(403, 'The caller does not have permission', 'PERMISSION_DENIED');
  }
}

/** The caller's identity for per-user quotas. */
export function quotaUserOf(caller: Caller): string {
  return caller.kind === 'apiKey' ? `key:${caller.key}` : caller.email;
}

function throwWith(error: GoogleApiError, headers: Record<string, string>): never {
  Object.assign(error.headers, headers);
  throw error;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
