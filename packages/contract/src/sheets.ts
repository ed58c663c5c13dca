import { z } from 'zod';
import type { FieldType } from './field-kinds.js';
import { BoundSchema, FieldTypeSchema, OptionsFromSchema } from './field-types.js';

/** Spec 001 section 9: the data preview shows 5 rows and each header carries 3 sample values. */
export const SHEET_PREVIEW_ROWS = 5;
export const SHEET_SAMPLE_VALUES = 3;
/** Google's limit on a sheet (tab) title. */
export const SHEET_NAME_MAX_LENGTH = 100;

/** Problem codes the spreadsheet endpoints answer with (besides the generic ones). */
export const SHEETS_PROBLEM_CODES = [
  'INVALID_URL',
  'NOT_FOUND',
  'PERMISSION_DENIED',
  /** The signed-in owner cannot open the spreadsheet themselves (it is someone else's). */
  'NO_OWNER_ACCESS',
  'SHEET_NOT_FOUND',
  'RATE_LIMITED',
  'UNAVAILABLE',
] as const;
export type SheetsProblemCode = (typeof SHEETS_PROBLEM_CODES)[number];

const SheetsUrl = z.string().trim().max(2048, 'The URL is too long');
const SheetName = z
  .string()
  .trim()
  .min(1, 'Sheet name is required')
  .max(SHEET_NAME_MAX_LENGTH, `Sheet name must be at most ${SHEET_NAME_MAX_LENGTH} characters`);

/**
 * Spec 000 section 3: the error kinds of a sheet access check, and NO_OWNER_ACCESS: the service account
 * reaches the spreadsheet but the signed-in owner cannot open it themselves (never shared with them, or
 * no longer). A form already bound keeps writing to it; the Sheet Status tells the owner.
 */
export const SheetAccessErrorSchema = z.enum([
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'CHECK_FAILED',
  'NO_OWNER_ACCESS',
]);
export type SheetAccessError = z.infer<typeof SheetAccessErrorSchema>;

/**
 * The optional request header of the binding calls (metadata, preview, create, sheet settings) by which
 * an owner proves with their own Google token (a Drive scope) that they can edit a spreadsheet its sharing
 * does not show them editing: through a Google group, a Workspace domain or a shared drive. Sent once by
 * Verify with Google; the server remembers the proof, never the token (decision 0044).
 */
export const GOOGLE_ACCESS_TOKEN_HEADER = 'x-google-access-token';

export const CheckSheetAccessBodySchema = z.strictObject({
  googleSheetsUrl: SheetsUrl,
  sheetName: SheetName,
});
export type CheckSheetAccessBody = z.infer<typeof CheckSheetAccessBodySchema>;

/**
 * The result of POST /forms/check-sheet-access. Every outcome is a 200: the failure kinds are data the
 * Sheet Status column shows (Connected, Setup Required, Invalid URL, Error), not failed calls.
 */
export const SheetAccessSchema = z
  .object({
    accessible: z.boolean(),
    error: SheetAccessErrorSchema.nullable().meta({ description: 'null when accessible' }),
    message: z.string().meta({ description: 'What the user can do about it, shown as is.' }),
    lastChecked: z.iso.datetime(),
    sheetExists: z.boolean().meta({
      description: 'Whether the named sheet (tab) exists; a missing one is created on the first response.',
    }),
    retryable: z.boolean().optional().meta({
      description: 'CHECK_FAILED only: Google was rate limited or down, so the same check may pass shortly.',
    }),
  })
  .meta({ id: 'SheetAccess' });
export type SheetAccess = z.infer<typeof SheetAccessSchema>;

/** The most forms one batch check of the Manage Forms list names. */
export const SHEET_CHECK_BATCH_MAX = 200;

/** POST /forms/check-sheet-access/batch: the Sheet Status of many of the caller's forms in one call. */
export const CheckSheetAccessBatchBodySchema = z.strictObject({
  formIds: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'formIds is required')
    .max(SHEET_CHECK_BATCH_MAX, `At most ${SHEET_CHECK_BATCH_MAX} forms per call`),
});
export type CheckSheetAccessBatchBody = z.infer<typeof CheckSheetAccessBatchBodySchema>;

export const SheetAccessBatchSchema = z
  .object({
    results: z.record(z.string(), SheetAccessSchema).meta({ description: 'Per formId checked' }),
    unchecked: z.array(z.string()).meta({
      description: 'formIds not checked: not one of your forms, or without a spreadsheet URL and sheet name',
    }),
  })
  .meta({ id: 'SheetAccessBatch' });
export type SheetAccessBatch = z.infer<typeof SheetAccessBatchSchema>;

/** One sheet (tab) of a spreadsheet: id is Google's sheetId (the gid in its URLs). */
export const SheetSchema = z
  .object({ id: z.number().int(), title: z.string(), index: z.number().int() })
  .meta({ id: 'Sheet' });
export type Sheet = z.infer<typeof SheetSchema>;

export const SpreadsheetMetadataQuerySchema = z.object({ url: SheetsUrl });
export type SpreadsheetMetadataQuery = z.infer<typeof SpreadsheetMetadataQuerySchema>;

export const SpreadsheetMetadataSchema = z
  .object({
    spreadsheetId: z.string(),
    title: z.string(),
    sheets: z.array(SheetSchema),
  })
  .meta({ id: 'SpreadsheetMetadata' });
export type SpreadsheetMetadata = z.infer<typeof SpreadsheetMetadataSchema>;

export const SheetPreviewQuerySchema = z.object({ url: SheetsUrl, sheet: SheetName });
export type SheetPreviewQuery = z.infer<typeof SheetPreviewQuerySchema>;

/**
 * Why a header got its suggested type: the sheet's own data validation rule on the column ('rule'), a
 * rule the form cannot check (a custom formula: 'unsupported-rule', the type stays text), the sample
 * rows ('data'), or nothing to go on ('default', text).
 */
export const TYPE_REASONS = ['rule', 'unsupported-rule', 'data', 'default'] as const;
export const TypeReasonSchema = z.enum(TYPE_REASONS);
export type TypeReason = z.infer<typeof TypeReasonSchema>;
/** What the generator says beside a suggested type ('' when there is nothing to say). */
export function typeReasonText(reason: TypeReason, type: FieldType): string {
  switch (reason) {
    case 'rule':
      if (type === 'dropdown') return "From the sheet's dropdown";
      if (type === 'checkbox') return "From the sheet's checkbox";
      return "From the sheet's validation rule";
    case 'unsupported-rule':
      return "The sheet's custom rule is not checked by the form";
    case 'data':
      return 'From the data';
    default:
      return '';
  }
}

export const SheetHeaderSchema = z
  .object({
    index: z.number().int().meta({ description: '0-based column index' }),
    name: z.string().meta({ description: "The header cell, or 'Column {n}' when it is empty" }),
    sampleData: z.array(z.string()).max(SHEET_SAMPLE_VALUES),
    /** The type the generator proposes for this column (issue 21), and why. */
    suggestedType: FieldTypeSchema,
    typeReason: TypeReasonSchema,
    /** Options of the sheet's own dropdown, or of the repeated values of the data. */
    options: z.array(z.string()).optional(),
    /** The sheet's dropdown reads its options from this range (ONE_OF_RANGE). */
    optionsFrom: OptionsFromSchema.optional(),
    min: BoundSchema.optional(),
    max: BoundSchema.optional(),
  })
  .meta({ id: 'SheetHeader' });
export type SheetHeader = z.infer<typeof SheetHeaderSchema>;

export const SheetPreviewSchema = z
  .object({
    spreadsheetId: z.string(),
    sheetName: z.string(),
    /** True when the sheet has no cells at all (the generator's Empty Sheet Detected panel). */
    empty: z.boolean(),
    headers: z.array(SheetHeaderSchema),
    /** Up to 5 data rows (after the header row), each padded to the number of headers. */
    rows: z.array(z.array(z.string())).max(SHEET_PREVIEW_ROWS),
  })
  .meta({ id: 'SheetPreview' });
export type SheetPreview = z.infer<typeof SheetPreviewSchema>;
