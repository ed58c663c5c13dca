import { API_PREFIX, API_TIMEOUT_MS, type TokenPair } from '@sheetforms/contract';
import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { browserCoordination, createSessionRefresher } from './session-refresh';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry that follows a token refresh, so a second 401 ends the session. */
    _retriedAfterRefresh?: boolean;
  }
}

/** The success envelope of every API call: `{ data, message? }`. */
export interface ApiEnvelope<T> {
  data: T;
  message?: string;
}

/** What each call yields: the body's `data`, plus the server's success `message` when it sent one. */
export interface ApiResult<T> {
  data: T;
  message?: string;
}

/**
 * Calls that must never trigger a refresh nor end the session on a 401: signing in and refreshing
 * are how a session starts, and logout is public (it only needs the refresh token in its body).
 */
const SESSIONLESS_PATHS = ['/auth/google', '/auth/refresh', '/auth/logout'];

const GENERIC_ERROR_TEXT = 'Request failed';

/** The axios instance behind every call; exported so tests can swap its adapter. */
export const api = axios.create({
  baseURL: API_PREFIX,
  timeout: API_TIMEOUT_MS,
  // No default Content-Type: axios sets application/json for object bodies, and a JSON content type on a
  // bodiless DELETE makes the server reject the request.
  headers: { Accept: 'application/json, application/problem+json' },
});

let navigateHome: () => void = () => {
  window.location.assign('/');
};
const sessionExpiredListeners = new Set<() => void>();

/** Lets the app navigate with its router instead of a full page load when a session ends. */
export function setNavigateHome(handler: () => void): void {
  navigateHome = handler;
}

/** Called after a 401 cleared the stored session; returns the unsubscribe function. */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

function isSessionlessCall(url: string | undefined): boolean {
  return url !== undefined && SESSIONLESS_PATHS.some((path) => url === path || url.endsWith(path));
}

function expireSession(): void {
  clearSession();
  for (const listener of sessionExpiredListeners) listener();
  if (window.location.pathname !== '/') navigateHome();
}

/**
 * Rotates the token pair. Concurrent 401s of a tab share one refresh call, and tabs take turns through
 * a Web Lock, so two tabs never spend the same refresh token (see session-refresh.ts).
 */
const sessionRefresher = createSessionRefresher({
  readRefreshToken: getRefreshToken,
  writeTokens: setTokens,
  // A refused refresh is logged by the response interceptor and rejects here.
  callRefresh: async (refreshToken) =>
    (await api.post<ApiEnvelope<TokenPair>>('/auth/refresh', { refreshToken })).data.data,
  ...browserCoordination(),
});

function refreshSession(): Promise<boolean> {
  return sessionRefresher.refresh();
}

/** Called when another tab refreshed the session (its pair is already stored); returns the unsubscribe. */
export function onSessionRefreshedElsewhere(listener: (tokens: TokenPair) => void): () => void {
  return sessionRefresher.onRefreshedElsewhere(listener);
}

/** The server's human text: a problem document's `detail`, else a body's `message`. */
/**
 * Whether a failed call was answered with this HTTP status and problem `code` (e.g. 403 NO_OWNER_ACCESS,
 * 409 FORM_CHANGED): the one reading of a refusal's code for every feature.
 */
export function isProblem(error: unknown, status: number, code: string): boolean {
  if (!axios.isAxiosError(error) || error.response?.status !== status) return false;
  const body: unknown = error.response.data;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === code;
}

function serverErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail.length > 0) return detail;
  if (typeof message === 'string' && message.length > 0) return message;
  return undefined;
}

function logApiError(error: AxiosError): void {
  console.error('API request failed', {
    url: error.config?.url,
    method: error.config?.method?.toUpperCase(),
    status: error.response?.status,
    detail: serverErrorText(error.response?.data) ?? (error.message || GENERIC_ERROR_TEXT),
  });
}

/**
 * The text to show for a failed call: the server's `detail` or `message`, else the thrown error's
 * message (e.g. axios's 'Network Error'), else the fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const text = serverErrorText(error.response?.data);
    if (text) return text;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

api.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const accessToken = getAccessToken();
  if (accessToken) config.headers.set('Authorization', `Bearer ${accessToken}`);
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || axios.isCancel(error)) throw error;
  const config = error.config;

  if (error.response?.status === 401 && config && !isSessionlessCall(config.url)) {
    if (!config._retriedAfterRefresh) {
      const sentToken = config.headers.get('Authorization');
      const currentToken = getAccessToken();
      // Another call may have refreshed the pair while this one was in flight: then just retry.
      const tokenChangedMeanwhile = currentToken !== null && sentToken !== `Bearer ${currentToken}`;
      if (tokenChangedMeanwhile || (await refreshSession())) {
        config._retriedAfterRefresh = true;
        return api.request(config);
      }
    }
    logApiError(error);
    expireSession();
    throw error;
  }

  logApiError(error);
  throw error;
});

async function call<T>(config: AxiosRequestConfig): Promise<ApiResult<T>> {
  const response = await api.request<ApiEnvelope<T>>(config);
  const { data, message } = response.data;
  return message === undefined ? { data } : { data, message };
}

/** Typed calls against /api/v1; each resolves to the body's `data` (and `message`). */
export const apiClient = {
  get: <T>(url: string, config?: AxiosRequestConfig) => call<T>({ ...config, method: 'GET', url }),
  delete: <T>(url: string, config?: AxiosRequestConfig) => call<T>({ ...config, method: 'DELETE', url }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    call<T>({ ...config, method: 'POST', url, data }),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    call<T>({ ...config, method: 'PUT', url, data }),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    call<T>({ ...config, method: 'PATCH', url, data }),
};
