import { isDeepStrictEqual } from 'node:util';
import { withoutXmlForbiddenCharacters } from '@sheetforms/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CellInput } from '../../google/sheets-client.js';
import {
  type ColumnPlan,
  type ColumnSpec,
  normaliseHeader,
  planColumns,
  specsForBatch,
} from './column-mapping.js';

// ─── REFERENCE ORACLE ────────────────────────────────────────────────────────────────────────────────
// normaliseHeader and planColumns exactly as they were before the header index (a scan of row 1 for
// every spec and alias, normalising every cell each time: quadratic). Kept here only to check that the
// indexed version answers the same; never used by the server.

function referenceNormaliseHeader(text: string): string {
  return withoutXmlForbiddenCharacters(text).trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

function referencePlanColumns(headerRow: readonly string[], specs: readonly ColumnSpec[]): ColumnPlan {
  const header = [...headerRow];
  const taken = new Set<number>();
  const columnIndex = new Map<string, number>();

  const find = (text: string, normalised: boolean): number => {
    const wanted = normalised ? referenceNormaliseHeader(text) : text;
    return header.findIndex(
      (cell, index) =>
        !taken.has(index) && cell !== '' && (normalised ? referenceNormaliseHeader(cell) : cell) === wanted,
    );
  };
  const assign = (spec: ColumnSpec, index: number) => {
    taken.add(index);
    columnIndex.set(spec.key, index);
  };

  for (const spec of specs) {
    const binding = spec.binding;
    if (!binding || binding.name.trim() === '') continue;
    const cell = header[binding.column];
    if (
      cell !== undefined &&
      !taken.has(binding.column) &&
      referenceNormaliseHeader(cell) === referenceNormaliseHeader(binding.name)
    ) {
      assign(spec, binding.column);
    }
  }
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    const index = find(spec.header, false);
    if (index !== -1) assign(spec, index);
  }
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    for (const [text, normalised] of [
      [spec.header, true],
      ...(spec.aliases ?? []).flatMap((alias) => [
        [alias, false],
        [alias, true],
      ]),
    ] as Array<[string, boolean]>) {
      const index = find(text, normalised);
      if (index !== -1) {
        assign(spec, index);
        break;
      }
    }
  }
  const fills: Array<{ column: number; text: string }> = [];
  for (const spec of specs) {
    const binding = spec.binding;
    if (columnIndex.has(spec.key) || !binding) continue;
    const cell = header[binding.column];
    if (cell === undefined || cell.trim() !== '' || taken.has(binding.column)) continue;
    header[binding.column] = spec.header;
    fills.push({ column: binding.column + 1, text: spec.header });
    assign(spec, binding.column);
  }
  const startColumn = header.length + 1;
  const cells: string[] = [];
  for (const spec of specs) {
    if (columnIndex.has(spec.key)) continue;
    header.push(spec.header);
    cells.push(spec.header);
    assign(spec, header.length - 1);
  }

  const width = Math.max(0, ...[...columnIndex.values()].map((index) => index + 1));
  return {
    header,
    additions: cells.length > 0 ? { startColumn, cells } : undefined,
    fills,
    columnIndex,
    toRow(values) {
      const row: CellInput[] = new Array<CellInput>(width).fill('');
      for (const [key, value] of values) {
        const index = columnIndex.get(key);
        if (index !== undefined) row[index] = value;
      }
      return row;
    },
  };
}
// ─── END OF REFERENCE ORACLE ─────────────────────────────────────────────────────────────────────────

/** A seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

/** Everything a plan answers, in a form toEqual compares (the map in its insertion order). */
function comparable(plan: ColumnPlan, specs: readonly ColumnSpec[]) {
  const values = new Map<string, CellInput>(specs.map((spec, i) => [spec.key, `v${i}`]));
  values.set('not a spec', 'x');
  return {
    header: plan.header,
    additions: plan.additions,
    fills: plan.fills,
    columnIndex: [...plan.columnIndex],
    row: plan.toRow(values),
  };
}

/** Header texts that tell the matching rules apart: case, spaces, duplicates, blanks, XML-forbidden text. */
const TEXTS = [
  'Name',
  'name',
  'NAME',
  ' Name ',
  'Na  me',
  'Na\tme',
  'Na\u00a0me',
  'Na\nme',
  'Name\u0001',
  'Email',
  'E-mail',
  'e-mail ',
  'Timestamp',
  'timestamp',
  'Response ID',
  'response  id',
  'RESPONSE\u3000ID',
  'Respondent',
  'Signature',
  'Column 3',
  'Σ',
  'σ',
  'İ',
  'i̇',
  'ß',
  'SS',
  '',
  '',
  ' ',
  '\t',
  '\u0002',
];

describe('normaliseHeader', () => {
  it('answers what the reference answers, for every kind of whitespace and XML-forbidden text', () => {
    const pieces = [
      ...'aZ09-_.Σσς İıßé',
      ...' \t\n\r\u000b\f\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff',
      '\u0000',
      '\u0008',
      '\u001f',
      '\ufffe',
      '\ud83d\ude00',
      '\ud83d',
      '\ude00',
      '  ',
    ];
    const random = seeded(7);
    const texts = [...TEXTS];
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let n = random.int(12); n > 0; n--) text += random.pick(pieces);
      texts.push(text);
    }
    const differing = texts.filter((text) => normaliseHeader(text) !== referenceNormaliseHeader(text));
    expect(differing).toEqual([]);
  });
});

describe('planColumns', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plans what the reference plans: duplicates, case and space variants, aliases, blanks, bindings', () => {
    const random = seeded(20_260_301);
    // How often each rule decided a column, so the comparison is known to have covered it.
    const seen = { duplicateHeader: 0, loose: 0, alias: 0, binding: 0, fill: 0, added: 0 };
    for (let round = 0; round < 3_000; round++) {
      const header = Array.from({ length: random.int(12) }, () => random.pick(TEXTS));
      const specs: ColumnSpec[] = [];
      for (let n = random.int(9); n > 0; n--) {
        // Often the text of an earlier spec: two specs after one header text.
        const text = random.next() < 0.2 && specs.length > 0 ? random.pick(specs).header : random.pick(TEXTS);
        const spec: ColumnSpec = {
          // Now and then a key twice: the later spec is skipped like any spec already placed.
          key: random.next() < 0.1 && specs.length > 0 ? random.pick(specs).key : `k${specs.length}`,
          header: text,
        };
        if (random.next() < 0.4)
          spec.aliases = Array.from({ length: 1 + random.int(2) }, () => random.pick(TEXTS));
        if (random.next() < 0.3) {
          const column = random.int(header.length + 3) - 1; // also before A and past the last cell
          spec.binding = { column, name: random.next() < 0.3 ? `Column ${column + 1}` : random.pick(TEXTS) };
        }
        specs.push(spec);
      }
      const placed = planColumns(header, specs);
      const plan = comparable(placed, specs);
      const reference = comparable(referencePlanColumns(header, specs), specs);
      // One expect for the first difference: thousands of passing expects would cost seconds.
      if (!isDeepStrictEqual(plan, reference)) {
        expect({ header, specs, plan }).toEqual({ header, specs, plan: reference });
      }
      for (const spec of specs) {
        const index = placed.columnIndex.get(spec.key);
        if (index === undefined || index >= header.length || placed.fills.length > 0) continue;
        const cell = header[index] as string;
        const loose = referenceNormaliseHeader(cell);
        if (header.slice(0, index).some((other) => other !== '' && referenceNormaliseHeader(other) === loose))
          seen.duplicateHeader++;
        if (spec.binding?.column === index) seen.binding++;
        else if (cell !== spec.header && referenceNormaliseHeader(spec.header) === loose) seen.loose++;
        else if (cell !== spec.header) seen.alias++;
      }
      if (placed.fills.length > 0) seen.fill++;
      if (placed.additions) seen.added++;
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(50);
  });

  it('plans what the reference plans for a batch of real specs against hand-edited headers', () => {
    const forms = [
      {
        fields: [
          { label: 'Name' },
          { label: 'E-mail', name: 'Email' },
          { label: 'Phone', isRemoved: true },
          { label: 'Timestamp' },
          { label: 'City', name: '', column: 5 },
          { label: 'Country', name: 'Name', column: 6 },
        ],
        signatureEnabled: true,
        loginRequired: true,
      },
    ];
    const specs = specsForBatch(forms, ['Name', 'Phone', 'Old question', 'Email'], true, true);
    for (const header of [
      [],
      ['Name', 'name', 'Email', 'TIMESTAMP', 'Timestamp', '', 'Name', 'response id'],
      ['  timestamp ', 'Response  ID', '', '', 'e-mail', ' ', 'Name', 'Respondent', 'Phone'],
      ['Signature', 'signature', 'Old question', 'old  question', 'NAME', '', 'Name'],
    ]) {
      expect(comparable(planColumns(header, specs), specs)).toEqual(
        comparable(referencePlanColumns(header, specs), specs),
      );
    }
  });

  /**
   * Counts normaliseHeader's work through String.prototype.toLocaleLowerCase, which it calls once a
   * text, and throws once the count passes `limit`: the quadratic scan stops at once instead of running
   * for minutes.
   */
  function countingLowerCase(limit: number) {
    const original = String.prototype.toLocaleLowerCase;
    const counter = { calls: 0 };
    vi.spyOn(String.prototype, 'toLocaleLowerCase').mockImplementation(function (
      this: string,
      ...args: Parameters<typeof original>
    ) {
      if (++counter.calls > limit) throw new Error(`more than ${limit} texts normalised`);
      return original.apply(this, args);
    });
    return counter;
  }

  const wideHeader = (cells: number, length: number) =>
    Array.from({ length: cells }, (_, i) => `Question ${i} `.padEnd(length, 'x'));
  const fieldSpecs = (labels: string[]) =>
    specsForBatch([{ fields: labels.map((label) => ({ label })), signatureEnabled: false }], [], false);

  it('normalises each header cell at most once: the widest row Google allows, 200 labels not in it', () => {
    const header = wideHeader(18_278, 30); // A to ZZZ
    const specs = fieldSpecs(Array.from({ length: 200 }, (_, i) => `New question ${i}`));
    // Every cell once, and each spec's own text once (the scan normalised 18,278 cells per spec).
    const counter = countingLowerCase(header.length + specs.length);
    const plan = planColumns(header, specs);
    vi.restoreAllMocks();
    expect(counter.calls).toBeGreaterThan(0);
    expect(plan.additions?.startColumn).toBe(18_279);
    expect(plan.additions?.cells).toEqual(specs.map((spec) => spec.header));
    expect(plan.columnIndex.get(specs[199]?.key ?? '')).toBe(18_278 + 199);
  });

  it('normalises each header cell at most once when labels differ from their headers only in case', () => {
    const header = [...wideHeader(18_278, 30), 'Timestamp', 'Response ID'];
    const labels = header.slice(18_278 - 200, 18_278).map((cell) => cell.toUpperCase());
    const specs = fieldSpecs(labels);
    const counter = countingLowerCase(header.length + specs.length);
    const plan = planColumns(header, specs);
    vi.restoreAllMocks();
    expect(counter.calls).toBeGreaterThan(0);
    expect(plan.additions).toBeUndefined();
    expect(labels.map((_, i) => plan.columnIndex.get(specs[i]?.key ?? ''))).toEqual(
      labels.map((_, i) => 18_278 - 200 + i),
    );
  });

  it('normalises nothing when every spec finds its header by exact text', () => {
    const header = [...wideHeader(18_278, 30), 'Timestamp', 'Response ID'];
    const specs = fieldSpecs(header.slice(0, 200));
    const counter = countingLowerCase(0);
    const plan = planColumns(header, specs);
    vi.restoreAllMocks();
    expect(counter.calls).toBe(0);
    expect(plan.additions).toBeUndefined();
  });
});
