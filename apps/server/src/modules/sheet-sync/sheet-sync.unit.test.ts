import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import { backoffDelayMs, classifySheetError } from './backoff.js';
import { assembleBatches, type ClaimedResponse } from './batch.js';
import {
  answerCell,
  answerKey,
  planColumns,
  RESPONSE_ID_KEY,
  SIGNATURE_KEY,
  specsForBatch,
  TIMESTAMP_KEY,
} from './column-mapping.js';
import { SlidingWindowBudget, SpreadsheetPacer } from './pacing.js';
import { formatSheetTimestamp } from './timestamp.js';

describe('formatSheetTimestamp', () => {
  it('formats MM/DD/YYYY, hh:mm AM/PM in UTC by default', () => {
    expect(formatSheetTimestamp('2026-03-07T21:05:59.999Z')).toBe('03/07/2026, 09:05 PM');
    expect(formatSheetTimestamp('2026-12-31T00:00:00Z')).toBe('12/31/2026, 12:00 AM');
    expect(formatSheetTimestamp(new Date('2026-01-02T12:30:00Z'))).toBe('01/02/2026, 12:30 PM');
  });
  it('uses a given time zone', () => {
    expect(formatSheetTimestamp('2026-03-07T21:05:00Z', 'Europe/Berlin')).toBe('03/07/2026, 10:05 PM');
    expect(formatSheetTimestamp('2026-03-08T01:05:00Z', 'America/New_York')).toBe('03/07/2026, 08:05 PM');
  });
  it('refuses an invalid instant', () => {
    expect(() => formatSheetTimestamp('not a date')).toThrow(RangeError);
  });
  it('answers a minute it formatted already per zone, and the next minute anew', () => {
    // Alternating zones and minutes: a remembered minute never answers for another zone or minute.
    const cases: Array<[string, string, string]> = [
      ['2026-03-29T00:59:00.000Z', 'Europe/Berlin', '03/29/2026, 01:59 AM'],
      ['2026-03-29T00:59:59.999Z', 'UTC', '03/29/2026, 12:59 AM'],
      ['2026-03-29T00:59:30.000Z', 'Europe/Berlin', '03/29/2026, 01:59 AM'],
      // Berlin's clocks go from 02:00 to 03:00 at 01:00 UTC this day.
      ['2026-03-29T01:00:00.000Z', 'Europe/Berlin', '03/29/2026, 03:00 AM'],
      ['2026-03-29T01:00:00.000Z', 'UTC', '03/29/2026, 01:00 AM'],
      ['2026-03-29T00:59:59.999Z', 'Europe/Berlin', '03/29/2026, 01:59 AM'],
      ['2026-03-29T06:30:15.000Z', 'Asia/Kolkata', '03/29/2026, 12:00 PM'],
      ['2026-03-29T06:30:45.000Z', 'Asia/Kolkata', '03/29/2026, 12:00 PM'],
    ];
    for (const [instant, zone, text] of cases) expect(formatSheetTimestamp(instant, zone)).toBe(text);
  });
});

describe('backoff', () => {
  it('grows exponentially from 2 s with full jitter, capped at 60 s', () => {
    const top = () => 0.999999;
    expect(backoffDelayMs(1, top)).toBe(1999);
    expect(backoffDelayMs(2, top)).toBe(3999);
    expect(backoffDelayMs(5, top)).toBe(31999);
    expect(backoffDelayMs(6, top)).toBe(59999);
    expect(backoffDelayMs(30, top)).toBe(59999);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
    expect(backoffDelayMs(3, () => 0.5)).toBe(4000);
    expect(backoffDelayMs(2, () => 0.5, { baseMs: 10, factor: 3, capMs: 1000 })).toBe(15);
  });

  it('classifies Google failures', () => {
    const err = (code: ConstructorParameters<typeof GoogleApiError>[0], status?: number) =>
      new GoogleApiError(code, 'x', status);
    expect(classifySheetError(err('RATE_LIMITED', 429), 'append')).toEqual({
      kind: 'retry',
      ambiguous: false,
      rateLimited: true,
    });
    // A 5xx or an answer that never came may hide a stored append.
    expect(classifySheetError(err('UNAVAILABLE', 503), 'append')).toMatchObject({
      kind: 'retry',
      ambiguous: true,
    });
    expect(classifySheetError(err('UNAVAILABLE'), 'append')).toMatchObject({
      kind: 'retry',
      ambiguous: true,
    });
    expect(classifySheetError(err('UNAVAILABLE', 401), 'append')).toMatchObject({
      kind: 'retry',
      ambiguous: false,
    });
    expect(classifySheetError(err('UNAVAILABLE'), 'read')).toMatchObject({ kind: 'retry', ambiguous: false });
    expect(classifySheetError(new Error('db down'), 'append')).toMatchObject({
      kind: 'retry',
      ambiguous: true,
    });
    expect(classifySheetError(err('PERMISSION_DENIED', 403), 'append')).toEqual({
      kind: 'fail',
      reason: 'permission',
    });
    expect(classifySheetError(err('NOT_FOUND', 404), 'read')).toEqual({ kind: 'fail', reason: 'not-found' });
    expect(classifySheetError(err('INVALID_URL'), 'read')).toEqual({ kind: 'fail', reason: 'not-found' });
    expect(classifySheetError(err('SHEET_NOT_FOUND', 400), 'read')).toEqual({ kind: 'sheet-missing' });
    expect(classifySheetError(err('INVALID_REQUEST', 400), 'append')).toEqual({
      kind: 'fail',
      reason: 'invalid',
    });
  });
});

describe('column mapping', () => {
  const fields = (labels: string[]) => ({
    fields: labels.map((label) => ({ label })),
    signatureEnabled: false,
  });
  const values = (entries: Record<string, string>) =>
    new Map(Object.entries(entries).map(([label, value]) => [answerKey(label), value] as const));

  it('writes the full header on an empty sheet: fields in form order, then the extra columns', () => {
    const specs = specsForBatch(
      [{ ...fields(['Name', 'Email']), signatureEnabled: true }],
      ['Name', 'Email'],
      false,
    );
    const plan = planColumns([], specs);
    expect(plan.additions).toEqual({
      startColumn: 1,
      cells: ['Name', 'Email', 'Timestamp', 'Response ID', 'Signature'],
    });
    const row = plan.toRow(
      new Map([
        ...values({ Email: 'a@x.org', Name: 'Ann' }),
        [TIMESTAMP_KEY, 'ts'],
        [RESPONSE_ID_KEY, 'r1'],
        [SIGNATURE_KEY, 'https://s/1.png'],
      ]),
    );
    expect(row).toEqual(['Ann', 'a@x.org', 'ts', 'r1', 'https://s/1.png']);
  });

  it('puts each answer under its header in a hand-reordered sheet, adding nothing', () => {
    const specs = specsForBatch([fields(['Name', 'Email'])], ['Name', 'Email'], false);
    const plan = planColumns(['Response ID', 'Notes', 'email ', 'Timestamp', 'NAME'], specs);
    expect(plan.additions).toBeUndefined();
    expect(
      plan.toRow(
        new Map([...values({ Name: 'Ann', Email: 'a@x' }), [RESPONSE_ID_KEY, 'r1'], [TIMESTAMP_KEY, 't']]),
      ),
    ).toEqual(['r1', '', 'a@x', 't', 'Ann']);
  });

  it('drift: a renamed field gets a new column unless it remembers its header; an added field goes at the end; a removed one keeps its column', () => {
    const header = ['Name', 'Email', 'Phone', 'Timestamp', 'Response ID'];
    const form = {
      fields: [
        { label: 'Full name', name: 'Name' }, // renamed in the generator: keeps writing under "Name"
        { label: 'E-mail' }, // renamed by hand: a new column
        { label: 'Phone', isRemoved: true }, // removed
        { label: 'City' }, // added
      ],
      signatureEnabled: false,
    };
    const plan = planColumns(header, specsForBatch([form], ['Full name', 'E-mail', 'City'], false));
    expect(plan.additions).toEqual({ startColumn: 6, cells: ['E-mail', 'City'] });
    expect(plan.header).toEqual([...header, 'E-mail', 'City']);
    expect(
      plan.toRow(
        new Map([...values({ 'Full name': 'Ann', 'E-mail': 'a@x', City: 'Oslo' }), [RESPONSE_ID_KEY, 'r']]),
      ),
    ).toEqual(['Ann', '', '', '', 'r', 'a@x', 'Oslo']);
    // An old response that still has the removed field's answer writes it under its old column.
    const old = planColumns(header, specsForBatch([form], ['Phone'], false));
    expect(old.additions?.cells).toEqual(['E-mail', 'City']);
    expect(old.toRow(values({ Phone: '555' }))[2]).toBe('555');
  });

  it('never reuses a column for two specs, and prefers exact over loose matches', () => {
    const plan = planColumns(['timestamp', 'Timestamp'], specsForBatch([fields(['timestamp'])], [], false));
    // The field "timestamp" takes its exact column; the Timestamp extra column takes "Timestamp".
    expect(plan.columnIndex.get(answerKey('timestamp'))).toBe(0);
    expect(plan.columnIndex.get(TIMESTAMP_KEY)).toBe(1);
    expect(plan.additions?.cells).toEqual(['Response ID']);
  });

  it('keeps answers as RAW cells: formulas stay text', () => {
    expect(answerCell('=IMPORTXML("http://x","//a")')).toBe('=IMPORTXML("http://x","//a")');
    expect(answerCell(['a', 'b'])).toBe('a, b');
    expect(answerCell(null)).toBe('');
    expect(answerCell(5)).toBe(5);
    expect(answerCell('x'.repeat(60_000))).toHaveLength(49_995);
  });
});

describe('batch assembly', () => {
  const form = (
    id: string,
    spreadsheetId: string | null,
    sheetName = 'S',
    sheetId: number | null = null,
  ) => ({
    id,
    formId: id,
    ownerId: 'o',
    spreadsheetId,
    sheetName,
    sheetId,
    syncPausedReason: null,
    editAccessProvenFor: null,
    fieldsJson: '[]',
    settingsJson: '{}',
  });
  const response = (id: string, createdAt: string, f: ReturnType<typeof form>): ClaimedResponse => ({
    id,
    formRowId: f.id,
    answersJson: '{}',
    signatureUrl: null,
    respondentEmail: null,
    createdAt,
    attempts: 0,
    dedupeRequired: false,
    form: f,
  });

  it('groups per spreadsheet and sheet, oldest first, capping rows per append', () => {
    const a = form('a', 'S1');
    const b = form('b', 'S1');
    const c = form('c', 'S1', 'Other');
    const d = form('d', null);
    const { batches, overflow, unlinked } = assembleBatches(
      [
        response('3', '2026-01-03', a),
        response('1', '2026-01-01', b),
        response('2', '2026-01-02', a),
        response('4', '2026-01-01', c),
        response('5', '2026-01-05', a),
        response('6', '2026-01-06', d),
      ],
      3,
    );
    expect(
      batches.map((batch) => [
        batch.sheetName,
        batch.responses.map((r) => r.id),
        batch.forms.map((f) => f.id),
      ]),
    ).toEqual([
      ['S', ['1', '2', '3'], ['b', 'a']],
      ['Other', ['4'], ['c']],
    ]);
    expect(overflow.map((r) => r.id)).toEqual(['5']);
    expect(unlinked.map((r) => r.id)).toEqual(['6']);
  });

  it('groups bound forms by their tab id, whatever title each stored', () => {
    const renamedHere = form('a', 'S1', 'Old title', 42);
    const renamedThere = form('b', 'S1', 'New title', 42);
    const otherTab = form('c', 'S1', 'New title', 7);
    const { batches } = assembleBatches([
      response('1', '2026-01-01', renamedHere),
      response('2', '2026-01-02', renamedThere),
      response('3', '2026-01-03', otherTab),
    ]);
    expect(batches.map((batch) => [batch.sheetId, batch.responses.map((r) => r.id)])).toEqual([
      [42, ['1', '2']],
      [7, ['3']],
    ]);
  });
});

describe('pacing', () => {
  it('keeps a sliding one-minute write budget', () => {
    const budget = new SlidingWindowBudget(2, 60_000);
    budget.take(0);
    budget.take(10);
    expect(budget.available(20)).toBe(0);
    expect(budget.waitMs(20)).toBe(59_980);
    expect(budget.available(60_000)).toBe(1);
    expect(budget.available(60_010)).toBe(2);
  });

  it('spaces writes per spreadsheet', () => {
    const pacer = new SpreadsheetPacer(1_000);
    pacer.wrote('a', 0);
    expect(pacer.ready('a', 999)).toBe(false);
    expect(pacer.ready('b', 0)).toBe(true);
    expect(pacer.busy(500)).toEqual(['a']);
    expect(pacer.nextFreeInMs(500)).toBe(500);
    expect(pacer.ready('a', 1_000)).toBe(true);
  });
});
