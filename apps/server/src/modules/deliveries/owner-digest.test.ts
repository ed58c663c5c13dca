import { describe, expect, it } from 'vitest';
import {
  digestKeyWindows,
  digestPeriodOf,
  digestPeriodOfKey,
  digestSpan,
  ownerDigest,
} from './owner-digest.js';

describe('digest periods', () => {
  it('puts a response in its UTC hour or day, and reads the period back from its key', () => {
    const hour = digestPeriodOf('2026-11-28T10:59:59.999Z', 'hourly');
    expect(hour).toEqual({
      frequency: 'hourly',
      start: '2026-11-28T10:00:00.000Z',
      end: '2026-11-28T11:00:00.000Z',
      timeZone: 'UTC',
      key: 'owner-digest:hourly:2026-11-28T10:00:00.000Z',
    });
    const day = digestPeriodOf('2026-11-28T23:30:00.000Z', 'daily');
    expect([day.start, day.end]).toEqual(['2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z']);
    expect(digestPeriodOfKey(hour.key)).toEqual(hour);
    expect(digestPeriodOfKey(day.key)).toEqual(day);
  });
  it("follows the owner's clock, and names the zone in the key so the period reads back the same", () => {
    const day = digestPeriodOf('2026-11-28T23:30:00.000Z', 'daily', 'Europe/Berlin');
    expect(day).toEqual({
      frequency: 'daily',
      start: '2026-11-28T23:00:00.000Z',
      end: '2026-11-29T23:00:00.000Z',
      timeZone: 'Europe/Berlin',
      key: 'owner-digest:daily:2026-11-28T23:00:00.000Z@Europe/Berlin',
    });
    expect(digestPeriodOfKey(day.key)).toEqual(day);
    const hour = digestPeriodOf('2026-11-28T10:20:00.000Z', 'hourly', 'Asia/Kolkata');
    expect([hour.start, hour.end]).toEqual(['2026-11-28T09:30:00.000Z', '2026-11-28T10:30:00.000Z']);
    expect(digestPeriodOfKey(hour.key)).toEqual(hour);
  });

  it("writes the period and each response time as the owner's clock shows them", () => {
    expect(digestSpan(digestPeriodOf('2026-11-28T23:30:00.000Z', 'daily', 'Europe/Berlin'))).toBe(
      'the day of November 29, 2026 (Europe/Berlin)',
    );
    expect(digestSpan(digestPeriodOf('2026-11-28T10:20:00.000Z', 'hourly', 'Asia/Kolkata'))).toBe(
      'the hour from 11/28/2026, 03:00 PM to 04:00 PM (Asia/Kolkata)',
    );
    expect(digestSpan(digestPeriodOf('2026-11-28T10:20:00.000Z', 'hourly'))).toBe(
      'the hour from 11/28/2026, 10:00 AM to 11:00 AM (UTC)',
    );
  });

  it('reads no period from other keys', () => {
    expect(digestPeriodOfKey('owner-email')).toBeUndefined();
    expect(digestPeriodOfKey('owner-digest:weekly:2026-11-28T00:00:00.000Z')).toBeUndefined();
    expect(digestPeriodOfKey('owner-digest:hourly:not a time')).toBeUndefined();
    expect(digestPeriodOfKey('owner-digest:daily:2026-11-28T00:00:00.000Z@Mars/Olympus')).toBeUndefined();
  });
});

describe('digestKeyWindows', () => {
  it("holds the key of every period that can hold a response, and not a later period's", () => {
    const times = ['2026-11-28T10:20:00.000Z', '2026-11-28T12:00:00.000Z', '2026-12-20T08:00:00.000Z'];
    const windows = digestKeyWindows(times.map((time) => Date.parse(time)));
    // Two runs (the first two times are within a day of each other), for each frequency.
    expect(windows).toHaveLength(4);
    const inside = (key: string) => windows.some(({ from, until }) => from <= key && key < until);
    for (const time of times) {
      for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Kiritimati']) {
        for (const frequency of ['hourly', 'daily'] as const) {
          expect(inside(digestPeriodOf(time, frequency, zone).key), `${time} ${zone} ${frequency}`).toBe(
            true,
          );
        }
      }
    }
    // A period that starts after the newest response, or ends before a run, is not read.
    expect(inside(digestPeriodOf('2026-11-28T12:00:00.001Z', 'hourly', 'UTC').key)).toBe(true);
    expect(inside(digestPeriodOf('2026-11-28T13:00:00.000Z', 'hourly', 'UTC').key)).toBe(false);
    expect(inside(digestPeriodOf('2026-12-01T00:00:00.000Z', 'daily', 'UTC').key)).toBe(false);
  });
});

describe('ownerDigest', () => {
  it('counts every response, writes out the first ones, and says how many more', () => {
    const mail = ownerDigest({
      deliveryId: 'd1',
      from: 'SheetForms <no-reply@x.test>',
      to: 'owner@example.com',
      formName: 'Survey',
      period: digestPeriodOf('2026-11-28T10:10:00.000Z', 'hourly'),
      total: 30,
      responses: [{ createdAt: '2026-11-28T10:10:00.000Z', rows: [['Name', '<b>Ada</b>']] }],
      responsesUrl: 'http://x.test/dashboard/responses?formId=f1',
      messageIdDomain: 'x.test',
    });
    expect(mail.subject).toBe('Survey: 30 new responses');
    expect(mail.text).toContain('Name: <b>Ada</b>');
    expect(mail.text).toContain('And 29 more.');
    expect(mail.text).toContain(
      '30 new responses to Survey in the hour from 11/28/2026, 10:00 AM to 11:00 AM (UTC).',
    );
    expect(mail.text).toContain('Received 11/28/2026, 10:10 AM:');
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail.messageId).toBe('<d1@x.test>');
  });
});
