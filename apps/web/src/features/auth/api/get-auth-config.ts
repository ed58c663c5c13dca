import type { AuthConfig } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getAuthConfig(): Promise<AuthConfig> {
  const { data } = await apiClient.get<AuthConfig>('/auth/config');
  return data;
}

/** The sign-in configuration does not change while the page is open. */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: getAuthConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
