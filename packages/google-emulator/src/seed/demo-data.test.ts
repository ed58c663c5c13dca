import { describe, expect, it } from 'vitest';
import { checkDataValidationRule } from '../sheets/data-validation.js';
import { ASSISTANT_QUESTIONS, DEMO_DIETARY_NEEDS, WORKSHOP_SIGNUPS } from './demo-data.js';
import { ASSISTANT_QUESTIONS_TITLE } from './demo-titles.js';

describe('the assistant questions spreadsheet', () => {
  const [header = [], ...rows] = ASSISTANT_QUESTIONS.sheets?.[0]?.rows ?? [];
  const column = (name: string) => header.indexOf(name);
  const cell = (row: unknown[], name: string) => String(row[column(name)] ?? '');

  it('has the feed’s headers and at least 20 rows, several of them quick-question buttons', () => {
    expect(ASSISTANT_QUESTIONS.title).toBe(ASSISTANT_QUESTIONS_TITLE);
    expect(header).toEqual([
      'Questions',
      'Answer',
      'Sr. No.',
      'Website link',
      'Google sheet link',
      'Youtube link',
      'Type',
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((row) => cell(row, 'Type') === 'button').length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((row) => cell(row, 'Questions'))).size).toBe(rows.length);
  });

  it('uses every answer marker, and its links are absolute https URLs', () => {
    const answers = rows.map((row) => cell(row, 'Answer')).join('\n');
    for (const marker of ['Demo Website', 'Watch How It Works', 'Demo Google Sheet', 'Chat With Us']) {
      expect(answers).toContain(marker);
    }
    for (const row of rows) {
      for (const name of ['Website link', 'Google sheet link', 'Youtube link']) {
        expect(new URL(cell(row, name)).protocol).toBe('https:');
      }
    }
  });
});

describe('the Workshop Sign-ups spreadsheet', () => {
  const [registrations, lists] = WORKSHOP_SIGNUPS.sheets ?? [];

  it('holds rules as Google answers them (each passes the setDataValidation check unchanged)', () => {
    const rules = registrations?.dataValidation ?? [];
    expect(rules.map((range) => range.rule.condition.type)).toEqual([
      'TEXT_IS_EMAIL',
      'ONE_OF_LIST',
      'NUMBER_BETWEEN',
      'BOOLEAN',
      'ONE_OF_RANGE',
    ]);
    for (const range of rules) {
      expect(checkDataValidationRule(range.rule)).toEqual({ ok: true, rule: range.rule });
      // Row 2 down, one column each, open at the bottom.
      expect(range.startRowIndex).toBe(1);
      expect(range.endRowIndex).toBeUndefined();
      expect(range.endColumnIndex).toBe(range.startColumnIndex + 1);
    }
  });

  it('has the lists its range rule names, and sample rows its rules accept', () => {
    expect(lists?.title).toBe('Lists');
    expect(lists?.rows?.slice(1).map((row) => row[0])).toEqual(DEMO_DIETARY_NEEDS);
    const [header = [], ...rows] = registrations?.rows ?? [];
    expect(header).toEqual(['Name', 'Email', 'Session', 'Guests', 'Newsletter', 'Dietary needs']);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(typeof row[3]).toBe('number');
      expect(typeof row[4]).toBe('boolean');
      expect(DEMO_DIETARY_NEEDS).toContain(row[5]);
    }
  });
});
