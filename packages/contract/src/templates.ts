import { z } from 'zod';
import { SHEET_URL_MESSAGES } from './spreadsheet-url.js';

/** Document templates (spec 001 sections 3, 4, 5, 7, 8): stored server-side, sanitized on write. */
export const TEMPLATE_LIMITS = {
  nameMax: 200,
  urlMax: 2048,
  /**
   * Largest template HTML the server takes and keeps (bytes, UTF-8), checked on what is sent and again
   * after sanitizing; larger gets 413. A 300-page Docs export with tables and styled text is about 0.6 MB
   * (docs/performance.md, HTML work), so this leaves room.
   */
  contentMaxBytes: 1024 * 1024,
} as const;

/**
 * Bounds on every piece of HTML the server works on (templates, html-to-pdf, filled documents), so that no
 * single request can keep the server busy (docs/security.md, HTML work).
 */
export const HTML_LIMITS = {
  /** Largest HTML POST /forms/html-to-pdf takes (characters): a 1 MB template filled with answers. */
  htmlToPdfMaxChars: 2 * 1024 * 1024,
  /** Elements nested deeper than this are refused (a real document nests tens deep). */
  maxDepth: 256,
  /** Elements, text runs and comments in one document (a 1 MB document shaped like a Docs export has 17,000). */
  maxNodes: 100_000,
  /** A filled document (a template with one response's answers) may be this large (bytes). */
  filledDocumentMaxBytes: 8 * 1024 * 1024,
  /**
   * What one page of responses may carry in templates (their content and filled copies, characters): a
   * page whose responses would pass it holds fewer responses.
   */
  pageTemplatesMaxChars: 4 * 1024 * 1024,
} as const;

/** What the server answers when HTML is outside HTML_LIMITS (400 or 413) or the HTML workers are busy (503). */
export const HTML_LIMIT_MESSAGES = {
  tooLarge: 'The HTML is too large (at most 2 MB)',
  tooDeep: `The HTML is nested too deeply (at most ${HTML_LIMITS.maxDepth} levels)`,
  tooManyNodes: 'The HTML has too many elements (at most 100,000)',
  filledTooLarge:
    'The filled document is too large (at most 8 MB of HTML). Shorten the template or the answers it repeats.',
  busy: 'The server is busy preparing documents. Please try again in a few seconds.',
  busyForYou: 'You have several documents being prepared already. Please try again in a few seconds.',
} as const;

/** Texts of the templates feature (spec 001 section 8), shown by the editor and the responses page. */
export const TEMPLATE_MESSAGES = {
  bothRequired: 'Both name and URL are required',
  nameEmpty: 'Template name cannot be empty',
  docsUrlInvalid: SHEET_URL_MESSAGES.docsInvalid,
  added: 'Template added successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully!',
  addFailedPrefix: 'Failed to add template: ',
  updateFailedPrefix: 'Failed to update template: ',
  deleteFailedPrefix: 'Failed to delete template: ',
  addedWithoutDetails: 'Template added but details not returned - refresh may be required',
  tooLarge: 'Template is too large (at most 1 MB of HTML)',
  notFound: 'Template not found',
  signedIn: 'Signed in to Google successfully',
  signedOut: 'Logged out from Google successfully',
  signInFirst: 'Please sign in to Google first',
  needSignIn: 'You need to sign in to Google first',
  notInitialized: 'Google API not initialized. Please try again.',
  sessionExpired: 'Google session expired. Refreshing authentication...',
  signInFailedPrefix: 'Google sign-in failed: ',
  fetchFailedPrefix: 'Failed to fetch document: ',
  exportFailedPrefix: 'Failed to export document as PDF: ',
  noDocumentId: 'Could not extract document ID from URL',
  invalidDocumentUrl: 'Invalid document URL',
  notInApi: 'Template not found in API data',
  notInUi: 'Template not found in UI data',
  pdfExported: 'PDF exported successfully',
} as const;

/** Pages one PDF may have: a longer document is refused (422) rather than printed. */
export const PDF_MAX_PAGES = 200;

/** Texts of PDF export on the responses page (spec 001 section 8). */
/** The most responses one ZIP of PDFs holds. */
export const PDF_ZIP_MAX = 500;

export const PDF_MESSAGES = {
  generating: 'Generating PDF...',
  done: 'PDF generated and downloaded successfully',
  noContent: 'Template has no HTML content to export',
  failedPrefix: 'Failed to generate PDF: ',
  needsChromium: 'PDF export needs Chromium (set CHROMIUM_PATH)',
  busy: 'Too many PDFs are being generated right now. Please try again in a few seconds.',
  timedOut: 'Generating the PDF took too long. Please try again.',
  tooLong: `The PDF would be longer than ${PDF_MAX_PAGES} pages. Shorten the template or the answers.`,
  zipNoneMatch: 'No response matches the search and dates',
  zipTooMany: `More than ${PDF_ZIP_MAX} responses match. Narrow the search or the dates to ${PDF_ZIP_MAX} or fewer for one ZIP of PDFs.`,
} as const;
/** The PDF success toast closes after 3 s (spec 001 section 9). */
export const PDF_TOAST_AUTO_CLOSE_MS = 3_000;

/** Google token validity kept by the browser (spec 001 section 9): 30 days. */
export const GOOGLE_TOKEN_VALIDITY_MS = 2_592_000_000;

/** Placeholders that are not field labels (spec 001 section 9, and the additions). */
export const BUILT_IN_PLACEHOLDERS = ['date', 'Timestamp', 'Response ID', 'Respondent', 'Signature'] as const;

/** POST /forms/{formId}/templates (spec 001 section 7). Content is HTML; the server sanitizes it. */
export const CreateTemplateBodySchema = z.strictObject({
  name: z.string().trim().max(TEMPLATE_LIMITS.nameMax).default(''),
  googleDocsUrl: z.string().trim().max(TEMPLATE_LIMITS.urlMax).default(''),
  content: z.string().default(''),
});
export type CreateTemplateBody = z.input<typeof CreateTemplateBodySchema>;

/** PUT /forms/{formId}/templates/{templateId}: what is sent is changed. */
export const UpdateTemplateBodySchema = z.strictObject({
  name: z.string().trim().max(TEMPLATE_LIMITS.nameMax).optional(),
  googleDocsUrl: z.string().trim().max(TEMPLATE_LIMITS.urlMax).optional(),
  content: z.string().optional(),
});
export type UpdateTemplateBody = z.input<typeof UpdateTemplateBodySchema>;

/** A template entry inside a response (spec 001 section 3): the template filled with that response. */
export const TemplateEntrySchema = z
  .object({
    templateId: z.string(),
    name: z.string(),
    content: z.string(),
    contentWithUserResponse: z.string(),
  })
  .meta({ id: 'TemplateEntry' });
export type TemplateEntry = z.infer<typeof TemplateEntrySchema>;

/** POST /forms/{formId}/responses/{responseId}/pdf: the page's call; it sends no HTML. */
export const ResponsePdfBodySchema = z.strictObject({
  templateId: z.string().trim().min(1).max(64),
});
export type ResponsePdfBody = z.input<typeof ResponsePdfBodySchema>;

/**
 * POST /forms/{formId}/responses/pdf-zip: one PDF per response in one ZIP. With `responseIds`, those
 * responses (the selected rows); without, every response matching q/from/to (the list's filters),
 * newest first: 'Download all as PDF'. More than PDF_ZIP_MAX matches is a 400 (narrow the filters).
 */
export const ResponsesPdfZipBodySchema = z.strictObject({
  templateId: z.string().trim().min(1).max(64),
  responseIds: z.array(z.string().trim().min(1).max(64)).min(1).max(PDF_ZIP_MAX).optional(),
  q: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ResponsesPdfZipBody = z.input<typeof ResponsesPdfZipBodySchema>;

/** POST /forms/html-to-pdf (spec 001 section 7), urlencoded. */
export const HtmlToPdfBodySchema = z.object({
  html: z.string().default(''),
  fileName: z.string().trim().max(TEMPLATE_LIMITS.nameMax).default(''),
  formId: z.string().trim().min(1, 'Form ID is required').max(64),
});
export type HtmlToPdfBody = z.input<typeof HtmlToPdfBodySchema>;
