import { describe, expect, it } from 'vitest';
import { ASSISTANT_QUESTIONS, ASSISTANT_QUESTIONS_TITLE } from './demo-data.js';

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
