import { fillTemplate } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { formatLongDate, templateValuesFor } from './template-values.js';

const fields = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: '', isRemoved: false },
  { label: 'Phone', type: 'text', required: false, placeHolder: '', isRemoved: false },
  { label: 'Old', type: 'text', required: false, placeHolder: '', isRemoved: true },
] as const;

const response = {
  id: 'resp_1',
  answers: { 'Full Name': 'Ada', Old: 'kept in the row' },
  createdAt: '2026-11-25T23:30:00.000Z',
  signatureUrl: 'http://localhost:3000/api/v1/uploads/signatures/abc.png',
  respondentEmail: 'ada@example.com',
};

describe('templateValuesFor', () => {
  it('builds the values of one stored response', () => {
    const values = templateValuesFor([...fields], response, {
      now: new Date('2026-11-25T23:30:00.000Z'),
      timeZone: 'UTC',
    });
    expect(values).toEqual({
      answers: { 'Full Name': 'Ada', Phone: '' },
      date: 'November 25, 2026',
      timestamp: '11/25/2026, 11:30 PM',
      responseId: 'resp_1',
      respondent: 'ada@example.com',
      signatureImageSrc: response.signatureUrl,
      signatureImageClass: null,
    });
  });

  it('leaves {{Respondent}} empty for a response without a login', () => {
    const values = templateValuesFor(
      [...fields],
      { ...response, respondentEmail: null },
      {
        now: new Date('2026-11-25T23:30:00.000Z'),
        timeZone: 'UTC',
      },
    );
    expect(values.respondent).toBe('');
  });

  it('uses the configured time zone for the date and the timestamp', () => {
    const values = templateValuesFor([...fields], response, {
      now: new Date('2026-11-25T23:30:00.000Z'),
      timeZone: 'Asia/Tokyo',
    });
    expect(values.date).toBe('November 26, 2026');
    expect(values.timestamp).toBe('11/26/2026, 08:30 AM');
  });

  it('lets the PDF renderer replace the signature source, and fills a template end to end', () => {
    const values = templateValuesFor([...fields], response, {
      now: new Date('2026-11-25T12:00:00.000Z'),
      timeZone: 'UTC',
      signatureImageSrc: 'data:image/png;base64,AAAA',
    });
    expect(fillTemplate('<p>{{Full Name}}|{{Phone}}|{{Old}}|{{Signature}}</p>', values)).toBe(
      '<p>Ada||{{Old}}|<img src="data:image/png;base64,AAAA" alt="Signature" style="max-width:100%;height:auto"></p>',
    );
  });
});

describe('templateValuesFor with fields labelled like the members every object has', () => {
  // A label is the owner's to choose: '__proto__' must be filled like any other, and an unanswered
  // 'constructor' must be empty, never what a plain object inherits.
  const protoFields = [
    { label: '__proto__', type: 'text', required: false, placeHolder: '', isRemoved: false },
    { label: 'constructor', type: 'text', required: false, placeHolder: '', isRemoved: false },
    { label: 'toString', type: 'text', required: false, placeHolder: '', isRemoved: false },
  ] as const;
  /** Label → answer as answers_json is read: '__proto__' an own key like the others. */
  const stored = (json: string) => ({ ...response, answers: JSON.parse(json) as Record<string, string> });
  const options = { now: new Date('2026-11-25T12:00:00.000Z'), timeZone: 'UTC' };
  const template = '<p>{{__proto__}}|{{constructor}}|{{toString}}</p>';

  it('fills every answer given under its own label', () => {
    const values = templateValuesFor(
      [...protoFields],
      stored('{"__proto__":"campaign-7","constructor":"Beta"}'),
      options,
    );
    expect(Object.keys(values.answers)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(values.answers)).toBeNull();
    expect(Object.entries(values.answers)).toEqual([
      ['__proto__', 'campaign-7'],
      ['constructor', 'Beta'],
      ['toString', ''],
    ]);
    expect(fillTemplate(template, values)).toBe('<p>campaign-7|Beta|</p>');
    // The values reach the HTML worker as a structured clone: '__proto__' stays a key of its own there.
    expect(fillTemplate(template, structuredClone(values))).toBe('<p>campaign-7|Beta|</p>');
  });

  it('leaves an unanswered constructor empty, not the function every object inherits', () => {
    const values = templateValuesFor([...protoFields], stored('{"__proto__":"campaign-7"}'), options);
    expect(Object.entries(values.answers)).toEqual([
      ['__proto__', 'campaign-7'],
      ['constructor', ''],
      ['toString', ''],
    ]);
    expect(fillTemplate(template, values)).toBe('<p>campaign-7||</p>');
  });
});

describe('formatLongDate', () => {
  it('writes the en-US long date', () => {
    expect(formatLongDate(new Date('2026-01-05T10:00:00Z'), 'UTC')).toBe('January 5, 2026');
  });
});
