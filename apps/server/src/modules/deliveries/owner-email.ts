import type { MailMessage } from '../mail/smtp-mailer.js';
import { oneLine } from '../mail/smtp-mailer.js';
import { answerRows, answersTable, answersText, escapeHtml, htmlMail } from './mail-answers.js';

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
  const rows = answerRows(input.answers, input.respondent);
  const text = [
    `New response to ${oneLine(input.formName)}, received ${input.createdAt}:`,
    '',
    ...answersText(rows),
    '',
    `See every response: ${input.responsesUrl}`,
  ].join('\n');
  const html = htmlMail([
    `<p>New response to <strong>${escapeHtml(input.formName)}</strong>, received ${escapeHtml(input.createdAt)}.</p>`,
    answersTable(rows),
    `<p><a href="${escapeHtml(input.responsesUrl)}">See every response</a></p>`,
  ]);
  return {
    from: input.from,
    to: input.to,
    subject: oneLine(`${input.formName}: new response`).slice(0, 200),
    text,
    html,
    messageId: `<${input.deliveryId}@${input.messageIdDomain}>`,
  };
}
