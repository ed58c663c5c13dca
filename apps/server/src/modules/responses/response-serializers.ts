import {
  keyedRecord,
  type ResponseItem,
  type ResponseSheetState,
  type TemplateEntry,
} from '@sheetforms/contract';
import type { Selectable } from 'kysely';
import type { ResponsesTable } from '../../db/schema.js';
import type { ResponseForTemplate } from '../templates/template-values.js';

export type ResponseRow = Pick<
  Selectable<ResponsesTable>,
  'id' | 'answers_json' | 'signature_url' | 'created_at' | 'sync_state' | 'last_error' | 'respondent_email'
>;

/**
 * Answers are stored as a JSON object of label → text; anything else in it is not shown. Its readers look
 * answers up by label, and a label may be 'constructor' or '__proto__': the record has no prototype, so
 * a label the response did not answer reads as undefined, never as what every object inherits.
 */
export function answersFromJson(text: string): Record<string, string> {
  const answers = keyedRecord<string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return answers;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return answers;
  for (const [label, value] of Object.entries(parsed)) {
    if (typeof value === 'string') answers[label] = value;
  }
  return answers;
}

/**
 * Where the response stands with the sheet for the owner: a response of a form with no Google Sheet
 * linked is 'no_sheet' (kept here, nothing to fix) rather than the 'failed' the worker stored for it,
 * unless it reached a sheet the form had before.
 */
export function sheetStateOf(row: Pick<ResponseRow, 'sync_state'>, sheetLinked: boolean): ResponseSheetState {
  return row.sync_state !== 'synced' && !sheetLinked ? 'no_sheet' : row.sync_state;
}

/** A synced row's old error is history, not a reason: only rows still on their way show one. */
export function syncErrorOf(
  row: Pick<ResponseRow, 'sync_state' | 'last_error'>,
  sheetLinked = true,
): string | null {
  return sheetStateOf(row, sheetLinked) === 'synced' || !sheetLinked ? null : (row.last_error ?? null);
}

export function toResponseForTemplate(row: ResponseRow): ResponseForTemplate {
  return {
    id: row.id,
    answers: answersFromJson(row.answers_json),
    createdAt: row.created_at,
    signatureUrl: row.signature_url,
    respondentEmail: row.respondent_email ?? null,
  };
}

export function toResponseItem(
  row: ResponseRow,
  formResponseWithTemplate: TemplateEntry[],
  sheetLinked = true,
): ResponseItem {
  const answers = answersFromJson(row.answers_json);
  return {
    id: row.id,
    // The spec's response map carries the signature's image URL beside the answers.
    response: row.signature_url ? { ...answers, signature: row.signature_url } : answers,
    createdAt: row.created_at,
    respondent: row.respondent_email ?? null,
    syncState: sheetStateOf(row, sheetLinked),
    syncError: syncErrorOf(row, sheetLinked),
    formResponseWithTemplate,
  };
}
