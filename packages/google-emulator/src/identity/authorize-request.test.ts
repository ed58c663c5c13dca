import { describe, expect, it } from 'vitest';
import { checkAuthorizeRequest } from './authorize-request.js';

const CLIENT_ID = 'client-1.apps.googleusercontent.com';
const valid = {
  client_id: CLIENT_ID,
  redirect_uri: 'http://localhost:3000/oauth-callback.html',
  response_type: 'id_token',
  scope: 'openid email profile',
  nonce: 'n',
  state: 's',
};

describe('checkAuthorizeRequest', () => {
  it('accepts the web app sign-in request', () => {
    const check = checkAuthorizeRequest(valid, CLIENT_ID);
    expect(check).toEqual({
      ok: true,
      request: {
        clientId: CLIENT_ID,
        redirectUri: valid.redirect_uri,
        redirectOrigin: 'http://localhost:3000',
        responseType: 'id_token',
        wantsIdToken: true,
        wantsAccessToken: false,
        scope: 'openid email profile',
        scopes: ['openid', 'email', 'profile'],
        nonce: 'n',
        state: 's',
      },
    });
  });

  it.each(['id_token token', 'token id_token', 'id_token+token', ' token  id_token '])(
    'reads response_type %j as both tokens',
    (responseType) => {
      const check = checkAuthorizeRequest({ ...valid, response_type: responseType }, CLIENT_ID);
      expect(check.ok && check.request.wantsIdToken && check.request.wantsAccessToken).toBe(true);
    },
  );

  it('accepts response_type token without a nonce', () => {
    const check = checkAuthorizeRequest({ ...valid, response_type: 'token', nonce: undefined }, CLIENT_ID);
    expect(check.ok && check.request.wantsAccessToken && !check.request.wantsIdToken).toBe(true);
  });

  it.each([
    [{ client_id: undefined }, 401, 'invalid_client', 'Missing required parameter: client_id'],
    [{ client_id: 'someone-else' }, 401, 'invalid_client', 'The OAuth client was not found.'],
    [{ redirect_uri: undefined }, 400, 'invalid_request', 'Missing required parameter: redirect_uri'],
    [
      { redirect_uri: 'not a url' },
      400,
      'invalid_request',
      'Invalid parameter value for redirect_uri: Invalid URI: not a url',
    ],
    [
      { redirect_uri: 'javascript:alert(1)' },
      400,
      'invalid_request',
      'Invalid parameter value for redirect_uri: Invalid scheme: javascript',
    ],
    [
      { redirect_uri: 'ftp://example.com/cb' },
      400,
      'invalid_request',
      'Invalid parameter value for redirect_uri: Invalid scheme: ftp',
    ],
    [
      { redirect_uri: 'http://localhost/cb#x' },
      400,
      'invalid_request',
      'Invalid parameter value for redirect_uri: Fragment not allowed',
    ],
    [{ response_type: undefined }, 400, 'invalid_request', 'Missing required parameter: response_type'],
    [{ response_type: 'code' }, 400, 'unsupported_response_type', 'Unsupported response type: code'],
    [
      { response_type: 'id_token code' },
      400,
      'unsupported_response_type',
      'Unsupported response type: id_token code',
    ],
    [{ scope: undefined }, 400, 'invalid_request', 'Missing required parameter: scope'],
    [{ nonce: undefined }, 400, 'invalid_request', 'Missing required parameter: nonce'],
    [{ nonce: '' }, 400, 'invalid_request', 'Missing required parameter: nonce'],
    [
      { prompt: 'sometimes' },
      400,
      'invalid_request',
      'Invalid parameter value for prompt: Invalid prompt: sometimes',
    ],
    [
      { prompt: 'none consent' },
      400,
      'invalid_request',
      'Invalid parameter value for prompt: none cannot be combined',
    ],
    [{ state: ['a', 'b'] }, 400, 'invalid_request', 'Duplicate parameter: state'],
  ])('refuses %j with %i %s', (override, status, error, description) => {
    expect(checkAuthorizeRequest({ ...valid, ...override }, CLIENT_ID)).toEqual({
      ok: false,
      error: { status, error, description },
    });
  });

  it('checks the client before the redirect URI, as Google does', () => {
    const check = checkAuthorizeRequest({ ...valid, client_id: 'x', redirect_uri: 'ftp://x' }, CLIENT_ID);
    expect(check.ok ? undefined : check.error.error).toBe('invalid_client');
  });
});
