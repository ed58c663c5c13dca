import type { DashboardStats } from '@sheetforms/contract';
import { summariseStats, utcMonthBounds } from './dashboard-stats.js';
import type { StatsRepository } from './stats.repository.js';

export interface StatsServiceDeps {
  stats: StatsRepository;
  now?: () => Date;
}

/** What Manage Forms shows above its table. */
export function createStatsService(deps: StatsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async dashboard(ownerId: string): Promise<DashboardStats> {
      return summariseStats(await deps.stats.responseTotalsByForm(ownerId, utcMonthBounds(now())));
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
