import type { MailMessage } from '../mail/smtp-mailer.js';
import { oneLine } from '../mail/smtp-mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An answer of many lines stays readable in the text part: its later lines indented under the label. */
const indented = (text: string) => text.replace(/\r\n?|\n/g, '\n  ');

/**
 * The owner's notification of one response: subject '{form name}: new response', the answers as a table
 * (HTML, every answer and label escaped) and as 'Label: answer' lines (text), and a link to the form's
 * responses. The Message-ID comes from the delivery id, the same on every retry, so a mail sent again
 * after a crash threads with (and is recognisable as) the first.
 */
export function ownerNotification(input: {
  deliveryId: string;
  from: string;
  to: string;
  formName: string;
  responsesUrl: string;
  createdAt: string;
  answers: Record<string, string>;
  respondent?: string | null;
  messageIdDomain: string;
}): MailMessage {
  const rows: [string, string][] = [
    ...(input.respondent ? ([['Respondent', input.respondent]] as [string, string][]) : []),
    ...Object.entries(input.answers),
  ];
  const text = [
    `New response to ${oneLine(input.formName)}, received ${input.createdAt}:`,
    '',
    ...rows.map(([label, answer]) => `${oneLine(label)}: ${indented(answer)}`),
    '',
    `See every response: ${input.responsesUrl}`,
  ].join('\n');
  const cell = 'padding:6px 10px;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">',
    `<p>New response to <strong>${escapeHtml(input.formName)}</strong>, received ${escapeHtml(input.createdAt)}.</p>`,
    '<table style="border-collapse:collapse;font-size:14px">',
    ...rows.map(
      ([label, answer]) =>
        `<tr><th style="${cell};color:#475569;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="${cell};white-space:pre-wrap">${escapeHtml(answer)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(input.responsesUrl)}">See every response</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    from: input.from,
    to: input.to,
    subject: oneLine(`${input.formName}: new response`).slice(0, 200),
    text,
    html,
    messageId: `<${input.deliveryId}@${input.messageIdDomain}>`,
  };
}
