import { type FormField, keyedRecord, ownValue, type TemplateValues } from '@sheetforms/contract';
import { formatSheetTimestamp } from '../sheet-sync/timestamp.js';

/** A stored response, as much of it as a template shows. */
export interface ResponseForTemplate {
  id: string;
  /** Field label → answer, as stored; read by its own keys only (a label may be 'constructor'). */
  answers: Record<string, string>;
  createdAt: string;
  signatureUrl: string | null;
  /** The email the respondent logged in with (forms with login); null otherwise. */
  respondentEmail: string | null;
}

export interface TemplateValuesOptions {
  /** Today, for {{date}}. */
  now: Date;
  /** The time zone of the sheet's Timestamp column (SHEET_SYNC_TIMEZONE), used for both dates. */
  timeZone: string;
  /**
   * The signature image's source. Defaults to the stored URL; the PDF renderer passes a data URI
   * instead, because it fetches nothing.
   */
  signatureImageSrc?: string | null;
  /** {{Signature}} as an image of this class whose picture the document gives once (the PDF renderer). */
  signatureImageClass?: string | null;
}

/**
 * What a template is filled with for one response. Every current field gets a value (an unanswered one
 * is empty), so {{Field}} of an optional field disappears instead of showing its braces. The values are
 * kept by label in a record without a prototype (keyedRecord): on a plain object a field labelled
 * '__proto__' would set the prototype instead of its value, and its placeholder would keep its braces.
 */
export function templateValuesFor(
  fields: readonly FormField[],
  response: ResponseForTemplate,
  options: TemplateValuesOptions,
): TemplateValues {
  const answers = keyedRecord<string>();
  for (const field of fields) {
    if (!field.isRemoved) answers[field.label] = ownValue(response.answers, field.label) ?? '';
  }
  return {
    answers,
    date: formatLongDate(options.now, options.timeZone),
    timestamp: formatSheetTimestamp(response.createdAt, options.timeZone),
    responseId: response.id,
    respondent: response.respondentEmail ?? '',
    signatureImageSrc:
      options.signatureImageSrc === undefined ? response.signatureUrl : options.signatureImageSrc,
    signatureImageClass: options.signatureImageClass ?? null,
  };
}

/** {{date}} (spec 001 section 9): e.g. "November 25, 2026". */
export function formatLongDate(instant: Date, timeZone: string): string {
  let formatter = longDateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    longDateFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

// Building an Intl.DateTimeFormat is far costlier than using one; pages fill many templates.
const longDateFormatters = new Map<string, Intl.DateTimeFormat>();
