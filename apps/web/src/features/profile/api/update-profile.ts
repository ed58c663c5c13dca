import type { User } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiClient } from '@/lib/api-client';
import { profileKeys } from './get-profile';

/** PUT /auth/profile { name }: the user and the server's message. */
export function updateProfile(name: string): Promise<ApiResult<User>> {
  return apiClient.put<User>('/auth/profile', { name });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ data }) => queryClient.setQueryData(profileKeys.profile(), data),
  });
}
