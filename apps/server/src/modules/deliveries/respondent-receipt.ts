import { isEmailShape } from '@sheetforms/contract';
import type { MailMessage } from '../mail/smtp-mailer.js';
import { oneLine } from '../mail/smtp-mailer.js';
import { answerRows, answersTable, answersText, escapeHtml, htmlMail } from './mail-answers.js';

/** RFC 5321's limit on a forward path. */
const MAX_ADDRESS_LENGTH = 254;

/**
 * The address a receipt goes to: the answer the respondent typed into the form's chosen email field, and
 * nothing else (no address from the owner's settings or another field). Undefined when that answer is
 * empty or not one address (it was checked at submission, so this is a second line of defence: a mail
 * header never gets two addresses or a line break from an answer).
 */
export function receiptAddress(answer: string | undefined): string | undefined {
  const address = answer?.trim();
  if (!address || address.length > MAX_ADDRESS_LENGTH) return undefined;
  if (/[\s,;<>]/.test(address) || !isEmailShape(address)) return undefined;
  return address.toLowerCase();
}

/**
 * The respondent's copy: subject 'Your response to {form name}', their answers as a table and as text,
 * and the chosen template's PDF when there is one. The Message-ID comes from the delivery id, as the
 * owner's mail's does.
 */
export function respondentReceipt(input: {
  deliveryId: string;
  from: string;
  to: string;
  formName: string;
  createdAt: string;
  answers: Record<string, string>;
  messageIdDomain: string;
  pdf?: { name: string; content: Buffer } | undefined;
}): MailMessage {
  const rows = answerRows(input.answers);
  const attached = input.pdf ? 'The document of your response is attached.' : undefined;
  const text = [
    `Thank you for your response to ${oneLine(input.formName)}. This is a copy of what you sent on ${input.createdAt}:`,
    '',
    ...answersText(rows),
    ...(attached ? ['', attached] : []),
    '',
    'You receive this mail because this address was entered in the form.',
  ].join('\n');
  const html = htmlMail([
    `<p>Thank you for your response to <strong>${escapeHtml(input.formName)}</strong>. This is a copy of what you sent on ${escapeHtml(input.createdAt)}:</p>`,
    answersTable(rows),
    ...(attached ? [`<p>${attached}</p>`] : []),
    '<p style="color:#64748b;font-size:12px">You receive this mail because this address was entered in the form.</p>',
  ]);
  return {
    from: input.from,
    to: input.to,
    subject: oneLine(`Your response to ${input.formName}`).slice(0, 200),
    text,
    html,
    messageId: `<${input.deliveryId}@${input.messageIdDomain}>`,
    ...(input.pdf
      ? {
          attachments: [
            {
              filename: `${
                oneLine(input.pdf.name)
                  .replace(/["\\/]/g, '_')
                  .slice(0, 100) || 'response'
              }.pdf`,
              content: input.pdf.content,
              contentType: 'application/pdf',
            },
          ],
        }
      : {}),
  };
}
