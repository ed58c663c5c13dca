import type { FormField, FormResponse, TemplateValues } from '@sheetforms/contract';
import { keyedRecord } from '@sheetforms/contract/answers';

export const SAMPLE_ANSWER = 'Sample answer';
export const SAMPLE_RESPONSE_ID = 'sample-response-id';
/** {{Respondent}} in the sample preview: where a login form's respondent email lands. */
export const SAMPLE_RESPONDENT = 'respondent@example.com';

/** What the live preview shows: the newest response, or 'Sample answer' for every field without one. */
export interface PreviewData {
  values: TemplateValues;
  source: 'latest-response' | 'sample';
}

/** {{date}}: today's date, as filled templates show it ("November 25, 2026"). */
export function templateDate(now: Date): string {
  return now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function timestampText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US');
}

export function previewData(
  fields: readonly FormField[],
  latest: FormResponse | undefined,
  now: Date = new Date(),
): PreviewData {
  const date = templateDate(now);
  if (latest) {
    const { signature, ...answers } = latest.response;
    return {
      source: 'latest-response',
      values: {
        answers,
        date,
        timestamp: timestampText(latest.createdAt),
        responseId: latest.id,
        respondent: latest.respondent ?? '',
        signatureImageSrc: signature ?? null,
      },
    };
  }
  // By label in a record without a prototype: on a plain object a field labelled '__proto__' would set the
  // prototype, and its placeholder would keep its braces in the preview (the server fills it).
  const answers = keyedRecord<string>();
  for (const field of fields) if (!field.isRemoved) answers[field.label] = SAMPLE_ANSWER;
  return {
    source: 'sample',
    values: {
      answers,
      date,
      timestamp: timestampText(now.toISOString()),
      responseId: SAMPLE_RESPONSE_ID,
      respondent: SAMPLE_RESPONDENT,
      signatureImageSrc: null,
    },
  };
}

/** The labels placeholders are matched against: the form's fields that respondents still see. */
export function fieldLabels(fields: readonly FormField[]): string[] {
  return fields.filter((field) => !field.isRemoved).map((field) => field.label);
}

/** The newest response by its time (the detail's page is newest first, but the preview does not rely on it). */
export function latestResponse(responses: readonly FormResponse[]): FormResponse | undefined {
  let latest: FormResponse | undefined;
  for (const response of responses) {
    if (!latest || Date.parse(response.createdAt) > Date.parse(latest.createdAt)) latest = response;
  }
  return latest;
}
