/**
 * Assembling claimed responses into appends (pure): one batch per spreadsheet + sheet, oldest first,
 * at most `maxRows` rows per append.
 */

/** A claimed response with what the writer needs of its form. */
export interface ClaimedResponse {
  id: string;
  /** forms.id (internal). */
  formRowId: string;
  answersJson: string;
  signatureUrl: string | null;
  /** The authorized user's email when the form required login; null otherwise. */
  respondentEmail: string | null;
  createdAt: string;
  /** Failed tries so far. */
  attempts: number;
  /** An earlier append may have landed without an answer (or a lease ran out): check the sheet first. */
  dedupeRequired: boolean;
  form: ClaimedForm;
}

export interface ClaimedForm {
  id: string;
  formId: string;
  ownerId: string;
  spreadsheetId: string | null;
  sheetName: string;
  /** The bound tab's sheetId; null until the first write binds it. */
  sheetId: number | null;
  /** Set while the form's sync is stopped for the owner to act (see migration 0007). */
  syncPausedReason: string | null;
  /**
   * The spreadsheet id whose edit access the owner proved for this binding (migration 0014); a batch
   * for another spreadsheet proves it first (decision 0022).
   */
  editAccessProvenFor: string | null;
  fieldsJson: string;
  settingsJson: string;
}

export interface SheetBatch {
  spreadsheetId: string;
  /** As the form stores it; '' means the spreadsheet's first sheet. */
  sheetName: string;
  /** The tab's sheetId when the forms are bound to one (then the tab is found by it, not by title). */
  sheetId: number | null;
  /** Oldest first (created_at, then id). */
  responses: ClaimedResponse[];
  /** The distinct forms of the responses, in order of first appearance. */
  forms: ClaimedForm[];
}

export interface BatchAssembly {
  batches: SheetBatch[];
  /** Over the per-append cap: to be released for the next round. */
  overflow: ClaimedResponse[];
  /** Forms with no spreadsheet id: nothing to write to. */
  unlinked: ClaimedResponse[];
}

export const DEFAULT_MAX_ROWS_PER_APPEND = 500;

export function compareResponses(a: ClaimedResponse, b: ClaimedResponse): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Groups by spreadsheet and tab (its sheetId once bound, its title before); ordered by oldest response. */
export function assembleBatches(
  responses: readonly ClaimedResponse[],
  maxRows: number = DEFAULT_MAX_ROWS_PER_APPEND,
): BatchAssembly {
  const sorted = [...responses].sort(compareResponses);
  const byTarget = new Map<string, SheetBatch>();
  const overflow: ClaimedResponse[] = [];
  const unlinked: ClaimedResponse[] = [];
  for (const response of sorted) {
    const { spreadsheetId, sheetName, sheetId } = response.form;
    if (!spreadsheetId) {
      unlinked.push(response);
      continue;
    }
    const key = JSON.stringify(
      sheetId !== null ? [spreadsheetId, 'id', sheetId] : [spreadsheetId, sheetName],
    );
    let batch = byTarget.get(key);
    if (!batch) {
      batch = { spreadsheetId, sheetName, sheetId, responses: [], forms: [] };
      byTarget.set(key, batch);
    }
    if (batch.responses.length >= maxRows) {
      overflow.push(response);
      continue;
    }
    batch.responses.push(response);
    if (!batch.forms.some((form) => form.id === response.form.id)) batch.forms.push(response.form);
  }
  return { batches: [...byTarget.values()], overflow, unlinked };
}
