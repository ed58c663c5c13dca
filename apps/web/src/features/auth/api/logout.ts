import type { LogoutBody } from '@sheetforms/contract';
import { type ApiResult, apiClient } from '@/lib/api-client';

/** Ends the server session of the given refresh token. */
export function logout(refreshToken: string | null): Promise<ApiResult<null>> {
  const body: LogoutBody = refreshToken ? { refreshToken } : {};
  return apiClient.post<null>('/auth/logout', body);
}
