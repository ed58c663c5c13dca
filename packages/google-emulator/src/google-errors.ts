import type { FastifyReply } from 'fastify';

/** The `google.rpc.Code` names Google's JSON APIs put in `error.status`. */
export type GoogleErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ABORTED'
  | 'ALREADY_EXISTS'
  | 'RESOURCE_EXHAUSTED'
  | 'CANCELLED'
  | 'INTERNAL'
  | 'UNIMPLEMENTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED';

/** One entry of the legacy `errors[]` array that older Google APIs (and Drive) still send. */
export interface GoogleLegacyError {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

/**
 * Google's JSON error envelope: `{"error":{"code":404,"message":"…","status":"NOT_FOUND"}}`, with the
 * optional `details` (`google.rpc.ErrorInfo`, `google.rpc.Help`) and legacy `errors[]` some answers carry.
 */
export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    status: GoogleErrorStatus;
    errors?: GoogleLegacyError[];
    details?: Array<Record<string, unknown>>;
  };
}

const STATUS_BY_HTTP_CODE: Record<number, GoogleErrorStatus> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The status name Google pairs with an HTTP code (other 4xx codes read as bad arguments, 5xx as internal). */
export function googleStatusFor(httpCode: number): GoogleErrorStatus {
  return STATUS_BY_HTTP_CODE[httpCode] ?? (httpCode < 500 ? 'INVALID_ARGUMENT' : 'INTERNAL');
}

/** Builds the envelope; the status defaults to the one Google pairs with the HTTP code. */
export function googleErrorBody(
  code: number,
  message: string,
  status = googleStatusFor(code),
  extra: Pick<GoogleErrorBody['error'], 'errors' | 'details'> = {},
): GoogleErrorBody {
  // Google puts `errors` before `status` and `details` after it; the order helps when comparing by eye.
  return {
    error: {
      code,
      message,
      ...(extra.errors ? { errors: extra.errors } : {}),
      status,
      ...(extra.details ? { details: extra.details } : {}),
    },
  };
}

/** Drive v3's older envelope: no `status`, with the legacy `errors[]` (Drive still answers this way). */
export interface LegacyGoogleErrorBody {
  error: { code: number; message: string; errors: GoogleLegacyError[] };
}

/** An error an API handler can return, carrying its HTTP code and Google body. */
export class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    readonly body: GoogleErrorBody | LegacyGoogleErrorBody,
    /** Extra response headers (e.g. `WWW-Authenticate` on 401). */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error.message);
  }

  /** Drive's legacy-shaped error. */
  static legacy(code: number, error: GoogleLegacyError): GoogleApiError {
    return new GoogleApiError(code, { error: { code, message: error.message, errors: [error] } });
  }

  static of(
    code: number,
    message: string,
    status?: GoogleErrorStatus,
    extra?: Pick<GoogleErrorBody['error'], 'errors' | 'details'>,
  ): GoogleApiError {
    return new GoogleApiError(code, googleErrorBody(code, message, status ?? googleStatusFor(code), extra));
  }
}

/**
 * A Google method the emulator does not implement: 501 UNIMPLEMENTED (Google's status for a method a
 * service does not offer), so a client can tell it from a missing file (404 "Requested entity was not
 * found." / "File not found").
 */
export function unimplementedMethod(method: string): GoogleApiError {
  return GoogleApiError.of(501, `Method not implemented by the Google emulator: ${method}.`, 'UNIMPLEMENTED');
}

/** Replies with a Google JSON error. */
export function sendGoogleError(
  reply: FastifyReply,
  code: number,
  message: string,
  status?: GoogleErrorStatus,
) {
  return reply
    .code(code)
    .type('application/json; charset=UTF-8')
    .send(googleErrorBody(code, message, status));
}

/** Replies with a prepared {@link GoogleApiError}. */
export function sendGoogleApiError(reply: FastifyReply, error: GoogleApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.code).type('application/json; charset=UTF-8').send(error.body);
}
