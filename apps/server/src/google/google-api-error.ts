/**
 * Our own error codes for Google API failures. Callers decide what to do (show, retry, queue) by code;
 * nothing outside apps/server/src/google looks at Google's HTTP statuses or bodies.
 */
export type GoogleErrorCode =
  /** The spreadsheet or file does not exist (or is not a native Google Sheet). */
  | 'NOT_FOUND'
  /** It exists but our credentials may not open it. */
  | 'PERMISSION_DENIED'
  /** A range named a sheet (tab) the spreadsheet does not have. */
  | 'SHEET_NOT_FOUND'
  /** Google's quota (or the token endpoint's) said slow down: worth retrying later. */
  | 'RATE_LIMITED'
  /** Google failed, timed out, was unreachable, or rejected our own credentials: not the user's doing. */
  | 'UNAVAILABLE'
  /** The id we were given cannot be a Google id, so nothing was sent. */
  | 'INVALID_URL'
  /** Google refused the request itself (e.g. a duplicate sheet title on addSheet). */
  | 'INVALID_REQUEST';

/** What the request was about, which decides what a 400 INVALID_ARGUMENT means. */
export type GoogleRequestTarget =
  | 'spreadsheet'
  /** A read of a range we built from a sheet title. */
  | 'range'
  /** A write (append, update) to a range of a tab just found by its sheetId. */
  | 'range-write'
  | 'batch-update'
  | 'file'
  | 'token';

export class GoogleApiError extends Error {
  constructor(
    readonly code: GoogleErrorCode,
    message: string,
    /** Google's HTTP status and `error.status`, kept for logs. */
    readonly httpStatus?: number,
    readonly googleStatus?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleApiError';
  }
}

/** The parts of Google's error body we classify on: `error.status` and `error.details[].reason`. */
export interface GoogleErrorFacts {
  httpStatus: number;
  status: string | undefined;
  reasons: string[];
  message: string | undefined;
}

/** Reads `{"error":{code,message,status,details,errors}}` (and the token endpoint's `{"error":"…"}`). */
export function readGoogleErrorBody(httpStatus: number, body: unknown): GoogleErrorFacts {
  const facts: GoogleErrorFacts = { httpStatus, status: undefined, reasons: [], message: undefined };
  if (!isRecord(body)) return facts;
  const error = body.error;
  if (typeof error === 'string') {
    // OAuth token endpoint: {"error":"invalid_grant","error_description":"…"}
    facts.status = error;
    if (typeof body.error_description === 'string') facts.message = body.error_description;
    return facts;
  }
  if (!isRecord(error)) return facts;
  if (typeof error.status === 'string') facts.status = error.status;
  if (typeof error.message === 'string') facts.message = error.message;
  for (const list of [error.details, error.errors]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (isRecord(item) && typeof item.reason === 'string') facts.reasons.push(item.reason);
    }
  }
  return facts;
}

const RATE_LIMIT_REASONS = new Set([
  'RATE_LIMIT_EXCEEDED',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'quotaExceeded',
]);
const OUR_CREDENTIAL_REASONS = new Set(['API_KEY_INVALID', 'API_KEY_SERVICE_BLOCKED', 'keyInvalid']);
/** Drive's 403s that are about the file, not about who may open it. */
const FILE_LIMIT_REASONS = new Set(['exportSizeLimitExceeded', 'cannotExportFile']);

/**
 * Maps a Google failure to our code by HTTP status, `error.status` and `details[].reason`, never by the
 * message text (Google rewords messages; reference 1e).
 */
export function classifyGoogleError(facts: GoogleErrorFacts, target: GoogleRequestTarget): GoogleErrorCode {
  const { httpStatus, status, reasons } = facts;
  const hasReason = (set: Set<string>) => reasons.some((reason) => set.has(reason));

  if (httpStatus === 429 || status === 'RESOURCE_EXHAUSTED' || hasReason(RATE_LIMIT_REASONS)) {
    return 'RATE_LIMITED';
  }
  // A rejected API key or token is our configuration, not the user's spreadsheet.
  if (httpStatus === 401 || status === 'UNAUTHENTICATED' || hasReason(OUR_CREDENTIAL_REASONS)) {
    return 'UNAVAILABLE';
  }
  if (target === 'token') {
    // invalid_grant / invalid_client: the key file is wrong or revoked; 5xx: Google is down.
    return 'UNAVAILABLE';
  }
  if (httpStatus === 404 || status === 'NOT_FOUND') return 'NOT_FOUND';
  // "This file is too large to be exported": sharing it again would not help.
  if (hasReason(FILE_LIMIT_REASONS)) return 'INVALID_REQUEST';
  if (httpStatus === 403 || status === 'PERMISSION_DENIED') return 'PERMISSION_DENIED';
  if (httpStatus >= 500 || httpStatus === 408) return 'UNAVAILABLE';
  // An Office file stored in Drive answers FAILED_PRECONDITION: there is no Google Sheet at that id.
  if (status === 'FAILED_PRECONDITION') return 'NOT_FOUND';
  if (httpStatus === 400 || status === 'INVALID_ARGUMENT') {
    // We build every range ourselves from a quoted title, so an unparsable one names a missing sheet. A
    // write goes to a tab found by its id a moment before: its 400 is about the write itself (a protected
    // range, Google's cell limits), and repeating it would not help.
    return target === 'range' ? 'SHEET_NOT_FOUND' : 'INVALID_REQUEST';
  }
  return 'INVALID_REQUEST';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
