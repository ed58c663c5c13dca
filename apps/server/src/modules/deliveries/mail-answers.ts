import { oneLine } from '../mail/smtp-mailer.js';

/** One label and answer as a mail shows them. */
export type AnswerRow = [label: string, answer: string];

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An answer of many lines stays readable in the text part: its later lines indented under the label. */
const indented = (text: string) => text.replace(/\r\n?|\n/g, '\n  ');

/**
 * The rows of a response: who answered (login forms), then every answer in the form's order. `answers` is
 * label → answer as answersFromJson reads it (no prototype, so a '__proto__' label is kept as a key); only
 * its own keys become rows, so a label such as 'constructor' shows only when it was answered.
 */
export function answerRows(answers: Record<string, string>, respondent?: string | null): AnswerRow[] {
  return [...(respondent ? ([['Respondent', respondent]] as AnswerRow[]) : []), ...Object.entries(answers)];
}

/** 'Label: answer' lines for the text part. */
export const answersText = (rows: readonly AnswerRow[]) =>
  rows.map(([label, answer]) => `${oneLine(label)}: ${indented(answer)}`);

const CELL = 'padding:6px 10px;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left';

/** The answers as an HTML table, every label and answer escaped. */
export const answersTable = (rows: readonly AnswerRow[]) =>
  [
    '<table style="border-collapse:collapse;font-size:14px">',
    ...rows.map(
      ([label, answer]) =>
        `<tr><th style="${CELL};color:#475569;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="${CELL};white-space:pre-wrap">${escapeHtml(answer)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');

/** An HTML mail's frame. */
export const htmlMail = (body: readonly string[]) =>
  [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">',
    ...body,
    '</body></html>',
  ].join('\n');
