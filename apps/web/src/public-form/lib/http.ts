import { API_BASE, REQUEST_TIMEOUT_MS } from './constants';

/** A field-level problem of a 400 VALIDATION_FAILED reply. */
export interface ProblemFieldError {
  path: string;
  message: string;
}

/**
 * A failed call. `status` is 0 when no response arrived at all (offline, DNS, timeout): those are the
 * only failures that are safe to retry with the same idempotency key.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own message (problem+json `detail`), when it sent one. */
  readonly detail: string | undefined;
  readonly fieldErrors: ProblemFieldError[];

  constructor(
    status: number,
    detail?: string,
    code?: string,
    fieldErrors: ProblemFieldError[] = [],
    message?: string,
  ) {
    super(message ?? detail ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface ApiResult<T> {
  status: number;
  data: T;
  message: string | undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFieldErrors(value: unknown): ProblemFieldError[] {
  if (!Array.isArray(value)) return [];
  const out: ProblemFieldError[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.message !== 'string') continue;
    const path = Array.isArray(item.path)
      ? item.path.join('.')
      : typeof item.path === 'string'
        ? item.path
        : '';
    out.push({ path, message: item.message });
  }
  return out;
}

/**
 * fetch with a timeout, for the API's envelope: success `{data, message?}`, failure problem+json
 * `{code, detail, errors?}`. Small on purpose: the public bundle carries no HTTP library.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'AbortError';
    throw new ApiError(0, undefined, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const problem = isRecord(payload) ? payload : {};
    const detail =
      typeof problem.detail === 'string'
        ? problem.detail
        : typeof problem.message === 'string'
          ? problem.message
          : undefined;
    const code = typeof problem.code === 'string' ? problem.code : undefined;
    throw new ApiError(response.status, detail, code, readFieldErrors(problem.errors));
  }
  const envelope = isRecord(payload) ? payload : {};
  return {
    status: response.status,
    data: envelope.data as T,
    message: typeof envelope.message === 'string' ? envelope.message : undefined,
  };
}
