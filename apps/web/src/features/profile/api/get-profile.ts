import type { User } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const profileKeys = { profile: () => ['profile'] as const };

/** GET /auth/profile: the signed-in user, with 'member since'. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const { data } = await apiClient.get<User>('/auth/profile', { signal });
  return data;
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    retry: false,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
