/** Query keys of the forms list feature. */
export const formsListKeys = {
  list: ['forms', 'list'] as const,
  dashboardStats: ['users', 'dashboard-stats'] as const,
  /** Shared with the dashboard layout, which reads the same endpoint. */
  authConfig: ['auth', 'config'] as const,
  syncCounts: ['forms', 'sync-counts'] as const,
  /** E-mail and webhook deliveries retrying and failed, per form (issue 24). */
  deliveryCounts: ['forms', 'delivery-counts'] as const,
  /** The mutation key of deleting a form, so the table can mark the rows being deleted. */
  deleteForm: ['forms', 'delete'] as const,
  syncFailureReasonOf: (formId: string) => ['forms', 'sync-failure-reason', formId] as const,
  syncFailureReason: (formId: string, failed: number) =>
    ['forms', 'sync-failure-reason', formId, failed] as const,
};
