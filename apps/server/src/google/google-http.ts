import {
  classifyGoogleError,
  GoogleApiError,
  type GoogleRequestTarget,
  readGoogleErrorBody,
} from './google-api-error.js';

export type FetchFn = typeof fetch;

export interface GoogleRequest {
  method?: 'GET' | 'POST' | 'PUT';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  target: GoogleRequestTarget;
  timeoutMs: number;
  fetch: FetchFn;
  /**
   * The most reply body bytes (after any content encoding is undone) to read: a longer reply is dropped
   * unread past this point and answers GoogleReplyTooLargeError. Unlimited when left out.
   */
  maxBytes?: number;
}

/**
 * Google answered more than the caller reads (GoogleRequest.maxBytes). Code INVALID_REQUEST: asking
 * again gets the same answer, so whoever made it that large (the sheet's owner) has to shrink it.
 */
export class GoogleReplyTooLargeError extends GoogleApiError {
  constructor(
    readonly maxBytes: number,
    message: string,
    httpStatus?: number,
  ) {
    super('INVALID_REQUEST', message, httpStatus);
    this.name = 'GoogleReplyTooLargeError';
  }
}

/**
 * One HTTP exchange with a Google API: a timeout, and every failure turned into a GoogleApiError.
 * No retries: whether a failed call is worth repeating is the caller's decision.
 */
export async function googleFetch(request: GoogleRequest): Promise<Response> {
  let res: Response;
  try {
    res = await request.fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GoogleApiError(
      'UNAVAILABLE',
      timedOut
        ? `Google did not answer within ${request.timeoutMs} ms (${describe(request)})`
        : `Google could not be reached (${describe(request)})`,
      undefined,
      undefined,
      { cause: error },
    );
  }
  if (res.ok) return res;

  const text = await readText(res, request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const facts = readGoogleErrorBody(res.status, body);
  const code = classifyGoogleError(facts, request.target);
  throw new GoogleApiError(
    code,
    `Google answered ${res.status} ${facts.status ?? ''} to ${describe(request)}: ${facts.message ?? text.slice(0, 200)}`,
    res.status,
    facts.status,
  );
}

/** googleFetch, then the JSON body (an unreadable body is Google misbehaving: UNAVAILABLE). */
export async function googleJson(request: GoogleRequest): Promise<unknown> {
  const res = await googleFetch(request);
  const text = await readText(res, request);
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new GoogleApiError(
      'UNAVAILABLE',
      `Google sent a body that is not JSON (${describe(request)})`,
      res.status,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** The body arrives after the headers, so the timeout must also cover reading it. */
export async function readText(res: Response, request: GoogleRequest): Promise<string> {
  try {
    if (request.maxBytes === undefined || res.body === null) return await res.text();
    return await readTextWithin(res.body, request.maxBytes, res.status, request);
  } catch (error) {
    if (error instanceof GoogleReplyTooLargeError) throw error;
    throw new GoogleApiError(
      'UNAVAILABLE',
      `Google's reply was cut off (${describe(request)})`,
      res.status,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** The body as UTF-8 text (a BOM dropped, like Response.text()), read no further than `maxBytes`. */
async function readTextWithin(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  status: number,
  request: GoogleRequest,
): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      // Stops the download: the rest of the reply is never buffered.
      await reader.cancel().catch(() => undefined);
      throw new GoogleReplyTooLargeError(
        maxBytes,
        `Google's reply is larger than the ${maxBytes} bytes read of it (${describe(request)})`,
        status,
      );
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, length));
}

export async function readBytes(res: Response, request: GoogleRequest): Promise<Uint8Array> {
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch (error) {
    throw new GoogleApiError(
      'UNAVAILABLE',
      `Google's reply was cut off (${describe(request)})`,
      res.status,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** Method and path for messages and logs; never the query (it may hold the API key). */
function describe(request: GoogleRequest): string {
  return `${request.method ?? 'GET'} ${request.url.origin}${request.url.pathname}`;
}
