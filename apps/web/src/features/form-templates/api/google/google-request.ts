/**
 * A failed call to a Google API: its HTTP status (0 when the request never got an answer) and Google's
 * own message (`error.message` of its error body), shown to the owner as Google wrote it.
 */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

/** Google's access tokens expire after about an hour, or are revoked: the caller asks for a new one. */
export function isExpiredTokenError(error: unknown): boolean {
  return error instanceof GoogleApiError && error.status === 401;
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** GET with the owner's token; answers the response when it is 2xx, else throws GoogleApiError. */
export async function googleGet(url: string, accessToken: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch (error) {
    throw new GoogleApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw new GoogleApiError(response.status, await googleErrorMessage(response));
  return response;
}

/** `{"error":{"code","message","status"}}` is Google's error body; anything else falls back to the status. */
async function googleErrorMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  } catch {
    // Not JSON: use the status below.
  }
  return `${response.status} ${response.statusText}`.trim();
}
