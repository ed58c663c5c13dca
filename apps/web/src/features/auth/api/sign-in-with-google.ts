import type { GoogleSignInBody, SignInResult } from '@sheetforms/contract';
import { type ApiResult, apiClient } from '@/lib/api-client';

/** Exchanges a Google ID token for a SheetForms session. */
export function signInWithGoogle(idToken: string): Promise<ApiResult<SignInResult>> {
  const body: GoogleSignInBody = { idToken };
  return apiClient.post<SignInResult>('/auth/google', body);
}
