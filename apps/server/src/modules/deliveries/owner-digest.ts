import type { OwnerDigest } from '@sheetforms/contract';
import { knownZone } from '../forms/digest-settings.js';
import type { MailMessage } from '../mail/smtp-mailer.js';
import { oneLine } from '../mail/smtp-mailer.js';
import { formatSheetTimestamp } from '../sheet-sync/timestamp.js';
import { formatLongDate } from '../templates/template-values.js';
import { type AnswerRow, answersTable, answersText, escapeHtml, htmlMail } from './mail-answers.js';
import { zonePeriodOf } from './zone-periods.js';

export type DigestFrequency = Exclude<OwnerDigest, 'instant'>;

/** A digest waits this long after its period ends, so responses planned a moment late still make it in. */
export const DIGEST_GRACE_MS = 5 * 60_000;
/** Responses written out in full in one digest; the rest are counted, and are on the Responses page. */
export const DIGEST_SHOWN = 25;

export interface DigestPeriod {
  frequency: DigestFrequency;
  /** ISO times, UTC: responses with start <= createdAt < end. */
  start: string;
  end: string;
  /** The zone whose clock the hour or day follows (the owner's, chosen in the editor; UTC before). */
  timeZone: string;
  /** The delivery's destination key, one per form and period. */
  key: string;
}

const DIGEST_KEY = /^owner-digest:(hourly|daily):([^@]+)(?:@(.+))?$/;

/**
 * The hour or day of the owner's clock a response belongs to. The key names the period's start and, when
 * it is not UTC, its zone (`owner-digest:daily:2026-11-28T05:00:00.000Z@America/New_York`), so the digest
 * reads back the very period it was planned for even if the owner's zone changes meanwhile.
 */
export function digestPeriodOf(
  createdAt: string,
  frequency: DigestFrequency,
  timeZone = 'UTC',
): DigestPeriod {
  const { startMs, endMs } = zonePeriodOf(Date.parse(createdAt), frequency, timeZone);
  const start = new Date(startMs).toISOString();
  return {
    frequency,
    start,
    end: new Date(endMs).toISOString(),
    timeZone,
    key: `owner-digest:${frequency}:${start}${timeZone === 'UTC' ? '' : `@${timeZone}`}`,
  };
}

/** A digest's period is at most 25 hours long (a day on which the clocks go back). */
const LONGEST_DIGEST_PERIOD_MS = 25 * 60 * 60_000;

/**
 * The ranges of digest keys that can name a period holding one of these times. A key starts with its
 * period's start, ISO and so sorting as time runs, then perhaps '@' and the owner's zone: a period that
 * holds an instant starts in the 25 hours up to it. One range per run of nearby times and per frequency,
 * bounded by the next millisecond's key (which sorts after every key of the last start, with or without a
 * zone, under any collation), so a page of responses spread over months reads only their own digests.
 */
export function digestKeyWindows(times: readonly number[]): Array<{ from: string; until: string }> {
  const sorted = [...times].sort((a, b) => a - b);
  const runs: Array<{ from: number; to: number }> = [];
  for (const time of sorted) {
    const last = runs.at(-1);
    if (last && time - LONGEST_DIGEST_PERIOD_MS <= last.to) last.to = time;
    else runs.push({ from: time - LONGEST_DIGEST_PERIOD_MS, to: time });
  }
  const iso = (ms: number) => new Date(ms).toISOString();
  return (['hourly', 'daily'] as const).flatMap((frequency) =>
    runs.map(({ from, to }) => ({
      from: `owner-digest:${frequency}:${iso(from)}`,
      until: `owner-digest:${frequency}:${iso(to + 1)}`,
    })),
  );
}

/** The period a digest delivery's key names; undefined for a key that is not a digest's. */
export function digestPeriodOfKey(key: string): DigestPeriod | undefined {
  const match = DIGEST_KEY.exec(key);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[2]))) return undefined;
  const timeZone = match[3] ?? 'UTC';
  if (!knownZone(timeZone)) return undefined;
  return digestPeriodOf(match[2], match[1] as DigestFrequency, timeZone);
}

/** The period as its owner's clock shows it: "the day of November 28, 2026 (Europe/Berlin)". */
export function digestSpan(period: DigestPeriod): string {
  const zone = ` (${period.timeZone})`;
  if (period.frequency === 'daily')
    return `the day of ${formatLongDate(new Date(period.start), period.timeZone)}${zone}`;
  const from = formatSheetTimestamp(period.start, period.timeZone);
  const to = formatSheetTimestamp(period.end, period.timeZone).split(', ')[1] ?? '';
  return `the hour from ${from} to ${to}${zone}`;
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
  const span = digestSpan(period);
  const received = (createdAt: string) => formatSheetTimestamp(createdAt, period.timeZone);
  const more = total - input.responses.length;
  const moreLine = more > 0 ? `And ${more} more.` : undefined;
  const text = [
    `${total} new ${noun} to ${oneLine(input.formName)} in ${span}.`,
    ...input.responses.flatMap((response) => [
      '',
      `Received ${received(response.createdAt)}:`,
      ...answersText(response.rows),
    ]),
    ...(moreLine ? ['', moreLine] : []),
    '',
    `See every response: ${input.responsesUrl}`,
  ].join('\n');
  const html = htmlMail([
    `<p>${total} new ${noun} to <strong>${escapeHtml(input.formName)}</strong> in ${escapeHtml(span)}.</p>`,
    ...input.responses.flatMap((response) => [
      `<h3 style="font-size:14px;margin:18px 0 6px">Received ${escapeHtml(received(response.createdAt))}</h3>`,
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
