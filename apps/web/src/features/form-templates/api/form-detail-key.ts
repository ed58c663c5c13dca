/**
 * The form editor's query of GET /forms/{formId} (its form-detail-query.ts; features do not import each
 * other). Template changes update and invalidate it, so the editor and this section show the new list.
 */
export const formDetailKey = (formId: string) => ['forms', 'detail', formId] as const;
