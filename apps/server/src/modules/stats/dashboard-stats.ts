import type { DashboardStats } from '@sheetforms/contract';

/** Response figures of one form, as the repository aggregates them. */
export interface FormResponseTotals {
  formId: string;
  name: string;
  status: string;
  responses: number;
  responsesThisMonth: number;
  lastResponseAt: string | null;
}

const ACTIVE_STATUS = 'Active';

/** The UTC calendar month around `now`, as ISO texts [start, end) comparable with stored timestamps. */
export function utcMonthBounds(now: Date): { start: string; end: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1)).toISOString(),
    end: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
  };
}

/** Totals over the owner's forms, with the per-form figures in the order given. */
export function summariseStats(forms: FormResponseTotals[]): DashboardStats {
  return {
    totalForms: forms.length,
    activeForms: forms.filter((form) => form.status === ACTIVE_STATUS).length,
    totalResponses: forms.reduce((sum, form) => sum + form.responses, 0),
    responsesThisMonth: forms.reduce((sum, form) => sum + form.responsesThisMonth, 0),
    forms: forms.map(({ formId, name, responses, responsesThisMonth, lastResponseAt }) => ({
      formId,
      name,
      responses,
      responsesThisMonth,
      lastResponseAt,
    })),
  };
}
