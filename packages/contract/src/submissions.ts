import { z } from 'zod';
import { ANSWER_MAX_LENGTH } from './answer-rules.js';
import { BoundSchema, FieldTypeSchema, OPTION_LIMITS, VisibleWhenSchema } from './field-types.js';
import { PREFILL_LIMITS } from './prefill.js';

/** A string whose absence reads as the spec's "... is required" message, not zod's generic type error. */
function requiredString(message: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? message : undefined) });
}

/** Limits of what a respondent may send. */
export const SUBMISSION_LIMITS = {
  answerMax: ANSWER_MAX_LENGTH,
  answersMax: 200,
  idempotencyKeyMax: 100,
  signatureBytesMax: 512 * 1024,
} as const;

/** Browser storage keys of the public form (spec 001 section 3). */
export const PUBLIC_STORAGE_KEYS = {
  formUserToken: 'formUserToken',
  gdprConsent: 'gdpr_consent',
  analyticsCookies: 'analytics_cookies',
  marketingCookies: 'marketing_cookies',
} as const;

/** The hidden honeypot input's name: people never fill it, bots often do. */
export const HONEYPOT_FIELD = 'website';

/**
 * A submission naming a signature URL not uploaded for its form, or no longer counted as uploaded (an
 * unused upload expires after an hour), is refused with this (400); the public form then uploads again.
 */
export const SIGNATURE_NOT_UPLOADED_MESSAGE = 'The signature was not uploaded for this form';

/** A submission whose fields are all empty (and that has no signature) is refused with this (400). */
export const NO_ANSWER_MESSAGE = 'Please fill in at least one field';

/** The settings a respondent's browser needs; templates and everything else of the owner stay private. */
export const PublicFormSettingsSchema = z.object({
  loginRequired: z.union([z.literal(0), z.literal(1)]),
  signatureEnabled: z.union([z.literal(0), z.literal(1)]),
  signatureWidth: z.number().int(),
  signatureHeight: z.number().int(),
  gdprEnabled: z.union([z.literal(0), z.literal(1)]),
});
export type PublicFormSettings = z.infer<typeof PublicFormSettingsSchema>;

export const PublicFormFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: FieldTypeSchema,
  required: z.boolean(),
  placeHolder: z.string(),
  /** Choice fields: the options as they stand now (a range of the sheet is read by the server). */
  options: z.array(z.string()).optional(),
  allowOther: z.boolean().optional(),
  min: BoundSchema.optional(),
  max: BoundSchema.optional(),
  /** Shown only when these rules on earlier fields hold (field-visibility.ts); the server judges too. */
  visibleWhen: VisibleWhenSchema.optional(),
});
export type PublicFormField = z.infer<typeof PublicFormFieldSchema>;

/** GET /forms/validate-form?formId= (spec 001 section 7): only what the public page shows. */
export const PublicFormSchema = z
  .object({
    formId: z.string(),
    name: z.string(),
    description: z.string(),
    settings: PublicFormSettingsSchema,
    jdata: z.array(PublicFormFieldSchema),
    /** False when the form's status is not 'Active': the page says so and offers no submit. */
    acceptingResponses: z.boolean(),
  })
  .meta({ id: 'PublicForm' });
export type PublicForm = z.infer<typeof PublicFormSchema>;

export const ValidateFormQuerySchema = z.object({
  formId: requiredString('Missing form ID').trim().min(1, 'Missing form ID').max(64),
});

export const ConsentSchema = z.strictObject({
  gdpr_consent: z.enum(['accepted', 'denied', 'custom']),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type Consent = z.infer<typeof ConsentSchema>;

const ANSWER_TOO_LONG = `Answers must be at most ${SUBMISSION_LIMITS.answerMax} characters`;

/**
 * POST /forms/{formId}/submit-form. `response` maps field label to value (plus 'signature' when one
 * was uploaded). `idempotencyKey` is made once per submission attempt by the browser: a double click or a
 * retried request answers the same stored response instead of making a second one.
 */
export const SubmitFormBodySchema = z.strictObject({
  formId: z.string().trim().max(64).optional(),
  /** Field label or id → answer: text, or the chosen options of a checkboxes field. */
  response: z.record(
    z.string().max(200),
    z.union([
      z.string().max(SUBMISSION_LIMITS.answerMax, ANSWER_TOO_LONG),
      // One choice may be as long as a whole answer: a checkboxes field's 'Other' text has the limit a
      // radio's has, and the page's box allows it. The answer as stored (its choices joined) is held to
      // the same limit by checkAnswer, the page's own check, which names the field in its message.
      z
        .array(z.string().max(SUBMISSION_LIMITS.answerMax, ANSWER_TOO_LONG))
        .max(OPTION_LIMITS.max + 1, `At most ${OPTION_LIMITS.max + 1} choices are allowed`),
    ]),
  ),
  userToken: z.string().max(4096).optional(),
  /** The signed token of a prefilled link with locked answers (the page's `prefill` parameter). */
  prefillToken: z.string().max(PREFILL_LIMITS.tokenMax).optional(),
  idempotencyKey: z
    .string()
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(SUBMISSION_LIMITS.idempotencyKeyMax),
  consent: ConsentSchema.optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type SubmitFormBody = z.input<typeof SubmitFormBodySchema>;

export const SubmissionReceiptSchema = z
  .object({
    responseId: z.string(),
    syncState: z.enum(['pending', 'claimed', 'synced', 'failed']),
  })
  .meta({ id: 'SubmissionReceipt' });
export type SubmissionReceipt = z.infer<typeof SubmissionReceiptSchema>;

export const SignatureUploadResultSchema = z
  .object({ status: z.literal('success'), signature: z.string() })
  .meta({ id: 'SignatureUploadResult' });
export type SignatureUploadResult = z.infer<typeof SignatureUploadResultSchema>;

/** POST /user/form/login (spec 001 section 7). */
export const FormLoginBodySchema = z.strictObject({
  email: requiredString('Email is required')
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email('Please enter a valid email')),
  password: requiredString('Password is required').min(1, 'Password is required').max(200),
  formId: requiredString('Missing form ID').trim().min(1, 'Missing form ID').max(64),
});
export type FormLoginBody = z.input<typeof FormLoginBodySchema>;

export const FormLoginResultSchema = z
  .object({ token: z.string(), user: z.object({ name: z.string(), email: z.string() }) })
  .meta({ id: 'FormLoginResult' });
export type FormLoginResult = z.infer<typeof FormLoginResultSchema>;

/** GET /forms/responses/{responseId}/sync-status: public, answers the state of one response only. */
export const ResponseSyncStatusSchema = z
  .object({ responseId: z.string(), state: z.enum(['pending', 'claimed', 'synced', 'failed']) })
  .meta({ id: 'ResponseSyncStatus' });
export type ResponseSyncStatus = z.infer<typeof ResponseSyncStatusSchema>;

/** GET /forms/sync-counts: per form, responses still waiting for the sheet and those that failed. */
export const FormSyncCountsSchema = z
  .record(z.string(), z.object({ pending: z.number().int(), failed: z.number().int() }))
  .meta({ id: 'FormSyncCounts' });
export type FormSyncCounts = z.infer<typeof FormSyncCountsSchema>;

export const RetrySyncResultSchema = z.object({ retried: z.number().int() }).meta({ id: 'RetrySyncResult' });
export type RetrySyncResult = z.infer<typeof RetrySyncResultSchema>;
