import type { DashboardStats } from '@sheetforms/contract';

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
          <div
            key={card.label}
            className="rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5 sm:py-4"
          >
            <dt className="truncate font-medium text-slate-500 text-xs sm:text-sm">{card.label}</dt>
            <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span
                data-testid={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
                className={`font-bold text-2xl text-slate-900 tabular-nums ${loading ? 'animate-pulse text-slate-300' : ''}`}
              >
                {card.value}
              </span>
              {card.detail ? (
                <span className="hidden text-slate-500 text-xs sm:inline">{card.detail}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
