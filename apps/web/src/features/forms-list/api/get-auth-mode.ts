import type { AuthConfig } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** GET /auth/config: the Setup dialog only needs the mode (local emulator or Google). */
export async function getAuthConfig(): Promise<AuthConfig> {
  const { data } = await apiClient.get<AuthConfig>('/auth/config');
  return data;
}

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: formsListKeys.authConfig,
    queryFn: getAuthConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** 'local', 'google', or undefined while unknown. */
export function useAuthMode(): AuthConfig['mode'] | undefined {
  return useQuery(authConfigQueryOptions()).data?.mode;
}
