import { describe, expect, it } from 'vitest';
import type { ResponseReader } from './response-reader.js';
import type { ResponseRow } from './response-serializers.js';
import { createResponsesService } from './responses.service.js';

/** Rows whose answers record when they are read: a row's cells are made when its answers are read. */
function rowsOf(from: number, count: number, reads: number[]): ResponseRow[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      id: `response-${n}`,
      get answers_json() {
        reads.push(n);
        return JSON.stringify({ Name: `Name ${n}` });
      },
      signature_url: null,
      created_at: '2026-11-28T10:00:00.000Z',
      sync_state: 'synced',
      last_error: null,
      respondent_email: null,
    } as ResponseRow;
  });
}

function serviceWith(batches: ResponseRow[][]) {
  const reader = {
    answerLabels: async () => ['Name'],
    hasRespondent: async () => false,
    async *batches() {
      yield* batches;
    },
  } as unknown as ResponseReader;
  return createResponsesService({
    forms: {
      requireOwned: async () => ({
        id: 'form-row',
        formId: 'form',
        name: 'Form',
        fields: [],
        sheetLinked: true,
        loginRequired: false,
      }),
    },
    templates: { listForForm: async () => [] },
    reader,
  });
}

describe('the export: batches of cells', () => {
  it("makes a row's cells when the writer reaches that row, not a whole batch up front", async () => {
    const reads: number[] = [];
    const service = serviceWith([rowsOf(1, 3, reads), rowsOf(4, 2, reads)]);
    const exported = await service.exportFor('owner', 'form', { format: 'csv' });
    const batches = exported.batches[Symbol.asyncIterator]();

    const first = await batches.next();
    if (first.done) throw new Error('no first batch');
    expect(reads).toEqual([]);
    const rows = first.value[Symbol.iterator]();
    expect(rows.next().value?.slice(0, 1)).toEqual(['1']);
    expect(reads).toEqual([1]);
    expect([rows.next().value?.[0], rows.next().value?.[0], rows.next().done]).toEqual(['2', '3', true]);
    expect(reads).toEqual([1, 2, 3]);

    // Numbering goes on across batches.
    const second = await batches.next();
    if (second.done) throw new Error('no second batch');
    expect([...second.value].map((cells) => [cells[0], cells[3]])).toEqual([
      ['4', 'response-4'],
      ['5', 'response-5'],
    ]);
    expect((await batches.next()).done).toBe(true);
  });
});
