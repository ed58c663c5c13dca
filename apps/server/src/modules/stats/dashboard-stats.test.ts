import { describe, expect, it } from 'vitest';
import { summariseStats, utcMonthBounds } from './dashboard-stats.js';

describe('utcMonthBounds', () => {
  it('answers the UTC calendar month around now, end exclusive', () => {
    expect(utcMonthBounds(new Date('2026-03-15T12:00:00Z'))).toEqual({
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-04-01T00:00:00.000Z',
    });
  });

  it('uses UTC, not local time, at the edges of a month and a year', () => {
    expect(utcMonthBounds(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: '2026-12-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
    });
    // 00:30 on the 1st at UTC+2 is still the previous month in UTC.
    expect(utcMonthBounds(new Date('2026-05-01T00:30:00+02:00')).start).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('summariseStats', () => {
  it('totals the forms and counts only Active ones as active', () => {
    const stats = summariseStats([
      { formId: 'a', name: 'A', status: 'Active', responses: 5, responsesThisMonth: 2, lastResponseAt: 'x' },
      {
        formId: 'b',
        name: 'B',
        status: 'Inactive',
        responses: 1,
        responsesThisMonth: 1,
        lastResponseAt: 'y',
      },
      { formId: 'c', name: 'C', status: 'Active', responses: 0, responsesThisMonth: 0, lastResponseAt: null },
    ]);
    expect(stats).toEqual({
      totalForms: 3,
      activeForms: 2,
      totalResponses: 6,
      responsesThisMonth: 3,
      forms: [
        { formId: 'a', name: 'A', responses: 5, responsesThisMonth: 2, lastResponseAt: 'x' },
        { formId: 'b', name: 'B', responses: 1, responsesThisMonth: 1, lastResponseAt: 'y' },
        { formId: 'c', name: 'C', responses: 0, responsesThisMonth: 0, lastResponseAt: null },
      ],
    });
  });
});
