import type { User } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';

export async function getProfile(): Promise<User> {
  const { data } = await apiClient.get<User>('/auth/profile');
  return data;
}
