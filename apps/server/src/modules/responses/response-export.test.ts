import { FORM_LIMITS, type FormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_OTHER_LABEL_COLUMNS,
  type ExportLayout,
  exportAnswerLabels,
  exportCells,
  exportHeader,
  exportLabels,
  OTHER_ANSWERS_CELL_MAX,
  OTHER_ANSWERS_COLUMN,
} from './response-export.js';
import { readableTimestamp } from './zone-timestamp.js';

const layoutOf = (labels: string[], extra: Partial<ExportLayout> = {}): ExportLayout => ({
  labels,
  timeZone: 'UTC',
  withRespondent: false,
  sheetLinked: true,
  ...extra,
});

const field = (label: string, extra: Partial<FormField> = {}): FormField => ({
  label,
  type: 'text',
  required: false,
  placeHolder: '',
  isRemoved: false,
  ...extra,
});

describe('export columns', () => {
  it('puts current fields first in form order, then stored labels no current field has, in the given order', () => {
    const fields = [field('Full Name', { name: 'Name' }), field('Old', { isRemoved: true }), field('Email')];
    expect(exportLabels(fields, ['Email', 'Name', 'Old', 'Full Name', 'Name'])).toEqual([
      'Full Name',
      'Email',
      'Name',
      'Old',
    ]);
    expect(exportLabels(fields)).toEqual(['Full Name', 'Email']);
  });

  it('fills the cells of extra labels from the stored answers', () => {
    const labels = layoutOf(exportLabels([field('Full Name')], ['Old']));
    expect(exportHeader(labels)).toEqual([
      'No.',
      'Timestamp (UTC)',
      'Timestamp (ISO 8601, UTC)',
      'Response ID',
      'Full Name',
      'Old',
      'Signature',
      'Sync state',
    ]);
    const row = {
      id: 'r1',
      answers_json: JSON.stringify({ Old: 'kept', 'Full Name': 'Ada' }),
      signature_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
      sync_state: 'synced' as const,
      last_error: null,
      respondent_email: null,
    };
    expect(exportCells(3, row, labels)).toEqual([
      '3',
      '2026-01-01 00:00:00',
      row.created_at,
      'r1',
      'Ada',
      'kept',
      '',
      'Synced',
    ]);
  });

  it("fills the cells of fields labelled 'constructor' and '__proto__' from their own answers only", () => {
    const row = {
      id: 'r1',
      answers_json: '{"__proto__":"campaign-7"}',
      signature_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
      sync_state: 'synced' as const,
      last_error: null,
      respondent_email: null,
    };
    expect(exportCells(1, row, layoutOf(['constructor', '__proto__', 'toString'])).slice(4, 7)).toEqual([
      '',
      'campaign-7',
      '',
    ]);
  });

  it('leaves out of every cell the characters XML 1.0 forbids, lone surrogates in answers among them', () => {
    const row = {
      id: 'r1',
      // As stored: JSON keeps a lone surrogate as an escape, which parses back to the lone half.
      answers_json: '{"Note\\u0001":"a\\ud800b\\udc00c\\u0002d\uFFFEe\\tf"}',
      signature_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
      sync_state: 'pending' as const,
      last_error: null,
      respondent_email: 'zoe\u0001@example.com',
    };
    const layout = layoutOf(['Note\u0001'], { withRespondent: true });
    expect(exportHeader(layout)).toContain('Note');
    expect(exportCells(1, row, layout)).toEqual([
      '1',
      '2026-01-01 00:00:00',
      row.created_at,
      'r1',
      'zoe@example.com',
      'abcde\tf',
      '',
      'Pending',
    ]);
  });
});

describe('readable timestamps and the respondent column', () => {
  it("writes the time in the owner's zone, the header naming it, and keeps ISO in its own column", () => {
    const layout = layoutOf(['Name'], {
      timeZone: 'America/New_York',
      withRespondent: true,
      sheetLinked: false,
    });
    expect(exportHeader(layout)).toEqual([
      'No.',
      'Timestamp (America/New_York)',
      'Timestamp (ISO 8601, UTC)',
      'Response ID',
      'Respondent',
      'Name',
      'Signature',
      'Sync state',
    ]);
    const row = {
      id: 'r9',
      answers_json: '{"Name":"Ada"}',
      signature_url: null,
      created_at: '2026-01-15T03:04:05.000Z',
      sync_state: 'failed' as const,
      last_error: 'The form has no Google Sheets link',
      respondent_email: 'ada@example.com',
    };
    expect(exportCells(1, row, layout)).toEqual([
      '1',
      '2026-01-14 22:04:05',
      '2026-01-15T03:04:05.000Z',
      'r9',
      'ada@example.com',
      'Ada',
      '',
      'No sheet',
    ]);
  });

  it('writes midnight as 00 and keeps an unreadable stored value as it is', () => {
    expect(readableTimestamp('2026-03-01T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-02 00:00:00');
    expect(readableTimestamp('not a date', 'UTC')).toBe('not a date');
  });
});

describe('the bound on columns of other labels', () => {
  const row = (answers: Record<string, string>) => ({
    id: 'r1',
    answers_json: JSON.stringify(answers),
    signature_url: 'https://forms.example.com/s.png',
    created_at: '2026-01-01T00:00:00.000Z',
    sync_state: 'synced' as const,
    last_error: null,
    respondent_email: null,
  });

  it('gives the first other labels columns and folds the rest into one Other answers column', () => {
    const fields = [field('Name'), field('Gone', { isRemoved: true }), field('City')];
    const { labels, otherLabels } = exportAnswerLabels(
      fields,
      ['Old 1', 'City', 'Old 2', 'Old 3', 'Old 4'],
      2,
    );
    expect(labels).toEqual(['Name', 'City', 'Old 1', 'Old 2']);
    expect([...otherLabels]).toEqual(['Old 3', 'Old 4']);
    const layout = layoutOf(labels, { otherLabels });
    expect(exportHeader(layout).slice(4)).toEqual([
      'Name',
      'City',
      'Old 1',
      'Old 2',
      OTHER_ANSWERS_COLUMN,
      'Signature',
      'Sync state',
    ]);
    // Lines in the order the response holds them: an empty answer, and one that has its own column, left
    // out; the characters XML 1.0 forbids left out as from every cell.
    const cells = exportCells(
      1,
      row({ 'Old 4': 'four\u0001\nlines', Name: 'Ada', 'Old 1': 'one', 'Old 3': '' }),
      layout,
    );
    expect(cells.slice(4)).toEqual([
      'Ada',
      '',
      'one',
      '',
      'Old 4: four\nlines',
      'https://forms.example.com/s.png',
      'Synced',
    ]);
    expect(exportCells(2, row({ 'Old 3': 'three', 'Old 4': 'four' }), layout)[8]).toBe(
      'Old 3: three\nOld 4: four',
    );
    expect(exportCells(3, row({ Name: 'Grace' }), layout)[8]).toBe('');
    // Longer than a spreadsheet cell holds (Excel's 32,767): cut, and it says so.
    const long = exportCells(4, row({ 'Old 3': 'x'.repeat(20_000), 'Old 4': 'y'.repeat(20_000) }), layout)[8];
    expect(long).toHaveLength(OTHER_ANSWERS_CELL_MAX);
    expect(long?.startsWith(`Old 3: ${'x'.repeat(100)}`)).toBe(true);
    expect(long?.endsWith('\n…')).toBe(true);
  });

  it('leaves the columns as they were within the bound', () => {
    const fields = Array.from({ length: 5 }, (_, index) => field(`Field ${index}`));
    const stored = Array.from({ length: EXPORT_OTHER_LABEL_COLUMNS }, (_, index) => `Old ${index}`);
    const { labels, otherLabels } = exportAnswerLabels(fields, stored);
    expect(labels).toEqual(exportLabels(fields, stored));
    expect(otherLabels.size).toBe(0);
    expect(exportHeader(layoutOf(labels, { otherLabels }))).toEqual(exportHeader(layoutOf(labels)));
    expect(exportCells(1, row({ 'Old 3': 'x' }), layoutOf(labels, { otherLabels }))).toEqual(
      exportCells(1, row({ 'Old 3': 'x' }), layoutOf(labels)),
    );
  });

  it('keeps an export at most as wide as a full form and as many columns of other labels', () => {
    const fields = Array.from({ length: FORM_LIMITS.fieldsMax }, (_, index) => field(`Field ${index}`));
    // 20 rounds of renaming every field.
    const stored = Array.from({ length: 20 * FORM_LIMITS.fieldsMax }, (_, index) => `Field ${index} (old)`);
    const { labels, otherLabels } = exportAnswerLabels(fields, stored);
    expect(EXPORT_OTHER_LABEL_COLUMNS).toBe(FORM_LIMITS.fieldsMax);
    expect(labels).toHaveLength(2 * FORM_LIMITS.fieldsMax);
    expect(labels.slice(FORM_LIMITS.fieldsMax)).toEqual(stored.slice(0, EXPORT_OTHER_LABEL_COLUMNS));
    expect(otherLabels.size).toBe(stored.length - EXPORT_OTHER_LABEL_COLUMNS);
    expect(exportHeader(layoutOf(labels, { otherLabels }))).toHaveLength(
      4 + 2 * FORM_LIMITS.fieldsMax + 1 + 2,
    );
  });
});
