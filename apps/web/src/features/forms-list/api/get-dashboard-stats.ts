import type { DashboardStats } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** GET /users/dashboard-stats: the counts above the forms table. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const { data } = await apiClient.get<DashboardStats>('/users/dashboard-stats');
  return data;
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: formsListKeys.dashboardStats,
    queryFn: getDashboardStats,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
