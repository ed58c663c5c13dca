import type { OwnerDigest } from '@sheetforms/contract';
import type { MailMessage } from '../mail/smtp-mailer.js';
import { oneLine } from '../mail/smtp-mailer.js';
import { type AnswerRow, answersTable, answersText, escapeHtml, htmlMail } from './mail-answers.js';

export type DigestFrequency = Exclude<OwnerDigest, 'instant'>;

/** A digest waits this long after its period ends, so responses planned a moment late still make it in. */
export const DIGEST_GRACE_MS = 5 * 60_000;
/** Responses written out in full in one digest; the rest are counted, and are on the Responses page. */
export const DIGEST_SHOWN = 25;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface DigestPeriod {
  frequency: DigestFrequency;
  /** ISO times, UTC: responses with start <= createdAt < end. */
  start: string;
  end: string;
  /** The delivery's destination key, one per form and period. */
  key: string;
}

/** The hour or UTC day a response belongs to. */
export function digestPeriodOf(createdAt: string, frequency: DigestFrequency): DigestPeriod {
  const size = frequency === 'hourly' ? HOUR_MS : DAY_MS;
  const startMs = Math.floor(Date.parse(createdAt) / size) * size;
  const start = new Date(startMs).toISOString();
  return {
    frequency,
    start,
    end: new Date(startMs + size).toISOString(),
    key: `owner-digest:${frequency}:${start}`,
  };
}

/** The period a digest delivery's key names; undefined for a key that is not a digest's. */
export function digestPeriodOfKey(key: string): DigestPeriod | undefined {
  const match = /^owner-digest:(hourly|daily):(.+)$/.exec(key);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[2]))) return undefined;
  return digestPeriodOf(match[2], match[1] as DigestFrequency);
}

export interface DigestResponse {
  createdAt: string;
  rows: AnswerRow[];
}

/**
 * The owner's digest: subject '{form name}: {n} new responses', each of the first DIGEST_SHOWN responses
 * as a table (HTML, escaped) and as text, how many more there were, and a link to them all.
 */
export function ownerDigest(input: {
  deliveryId: string;
  from: string;
  to: string;
  formName: string;
  period: DigestPeriod;
  total: number;
  responses: readonly DigestResponse[];
  responsesUrl: string;
  messageIdDomain: string;
}): MailMessage {
  const { period, total } = input;
  const noun = total === 1 ? 'response' : 'responses';
  const span = `${period.frequency === 'hourly' ? 'the hour' : 'the day'} from ${period.start} to ${period.end} (UTC)`;
  const more = total - input.responses.length;
  const moreLine = more > 0 ? `And ${more} more.` : undefined;
  const text = [
    `${total} new ${noun} to ${oneLine(input.formName)} in ${span}.`,
    ...input.responses.flatMap((response) => [
      '',
      `Received ${response.createdAt}:`,
      ...answersText(response.rows),
    ]),
    ...(moreLine ? ['', moreLine] : []),
    '',
    `See every response: ${input.responsesUrl}`,
  ].join('\n');
  const html = htmlMail([
    `<p>${total} new ${noun} to <strong>${escapeHtml(input.formName)}</strong> in ${escapeHtml(span)}.</p>`,
    ...input.responses.flatMap((response) => [
      `<h3 style="font-size:14px;margin:18px 0 6px">Received ${escapeHtml(response.createdAt)}</h3>`,
      answersTable(response.rows),
    ]),
    ...(moreLine ? [`<p>${moreLine}</p>`] : []),
    `<p><a href="${escapeHtml(input.responsesUrl)}">See every response</a></p>`,
  ]);
  return {
    from: input.from,
    to: input.to,
    subject: oneLine(`${input.formName}: ${total} new ${noun}`).slice(0, 200),
    text,
    html,
    messageId: `<${input.deliveryId}@${input.messageIdDomain}>`,
  };
}
