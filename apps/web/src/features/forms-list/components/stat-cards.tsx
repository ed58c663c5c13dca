import type { DashboardStats } from '@sheetforms/contract';
import { StatCard } from '@/components/ui/card';

export interface StatCardsProps {
  stats: DashboardStats | undefined;
  loading: boolean;
}

function count(value: number | undefined): string {
  return value === undefined ? '–' : value.toLocaleString();
}

/** GET /users/dashboard-stats above the table: forms, responses in total, responses this month. */
export function StatCards({ stats, loading }: StatCardsProps) {
  const cards = [
    {
      label: 'Forms',
      value: count(stats?.totalForms),
      detail: stats ? `${stats.activeForms.toLocaleString()} active` : undefined,
    },
    { label: 'Responses', value: count(stats?.totalResponses), detail: 'All time' },
    {
      label: 'This month',
      value: count(stats?.responsesThisMonth),
      detail: new Date().toLocaleDateString(undefined, { month: 'long', year: 'numeric' }),
    },
  ];
  return (
    <section aria-label="Statistics" aria-busy={loading || undefined} className="mb-6">
      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {cards.map((card) => (
          <StatCard
            key={card.label}
            label={card.label}
            value={card.value}
            detail={card.detail}
            loading={loading}
            valueTestId={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
          />
        ))}
      </dl>
    </section>
  );
}
