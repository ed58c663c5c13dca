import type { AuthConfig } from '@sheetforms/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /auth/config: the client id and where the browser reaches Google (or the local emulator). */
export async function getAuthConfig(): Promise<AuthConfig> {
  const { data } = await apiClient.get<AuthConfig>('/auth/config');
  return data;
}

/** What the templates section needs from it; null when the server does not offer Google APIs. */
export interface GoogleApisConfig extends NonNullable<AuthConfig['googleApis']> {
  clientId: string;
}

export function toGoogleApisConfig(config: AuthConfig): GoogleApisConfig | null {
  // An older server answers without googleApis; the section then says templates are unavailable.
  const apis = config.googleApis as AuthConfig['googleApis'] | undefined;
  return apis ? { ...apis, clientId: config.googleClientId } : null;
}

/** Same key as the auth feature's query, so the page reads /auth/config once. */
export function useGoogleApisConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: getAuthConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    select: toGoogleApisConfig,
  });
}
