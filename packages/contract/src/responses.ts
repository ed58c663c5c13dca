import { z } from 'zod';
import { ResponseDeliverySchema } from './deliveries.js';
import { TemplateEntrySchema } from './templates.js';

/** The responses page and its API (spec 001 section 2 "Responses page", the responses issue). */
export const RESPONSES_PAGE = {
  defaultLimit: 50,
  maxLimit: 200,
  /** GET /forms/{formId} carries only the newest page of responses; responseCount gives the total. */
  detailLimit: 50,
  searchMax: 200,
} as const;

export const RESPONSES_MESSAGES = {
  formIdRequired: 'Form ID is required',
  fetchFailed: 'Failed to fetch form data. Please try again.',
  loadFailedToast: 'Failed to load form responses',
  emptyTitle: 'No responses yet',
  emptyText: 'Responses will appear here once users start submitting the form.',
  badCursor: 'The page cursor is not valid; reload the responses',
  badFormat: 'Export format must be csv or xlsx',
  badTimeZone: 'timeZone must be an IANA time zone name, such as Europe/Berlin',
} as const;

export const SyncStateSchema = z.enum(['pending', 'claimed', 'synced', 'failed']);
export type SyncState = z.infer<typeof SyncStateSchema>;

/**
 * Where a response stands with the sheet, as the owner reads it: the stored state, or 'no_sheet' when the
 * form has no Google Sheet linked and the response is not in one (it is kept, nothing is wrong).
 */
export const ResponseSheetStateSchema = z.enum([...SyncStateSchema.options, 'no_sheet']);
export type ResponseSheetState = z.infer<typeof ResponseSheetStateSchema>;

/** The one wording of each state: the responses table, the drawer and the exports' Sync state column. */
export const SHEET_STATE_LABELS = {
  synced: 'Synced',
  pending: 'Pending',
  // A worker is writing it right now: to the owner it is not in the sheet yet.
  claimed: 'Pending',
  failed: 'Failed',
  no_sheet: 'No sheet',
} as const satisfies Record<ResponseSheetState, string>;

/** One stored response as the owner reads it (spec 001 FormResponse, plus its sheet sync state). */
export const ResponseItemSchema = z
  .object({
    id: z.string(),
    /** Field label → answer; `signature` holds the signature image URL when there is one. */
    response: z.record(z.string(), z.string()),
    createdAt: z.string(),
    /**
     * Who answered a login-protected form: the authorized user's email when the response was stored;
     * null for a form without login. Only the form's owner reads it.
     */
    respondent: z.string().nullable(),
    syncState: ResponseSheetStateSchema,
    /** Why the row has not reached the sheet (failed, or pending after an error); null otherwise. */
    syncError: z.string().nullable(),
    formResponseWithTemplate: z.array(TemplateEntrySchema),
    /**
     * Its e-mail and webhook deliveries (issue 24), oldest first; empty when it goes nowhere else. On the
     * Responses page's list (GET /forms/{formId}/responses) only.
     */
    deliveries: z.array(ResponseDeliverySchema).optional(),
  })
  .meta({ id: 'ResponseItem' });
export type ResponseItem = z.infer<typeof ResponseItemSchema>;

/** An ISO 8601 instant with its offset, e.g. 2026-11-25T00:00:00.000Z. */
const InstantSchema = z.iso.datetime({ offset: true });

/**
 * GET /forms/{formId}/responses: newest first, keyset-paginated on (created time, id).
 * `q` matches answer values, never field labels (case-insensitive substring); `from`/`to` bound the created
 * time (inclusive).
 */
export const ResponsesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(RESPONSES_PAGE.maxLimit).default(RESPONSES_PAGE.defaultLimit),
  cursor: z.string().max(300).optional(),
  q: z.string().trim().max(RESPONSES_PAGE.searchMax).optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
});
export type ResponsesQuery = z.input<typeof ResponsesQuerySchema>;

export const ResponsesPageSchema = z
  .object({
    items: z.array(ResponseItemSchema),
    /** Opaque; pass it back as `cursor` for the next (older) page. Null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many responses match the filters (all pages). */
    total: z.number().int(),
  })
  .meta({ id: 'ResponsesPage' });
export type ResponsesPage = z.infer<typeof ResponsesPageSchema>;

/** True for a time zone name Intl knows (IANA, e.g. Europe/Berlin, or UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone of the export's readable timestamps when the request names none. */
export const EXPORT_DEFAULT_TIME_ZONE = 'UTC';

/**
 * GET /forms/{formId}/responses/export?format=csv|xlsx (same filters as the list). `timeZone` is the
 * owner's IANA zone (the browser's); the readable Timestamp column is written in it, UTC when absent.
 */
export const ResponsesExportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: RESPONSES_MESSAGES.badFormat }),
  q: z.string().trim().max(RESPONSES_PAGE.searchMax).optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(isKnownTimeZone, { error: RESPONSES_MESSAGES.badTimeZone })
    .optional(),
});
export type ResponsesExportQuery = z.input<typeof ResponsesExportQuerySchema>;

/** Header texts of the export's system columns (CSV and XLSX alike). */
export const EXPORT_COLUMNS = {
  no: 'No.',
  /** The instant itself, for sorting and for programs: ISO 8601 in UTC. */
  timestampIso: 'Timestamp (ISO 8601, UTC)',
  responseId: 'Response ID',
  respondent: 'Respondent',
  signature: 'Signature',
  syncState: 'Sync state',
} as const;

/** The readable Timestamp column's header names its zone, e.g. 'Timestamp (Europe/Berlin)'. */
export function exportTimestampHeader(timeZone: string): string {
  return `Timestamp (${timeZone})`;
}

/**
 * The export's columns before the answers, in order: No., the readable Timestamp (in `timeZone`), the ISO
 * timestamp, Response ID, and Respondent when the form requires login or a response has one.
 */
export function exportLeadingColumns(timeZone: string, withRespondent: boolean): string[] {
  return [
    EXPORT_COLUMNS.no,
    exportTimestampHeader(timeZone),
    EXPORT_COLUMNS.timestampIso,
    EXPORT_COLUMNS.responseId,
    ...(withRespondent ? [EXPORT_COLUMNS.respondent] : []),
  ];
}

/** The export's columns after the answer labels (field labels in form order go between the groups). */
export const EXPORT_TRAILING_COLUMNS = [EXPORT_COLUMNS.signature, EXPORT_COLUMNS.syncState] as const;

/**
 * POST /forms/{formId}/responses/{responseId}/retry-sync: one failed response back in the sheet queue.
 * Only a failed response is queued again; any other answers 409 with one of these texts (decision 0013).
 */
export const RESPONSE_RETRY_MESSAGES = {
  queued: 'Response queued for the sheet again',
  alreadySynced: 'This response is already in the Google Sheet',
  alreadyQueued: 'This response is already waiting to be written to the Google Sheet',
} as const;

export const RetryResponseSyncResultSchema = z
  .object({ responseId: z.string(), state: z.literal('pending') })
  .meta({ id: 'RetryResponseSyncResult' });
export type RetryResponseSyncResult = z.infer<typeof RetryResponseSyncResultSchema>;
