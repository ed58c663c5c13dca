import { z } from 'zod';
import { ANSWER_MAX_LENGTH } from './answer-rules.js';
import { FORM_FIELD_TYPES } from './field-kinds.js';
import {
  BoundSchema,
  FieldTypeSchema,
  fieldRulesProblem,
  OPTION_LIMITS,
  OptionsFromSchema,
  OptionsSchema,
  VisibleWhenSchema,
} from './field-types.js';
import { visibilityProblem } from './field-visibility.js';
import { PREFILL_LIMITS } from './prefill.js';
import { type ResponseItem, ResponseItemSchema } from './responses.js';

/** Spec 001 section 9 and section 3: constants of forms. */
export const FORM_DUE_DATE = '2025-01-01';
export const SIGNATURE_LIMITS = {
  width: { min: 200, max: 800, default: 400 },
  height: { min: 100, max: 400, default: 200 },
} as const;
/** The generator and the editor offer every type (issue 21); kept as names their code reads. */
export const GENERATOR_FIELD_TYPES = FORM_FIELD_TYPES;
export const EDITOR_FIELD_TYPES = FORM_FIELD_TYPES;
export const GENERATED_PASSWORD_LENGTH = 10;
export const GENERATED_PASSWORD_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const FORM_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  labelMax: 200,
  placeholderMax: 300,
  fieldsMax: 200,
  /**
   * The options a form's shown fields offer in all, a field fed by a sheet range counted at the most it
   * can bring (OPTION_LIMITS.max): twenty such fields. The page renders every option, and 200 fields of
   * 220 options made a 25 MB page that took 1.6 s to render on the server (a review); 10,000 options of
   * the longest kind (200 characters) make a page of about 12 M characters.
   */
  optionsMax: 10000,
} as const;

/** A 0/1 flag as the spec stores it; booleans are accepted and normalised. */
export const FlagSchema = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')])
  .transform((value): 0 | 1 => (value === 1 || value === true || value === '1' ? 1 : 0));

/** A field's stable id: kept across renames and reorders (answers may be keyed by it or by label). */
export const FIELD_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** How owner notifications arrive: one per response, or an hourly or daily digest. */
export const OWNER_DIGESTS = ['instant', 'hourly', 'daily'] as const;
export type OwnerDigest = (typeof OWNER_DIGESTS)[number];

export const RECEIPT_MESSAGES = {
  emailFieldRequired: 'Choose an email field for the receipt',
  templateNotFound: "Choose one of this form's templates for the receipt PDF",
} as const;

export const FieldIdSchema = z
  .string()
  .regex(FIELD_ID_PATTERN, 'Field ids are 1 to 40 letters, digits, _ or -');

/** A new field id: 'f' and 10 random base-36 characters (the server gives one to a field sent without). */
export function newFieldId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return `f${Array.from(bytes, (byte) => (byte % 36).toString(36)).join('')}`;
}

/**
 * One field of a form (a "jdata" item). Answers on the public form are keyed by label or by id. Choice
 * types carry `options` or `optionsFrom` (a range of the same spreadsheet, read by the server); number and
 * date fields may carry `min` / `max`; radio and checkboxes may allow an 'Other' answer.
 */
const FormFieldObjectSchema = z.object({
  /** Stable across renames and reorders; the server gives one to a field sent without. */
  id: FieldIdSchema.optional(),
  label: z.string().trim().min(1, 'Field label is required').max(FORM_LIMITS.labelMax),
  type: FieldTypeSchema.default('text'),
  required: z.boolean().default(false),
  placeHolder: z.string().max(FORM_LIMITS.placeholderMax).default(''),
  isRemoved: z.boolean().default(false),
  /** The sheet column header this field came from, when it was renamed (spec: name). */
  name: z.string().max(FORM_LIMITS.labelMax).optional(),
  /**
   * The 0-based position of that column in the header row when the form was made from the sheet. It
   * tells duplicate headers apart and finds a blank header cell ('Column {n}' in the generator) again;
   * after the first write the column is found by its header text.
   */
  column: z.number().int().min(0).max(18_277).optional(),
  options: OptionsSchema.optional(),
  optionsFrom: OptionsFromSchema.optional(),
  min: BoundSchema.optional(),
  max: BoundSchema.optional(),
  allowOther: z.boolean().optional(),
  /** Shown only when these rules on earlier fields hold (issue 23); always shown without. */
  visibleWhen: VisibleWhenSchema.optional(),
});
export const FormFieldSchema = FormFieldObjectSchema.superRefine((field, ctx) => {
  const problem = fieldRulesProblem(field);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  // A respondent never sees a hidden field, so could never give a required answer.
  if (field.type === 'hidden' && field.required) {
    ctx.addIssue({ code: 'custom', message: `${field.label}: a hidden field cannot be required` });
  }
});
export type FormField = z.infer<typeof FormFieldSchema>;
export type FormFieldInput = z.input<typeof FormFieldSchema>;

export const FormTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  googleDocsUrl: z.string(),
  content: z.string(),
});
export type FormTemplate = z.infer<typeof FormTemplateSchema>;

/**
 * Form settings (spec 001 section 3). Missing settings mean all flags 0, no templates, and a 400x200
 * signature; out-of-range signature sizes fall back to those defaults (the server applies this).
 */
export const FormSettingsSchema = z.object({
  loginRequired: FlagSchema.default(0),
  templateEnabled: FlagSchema.default(0),
  templateUrl: z.string().max(2048).default(''),
  templates: z.array(FormTemplateSchema).default([]),
  signatureEnabled: FlagSchema.default(0),
  signatureWidth: z.coerce.number().default(SIGNATURE_LIMITS.width.default),
  signatureHeight: z.coerce.number().default(SIGNATURE_LIMITS.height.default),
  gdprEnabled: FlagSchema.default(0),
  /**
   * E-mail the owner each new response (issue 24). New forms start with it on, forms made before it
   * existed with it off: absent here, it is 0 when stored settings are read and 1 when a form is created.
   */
  notifyOwner: FlagSchema.optional(),
  /**
   * Owner mail as it comes ('instant', one mail per response) or gathered into one mail an hour or a day
   * (issue 24). Absent: 'instant'.
   */
  ownerDigest: z.enum(OWNER_DIGESTS).optional(),
  /**
   * The owner's time zone (IANA, e.g. Europe/Berlin): a digest's hours and days follow its clock. The
   * editor sends the browser's zone with a digest. Absent: UTC (digests chosen before it existed). A
   * save checks the name (DIGEST_TIME_ZONE_MESSAGE); a stored one this server's Intl no longer knows is
   * read as UTC, never as a reason to drop the form's other settings.
   */
  ownerDigestTimeZone: z.string().trim().max(64).optional(),
  /**
   * A copy of the answers mailed to the respondent (issue 24), to the answer of one of the form's email
   * fields (never another address), with the PDF of one of the form's templates when one is chosen.
   * Absent: off.
   */
  respondentReceipt: z
    .object({
      enabled: z.boolean(),
      emailFieldId: FieldIdSchema.or(z.literal('')).default(''),
      templateId: z.string().max(100).optional(),
    })
    .optional(),
});
export type FormSettings = z.infer<typeof FormSettingsSchema>;

/** A saved ownerDigestTimeZone that Intl does not know (400). */
export const DIGEST_TIME_ZONE_MESSAGE =
  'ownerDigestTimeZone must be an IANA time zone name, such as Europe/Berlin';

/** Spec 001 section 3: jdata and settings may arrive as JSON strings; both shapes are accepted. */
function jsonString<T extends z.ZodType>(schema: T) {
  return z.union([
    schema,
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Must be valid JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  ]);
}

/** Said when a form's fields offer more than FORM_LIMITS.optionsMax options together. */
export const FORM_OPTIONS_TOO_MANY = `A form can offer at most ${FORM_LIMITS.optionsMax.toLocaleString('en-US')} options in all (a field that reads its options from the sheet counts as ${OPTION_LIMITS.max})`;

export const FormFieldsInputSchema = jsonString(
  z
    .array(FormFieldSchema)
    .max(FORM_LIMITS.fieldsMax, `A form can have at most ${FORM_LIMITS.fieldsMax} fields`)
    .superRefine((fields, ctx) => {
      const ids = fields.map((field) => field.id).filter((id) => id !== undefined);
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: 'custom', message: 'Field ids must be unique' });
        return;
      }
      let options = 0;
      for (const field of fields) {
        // A removed field keeps its options in the form (for its old answers) but is never shown.
        if (field.isRemoved) continue;
        options += field.optionsFrom ? OPTION_LIMITS.max : (field.options?.length ?? 0);
      }
      if (options > FORM_LIMITS.optionsMax) {
        ctx.addIssue({ code: 'custom', message: FORM_OPTIONS_TOO_MANY });
        return;
      }
      const problem = visibilityProblem(fields);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

export const FormSettingsInputSchema = jsonString(FormSettingsSchema.partial());

/**
 * Statuses an owner can set. 'Active' takes responses; any other stops them (spec 000 shows every other
 * value in red). A fixed list, so a typo can never silently close a form.
 */
export const FORM_STATUSES = ['Active', 'Inactive', 'Closed'] as const;
export const FormStatusSchema = z.enum(FORM_STATUSES, { error: 'Status must be Active, Inactive or Closed' });

/** POST /forms (spec 001 section 7). */
export const CreateFormBodySchema = z.strictObject({
  googleSheetsUrl: z.string().trim().max(2048).default(''),
  sheetName: z.string().trim().max(100).default(''),
  name: z.string().trim().min(1, 'Form name is required').max(FORM_LIMITS.nameMax),
  description: z.string().max(FORM_LIMITS.descriptionMax).default(''),
  settings: FormSettingsInputSchema.optional(),
  jdata: FormFieldsInputSchema.refine((fields) => fields.length > 0, 'Please select fields for the form'),
  dueDate: z.string().max(40).default(FORM_DUE_DATE),
  status: FormStatusSchema.optional(),
});
export type CreateFormBody = z.input<typeof CreateFormBodySchema>;

/**
 * The 409 of PUT /forms/{formId} when `expectedUpdatedAt` is no longer the form's `updatedAt`: the form
 * was saved elsewhere (another tab, another device) after this copy of it was loaded.
 */
export const FORM_CHANGED_MESSAGE =
  'This form was saved somewhere else after you opened it. Reload to see the latest version; your changes here were not saved.';
/** The problem's `code` of that 409, which the editor tells apart from other refusals. */
export const FORM_CHANGED_CODE = 'FORM_CHANGED';

/**
 * PUT /forms/{formId}: the full update of the editor, or the sheet-settings update of Manage Forms
 * ({googleSheetsUrl, sheetName}). Every key is optional; what is sent is changed. `expectedUpdatedAt`, the
 * `updatedAt` of the form the client loaded, makes the update conditional: if the form was saved since,
 * nothing is changed and the answer is 409 (FORM_CHANGED_MESSAGE). Without it the update is unconditional.
 */
export const UpdateFormBodySchema = z.strictObject({
  expectedUpdatedAt: z.string().max(40).optional(),
  formId: z.string().optional(),
  name: z.string().trim().min(1, 'Form name is required').max(FORM_LIMITS.nameMax).optional(),
  description: z.string().max(FORM_LIMITS.descriptionMax).optional(),
  googleSheetsUrl: z.string().trim().max(2048).optional(),
  sheetName: z.string().trim().max(100).optional(),
  settings: FormSettingsInputSchema.optional(),
  jdata: FormFieldsInputSchema.optional(),
  dueDate: z.string().max(40).optional(),
  status: FormStatusSchema.optional(),
});
export type UpdateFormBody = z.input<typeof UpdateFormBodySchema>;

/**
 * POST /forms/{formId}/prefill-links (issue 23): a link with answers filled in. `values` (field id →
 * answer) go in the address; those whose ids are in `locked` go in the signed `prefill` token instead,
 * shown read-only and enforced at submission. `expiresInDays` bounds the token (none: no expiry).
 */
export const PrefillLinkBodySchema = z.strictObject({
  values: z
    .record(
      FieldIdSchema,
      z.union([
        z.string().max(ANSWER_MAX_LENGTH, 'Answers must be at most 5000 characters'),
        z.array(z.string().max(OPTION_LIMITS.lengthMax)).max(OPTION_LIMITS.max),
      ]),
    )
    .refine((values) => Object.keys(values).length > 0, 'Fill in at least one field for the link'),
  locked: z.array(FieldIdSchema).max(FORM_LIMITS.fieldsMax).default([]),
  expiresInDays: z.number().int().min(1).max(PREFILL_LIMITS.expiryDaysMax).optional(),
});
export type PrefillLinkBody = z.input<typeof PrefillLinkBodySchema>;
export const PrefillLinkResultSchema = z
  .object({ url: z.string(), expiresAt: z.string().nullable() })
  .meta({ id: 'PrefillLinkResult' });
export type PrefillLinkResult = z.infer<typeof PrefillLinkResultSchema>;

/**
 * POST /forms/{formId}/prefill/verify (public): a prefilled link's token checked by the server, for the
 * page the browser renders itself (a login-protected form), which shows no locked answer until then.
 */
export const PrefillVerifyBodySchema = z.strictObject({
  token: z.string().min(1).max(PREFILL_LIMITS.tokenMax),
});
export type PrefillVerifyBody = z.input<typeof PrefillVerifyBodySchema>;
/** The token's locked answers (field id → answer, checkboxes as their chosen options), fields of the form only. */
export const PrefillVerifyResultSchema = z
  .object({ values: z.record(z.string(), z.union([z.string(), z.array(z.string())])) })
  .meta({ id: 'PrefillVerifyResult' });
export type PrefillVerifyResult = z.infer<typeof PrefillVerifyResultSchema>;

/** A field the owner's form view warns about: its options range could not be read (respondents see the last good list). */
export const FieldWarningSchema = z
  .object({ fieldId: z.string(), label: z.string(), message: z.string() })
  .meta({ id: 'FieldWarning' });
export type FieldWarning = z.infer<typeof FieldWarningSchema>;

/** A row of GET /forms (spec 000 section 3). */
export const FormListItemSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    name: z.string(),
    openFormUrl: z.string(),
    googleSheetsUrl: z.string(),
    sheetName: z.string(),
    iframeCode: z.string(),
    status: z.string(),
    createdAt: z.string(),
    responseCount: z.number().int(),
  })
  .meta({ id: 'FormListItem' });
export type FormListItem = z.infer<typeof FormListItemSchema>;

/**
 * A form as its owner reads it (spec 001 section 3). The entity's formUsers and formTemplates travel
 * beside it in FormDetail (formUsers, formTemplate: section 7's reply), and responseUrl is not carried:
 * decision 0015.
 */
export const FormSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    name: z.string(),
    description: z.string(),
    googleSheetsUrl: z.string(),
    sheetName: z.string(),
    jdata: z.array(FormFieldSchema),
    settings: FormSettingsSchema,
    dueDate: z.string(),
    status: z.string(),
    openFormUrl: z.string(),
    iframeCode: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Form' });
export type Form = z.infer<typeof FormSchema>;

/** An authorized user of a login-protected form. The password is never returned after creation. */
export const FormUserSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() })
  .meta({ id: 'FormUser' });
export type FormUser = z.infer<typeof FormUserSchema>;

/** A stored response as the owner sees it (spec 001 FormResponse): see ResponseItemSchema. */
export const FormResponseSchema = ResponseItemSchema;
export type FormResponse = ResponseItem;

/**
 * GET /forms/{formId} (spec 001 section 7). formResponse holds only the newest page (at most
 * RESPONSES_PAGE.detailLimit); responseCount is the total; GET /forms/{formId}/responses pages the rest.
 */
export const FormDetailSchema = z
  .object({
    form: FormSchema,
    formResponse: z.array(FormResponseSchema),
    responseCount: z.number().int(),
    formUsers: z.array(FormUserSchema),
    formTemplate: z.array(FormTemplateSchema),
    /** Fields whose options range could not be read just now (issue 21); empty when all is well. */
    fieldWarnings: z.array(FieldWarningSchema).default([]),
  })
  .meta({ id: 'FormDetail' });
export type FormDetail = z.infer<typeof FormDetailSchema>;

/** POST /forms/add-user. userId and password are accepted for the spec's payload but never trusted. */
export const AddFormUserBodySchema = z.strictObject({
  userId: z.union([z.string(), z.number()]).optional(),
  formId: z.string().trim().min(1, 'Form ID is required').max(64),
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Valid email is required')),
  name: z.string().trim().min(1, 'Name is required').min(2, 'Name must be at least 2 characters').max(100),
  password: z.string().max(200).optional(),
});
export type AddFormUserBody = z.input<typeof AddFormUserBodySchema>;

/** The one time a generated password is shown: to the owner, right after add or reset. */
export const FormUserWithPasswordSchema = z
  .object({ formUser: FormUserSchema, password: z.string() })
  .meta({ id: 'FormUserWithPassword' });
export type FormUserWithPassword = z.infer<typeof FormUserWithPasswordSchema>;

export const DeleteFormUserBodySchema = z.strictObject({
  userId: z.union([z.string(), z.number()]).optional(),
  formId: z.string().trim().min(1, 'Form ID is required').max(64),
  id: z.string().trim().min(1, 'User ID is required').max(64),
});
export type DeleteFormUserBody = z.input<typeof DeleteFormUserBodySchema>;

export const ResetFormUserPasswordBodySchema = z.strictObject({
  formId: z.string().trim().min(1, 'Form ID is required').max(64),
  id: z.string().trim().min(1, 'User ID is required').max(64),
});
export type ResetFormUserPasswordBody = z.input<typeof ResetFormUserPasswordBodySchema>;

/** GET /users/dashboard-stats: what Manage Forms shows above the table. */
export const DashboardStatsSchema = z
  .object({
    totalForms: z.number().int(),
    activeForms: z.number().int(),
    totalResponses: z.number().int(),
    responsesThisMonth: z.number().int(),
    forms: z.array(
      z.object({
        formId: z.string(),
        name: z.string(),
        responses: z.number().int(),
        responsesThisMonth: z.number().int(),
        lastResponseAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** A header that is a question ('How did you hear about us?', 'Which plan') reads badly after 'Enter your'. */
const QUESTION =
  /\?\s*$|^(?:how|what|which|when|where|who|whom|whose|why|do|does|did|are|is|was|were|will|would|can|could|should|have|has)\b/i;
/** Said instead of 'Enter your …' for a question, as Google Forms says it. */
export const QUESTION_PLACEHOLDER = 'Your answer';

/**
 * Spec 001 section 9: 'Enter your {field name lowercased}'; a header that is a question gets 'Your
 * answer' instead (issue 21: no 'Enter your how did you hear about us?').
 */
export function defaultPlaceholder(fieldName: string): string {
  if (QUESTION.test(fieldName.trim())) return QUESTION_PLACEHOLDER;
  return `Enter your ${fieldName.toLowerCase()}`;
}

/** Out-of-range or non-numeric signature sizes fall back to the defaults (spec 001 section 5). */
export function normaliseSignatureSize(width: unknown, height: unknown): { width: number; height: number } {
  const within = (value: unknown, limits: { min: number; max: number; default: number }) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) && n >= limits.min && n <= limits.max
      ? Math.round(n)
      : limits.default;
  };
  return { width: within(width, SIGNATURE_LIMITS.width), height: within(height, SIGNATURE_LIMITS.height) };
}
