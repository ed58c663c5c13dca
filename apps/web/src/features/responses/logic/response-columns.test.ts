// @vitest-environment node
import type { FormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { answerColumns, answerEntries, visibleFieldCount } from './response-columns';

function field(label: string, isRemoved = false): FormField {
  return { label, type: 'text', required: false, placeHolder: '', isRemoved };
}

const fields = [field('Name'), field('Old question', true), field('Email'), field('Comments')];

describe('answerColumns', () => {
  it('lists non-removed fields in form order, even those the first response skipped', () => {
    const columns = answerColumns(fields, { Email: 'a@b.c', Name: 'Ada' });
    expect(columns.map((c) => c.label)).toEqual(['Name', 'Email', 'Comments']);
  });

  it("adds the first response's other keys after the fields, then the signature last", () => {
    const columns = answerColumns(fields, {
      signature: '/api/v1/uploads/signatures/abc.png',
      'Old question': 'kept',
      Name: 'Ada',
      Renamed: 'x',
    });
    expect(columns).toEqual([
      { key: 'Name', label: 'Name', kind: 'field' },
      { key: 'Email', label: 'Email', kind: 'field' },
      { key: 'Comments', label: 'Comments', kind: 'field' },
      { key: 'Old question', label: 'Old question', kind: 'field' },
      { key: 'Renamed', label: 'Renamed', kind: 'field' },
      { key: 'signature', label: 'Signature', kind: 'signature' },
    ]);
  });

  it('has one column per label even when two fields share it', () => {
    expect(answerColumns([field('Name'), field('Name')], undefined).map((c) => c.key)).toEqual(['Name']);
  });

  it('works without any response', () => {
    expect(answerColumns(fields, undefined).map((c) => c.key)).toEqual(['Name', 'Email', 'Comments']);
  });
});

describe('answerEntries', () => {
  it('adds keys of this response the columns lack, keeping the signature last', () => {
    const columns = answerColumns(fields, { Name: 'Ada' });
    const entries = answerEntries(columns, { Name: 'Bob', signature: 'u', Later: 'y' });
    expect(entries.map((e) => e.key)).toEqual(['Name', 'Email', 'Comments', 'Later', 'signature']);
  });
});

describe('visibleFieldCount', () => {
  it('counts only fields that are not removed', () => {
    expect(visibleFieldCount(fields)).toBe(3);
    expect(visibleFieldCount([])).toBe(0);
  });
});
