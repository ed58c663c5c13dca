import type { ResponseItem, TemplateEntry } from '@sheetforms/contract';
import type { Selectable } from 'kysely';
import type { ResponsesTable } from '../../db/schema.js';
import type { ResponseForTemplate } from '../templates/template-values.js';

export type ResponseRow = Pick<
  Selectable<ResponsesTable>,
  'id' | 'answers_json' | 'signature_url' | 'created_at' | 'sync_state' | 'last_error'
>;

/** Answers are stored as a JSON object of label → text; anything else in it is not shown. */
export function answersFromJson(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A synced row's old error is history, not a reason: only rows still on their way show one. */
export function syncErrorOf(row: Pick<ResponseRow, 'sync_state' | 'last_error'>): string | null {
  return row.sync_state === 'synced' ? null : (row.last_error ?? null);
}

export function toResponseForTemplate(row: ResponseRow): ResponseForTemplate {
  return {
    id: row.id,
    answers: answersFromJson(row.answers_json),
    createdAt: row.created_at,
    signatureUrl: row.signature_url,
  };
}

export function toResponseItem(row: ResponseRow, formResponseWithTemplate: TemplateEntry[]): ResponseItem {
  const answers = answersFromJson(row.answers_json);
  return {
    id: row.id,
    // The spec's response map carries the signature's image URL beside the answers.
    response: row.signature_url ? { ...answers, signature: row.signature_url } : answers,
    createdAt: row.created_at,
    syncState: row.sync_state,
    syncError: syncErrorOf(row),
    formResponseWithTemplate,
  };
}
