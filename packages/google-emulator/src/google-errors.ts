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

/** Google's JSON error envelope: `{"error":{"code":404,"message":"…","status":"NOT_FOUND"}}`. */
export interface GoogleErrorBody {
  error: { code: number; message: string; status: GoogleErrorStatus };
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
): GoogleErrorBody {
  return { error: { code, message, status } };
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
