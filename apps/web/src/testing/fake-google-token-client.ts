import type { GoogleTokenResponse } from '@/features/google-account/api/token-client-script';

/** What the fake token client was asked, and what its next window does. */
export interface FakeGoogleTokenClient {
  prompts: (string | undefined)[];
  /** 'token' hands over `token`; 'closed' is the owner closing Google's window. */
  next: 'token' | 'closed';
  token: string;
}

/**
 * Google Identity Services' token client, put where its script would put it (window.google), so the
 * app's loader finds it without loading anything. Remove it with `removeFakeGoogleTokenClient` after each
 * test: it is a global of the test environment, which later files in the shared web project would see.
 */
export function installFakeGoogleTokenClient(token = 'owners-google-token'): FakeGoogleTokenClient {
  const fake: FakeGoogleTokenClient = { prompts: [], next: 'token', token };
  window.google = {
    accounts: {
      oauth2: {
        initTokenClient: (config) => ({
          requestAccessToken: (overrides) => {
            fake.prompts.push(overrides?.prompt);
            if (fake.next === 'closed') {
              setTimeout(() => config.error_callback?.({ type: 'popup_closed' }), 0);
              return;
            }
            const response: GoogleTokenResponse = { access_token: fake.token, expires_in: 3599 };
            setTimeout(() => config.callback(response), 0);
          },
        }),
        revoke: () => undefined,
      },
    },
  };
  return fake;
}

export function removeFakeGoogleTokenClient(): void {
  window.google = undefined;
}

/** /auth/config of a server that offers Google's APIs to the browser (local mode's emulator). */
export const AUTH_CONFIG_WITH_GOOGLE_APIS = {
  mode: 'local',
  googleClientId: 'local-client-id',
  authorizationEndpoint: 'http://localhost/__google/o/oauth2/v2/auth',
  scopes: ['openid', 'email', 'profile'],
  googleApis: {
    tokenClientScriptUrl: 'http://localhost/__google/gsi/client',
    docsApiUrl: 'http://localhost/__google/docs',
    sheetsApiUrl: 'http://localhost/__google/sheets',
    driveApiUrl: 'http://localhost/__google/drive',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
  },
} as const;
