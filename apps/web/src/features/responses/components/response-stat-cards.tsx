import type { FormDetail } from '@sheetforms/contract';
import { RESPONSES_MESSAGES } from '@sheetforms/contract';
import { StatCard } from '@/components/ui/card';
import { formatDay, formatTimestamp, newestCreatedAt } from '../logic/format';
import { visibleFieldCount } from '../logic/response-columns';

export interface ResponseStatCardsProps {
  detail: FormDetail;
}

/** Spec 001: Total Responses, Form Fields (non-removed only), and the Latest Response's date. */
export function ResponseStatCards({ detail }: ResponseStatCardsProps) {
  // formResponse is the newest page (at most 50), so it always holds the newest response when there is one.
  const latest = newestCreatedAt(detail.formResponse);
  return (
    <section aria-label="Statistics" className="mb-6">
      {/* One column on phones (the cards stack), three from 640 px. */}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          label="Total Responses"
          value={detail.responseCount.toLocaleString()}
          valueTestId="stat-total-responses"
        />
        <StatCard
          label="Form Fields"
          value={visibleFieldCount(detail.form.jdata).toLocaleString()}
          valueTestId="stat-form-fields"
        />
        <StatCard
          label="Latest Response"
          value={
            latest ? (
              <time dateTime={latest} title={formatTimestamp(latest)}>
                {formatDay(latest)}
              </time>
            ) : (
              <span className="font-semibold text-base text-slate-500">{RESPONSES_MESSAGES.emptyTitle}</span>
            )
          }
          valueTestId="stat-latest-response"
        />
      </dl>
    </section>
  );
}
