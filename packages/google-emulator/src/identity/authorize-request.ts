/** The OAuth errors the authorization endpoint reports on its error page. */
export type AuthorizeErrorCode = 'invalid_client' | 'invalid_request' | 'unsupported_response_type';

/** Why an authorization request was refused; shown as Google shows it ("Error 400: invalid_request"). */
export interface AuthorizeError {
  status: 400 | 401;
  error: AuthorizeErrorCode;
  description: string;
}

/** A validated implicit-flow authorization request. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  /** The redirect URI's origin, allowed as a form target in the chooser's Content-Security-Policy. */
  redirectOrigin: string;
  /** The response_type as received (for hidden fields); see the two flags for its meaning. */
  responseType: string;
  wantsIdToken: boolean;
  wantsAccessToken: boolean;
  scope: string;
  scopes: string[];
  nonce?: string;
  state?: string;
  prompt?: string;
  loginHint?: string;
}

/** The result of checking an authorization request. */
export type AuthorizeRequestCheck =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; error: AuthorizeError };

/** The request parameters the emulator reads (others, such as include_granted_scopes, are ignored). */
export const AUTHORIZE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'nonce',
  'state',
  'prompt',
  'login_hint',
] as const;

type AuthorizeParameter = (typeof AUTHORIZE_PARAMETERS)[number];

const PROMPT_VALUES = new Set(['none', 'consent', 'select_account']);

/**
 * Checks authorization parameters (a parsed query string or form body) the way Google does, in Google's
 * order: the client first, then the redirect URI (only a trusted URI may receive errors), then the rest.
 */
export function checkAuthorizeRequest(source: unknown, expectedClientId: string): AuthorizeRequestCheck {
  const params: Partial<Record<AuthorizeParameter, string>> = {};
  const fields = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  for (const name of AUTHORIZE_PARAMETERS) {
    const value = fields[name];
    // RFC 6749 §3.1: parameters must not be repeated; a repeated one is ambiguous, so refuse it.
    if (Array.isArray(value)) return fail(400, 'invalid_request', `Duplicate parameter: ${name}`);
    if (typeof value === 'string' && value !== '') params[name] = value;
  }

  const clientId = params.client_id;
  if (!clientId) return fail(401, 'invalid_client', 'Missing required parameter: client_id');
  if (clientId !== expectedClientId) return fail(401, 'invalid_client', 'The OAuth client was not found.');

  const redirectUri = params.redirect_uri;
  if (!redirectUri) return fail(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  const redirectProblem = redirectUriProblem(redirectUri);
  if (redirectProblem)
    return fail(400, 'invalid_request', `Invalid parameter value for redirect_uri: ${redirectProblem}`);

  const responseType = params.response_type;
  if (!responseType) return fail(400, 'invalid_request', 'Missing required parameter: response_type');
  // "id_token token", "token id_token" and "id_token+token" all mean the same thing.
  const responseTypes = responseType.split(/[\s+]+/).filter((part) => part !== '');
  const unsupported = responseTypes.filter((part) => part !== 'id_token' && part !== 'token');
  if (responseTypes.length === 0 || unsupported.length > 0) {
    return fail(400, 'unsupported_response_type', `Unsupported response type: ${responseType}`);
  }
  const wantsIdToken = responseTypes.includes('id_token');
  const wantsAccessToken = responseTypes.includes('token');

  const scope = params.scope;
  if (!scope) return fail(400, 'invalid_request', 'Missing required parameter: scope');
  const scopes = [...new Set(scope.split(/\s+/).filter((part) => part !== ''))];

  // Google refuses an implicit-flow ID token without a nonce, because the nonce is what stops replay.
  if (wantsIdToken && !params.nonce) return fail(400, 'invalid_request', 'Missing required parameter: nonce');

  if (params.prompt) {
    const prompts = params.prompt.split(/\s+/).filter((part) => part !== '');
    const unknown = prompts.find((part) => !PROMPT_VALUES.has(part));
    if (unknown)
      return fail(400, 'invalid_request', `Invalid parameter value for prompt: Invalid prompt: ${unknown}`);
    if (prompts.includes('none') && prompts.length > 1) {
      return fail(400, 'invalid_request', 'Invalid parameter value for prompt: none cannot be combined');
    }
  }

  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      redirectOrigin: new URL(redirectUri).origin,
      responseType,
      wantsIdToken,
      wantsAccessToken,
      scope,
      scopes,
      ...(params.nonce ? { nonce: params.nonce } : {}),
      ...(params.state ? { state: params.state } : {}),
      ...(params.prompt ? { prompt: params.prompt } : {}),
      ...(params.login_hint ? { loginHint: params.login_hint } : {}),
    },
  };
}

/** The request's parameters as name/value pairs, to carry them through the chooser's forms. */
export function authorizeRequestParameters(request: AuthorizeRequest): Array<[AuthorizeParameter, string]> {
  const pairs: Array<[AuthorizeParameter, string | undefined]> = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', request.responseType],
    ['scope', request.scope],
    ['nonce', request.nonce],
    ['state', request.state],
    ['prompt', request.prompt],
    ['login_hint', request.loginHint],
  ];
  return pairs.filter((pair): pair is [AuthorizeParameter, string] => pair[1] !== undefined);
}

function redirectUriProblem(redirectUri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return `Invalid URI: ${redirectUri}`;
  }
  // Only web origins can receive a fragment safely; javascript:, data: and custom schemes cannot.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Invalid scheme: ${url.protocol.slice(0, -1)}`;
  }
  // RFC 6749 §3.1.2: the tokens go in the fragment, so the URI must not already have one.
  if (redirectUri.includes('#')) return 'Fragment not allowed';
  return undefined;
}

function fail(status: 400 | 401, error: AuthorizeErrorCode, description: string): AuthorizeRequestCheck {
  return { ok: false, error: { status, error, description } };
}
