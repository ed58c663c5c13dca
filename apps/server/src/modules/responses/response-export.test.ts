import type { FormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { exportCells, exportHeader, exportLabels } from './response-export.js';

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
    const labels = exportLabels([field('Full Name')], ['Old']);
    expect(exportHeader(labels)).toEqual([
      'No.',
      'Timestamp',
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
    };
    expect(exportCells(3, row, labels)).toEqual(['3', row.created_at, 'r1', 'Ada', 'kept', '', 'synced']);
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
    };
    expect(exportHeader(['Note\u0001'])).toContain('Note');
    expect(exportCells(1, row, ['Note\u0001'])).toEqual([
      '1',
      row.created_at,
      'r1',
      'abcde\tf',
      '',
      'pending',
    ]);
  });
});
