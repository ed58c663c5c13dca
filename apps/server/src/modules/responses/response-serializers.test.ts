import { describe, expect, it } from 'vitest';
import { answersFromJson, syncErrorOf, toResponseItem } from './response-serializers.js';

describe('answersFromJson', () => {
  it('answers the label → text map', () => {
    expect(answersFromJson('{"Full Name":"Ada","Email":"ada@example.com"}')).toEqual({
      'Full Name': 'Ada',
      Email: 'ada@example.com',
    });
  });

  it('shows nothing that is not text, and nothing for unreadable JSON', () => {
    expect(answersFromJson('{"a":"x","b":1,"c":null,"d":{"e":"f"}}')).toEqual({ a: 'x' });
    expect(answersFromJson('["x"]')).toEqual({});
    expect(answersFromJson('nope')).toEqual({});
  });
});

describe('toResponseItem', () => {
  const row = {
    id: 'r1',
    answers_json: '{"Full Name":"Ada"}',
    signature_url: 'https://f.example/api/v1/uploads/signatures/a.png',
    created_at: '2026-01-01T00:00:00.000Z',
    sync_state: 'failed' as const,
    last_error: 'Share the spreadsheet with x',
    respondent_email: 'ada@example.com',
  };

  it('puts the signature URL beside the answers and the sync error of an unsynced row', () => {
    expect(toResponseItem(row, [])).toEqual({
      id: 'r1',
      response: { 'Full Name': 'Ada', signature: row.signature_url },
      createdAt: row.created_at,
      respondent: 'ada@example.com',
      syncState: 'failed',
      syncError: 'Share the spreadsheet with x',
      formResponseWithTemplate: [],
    });
  });

  it("reads 'no_sheet' without the worker's error when the form has no sheet, unless the row was synced", () => {
    const item = toResponseItem(row, [], false);
    expect(item.syncState).toBe('no_sheet');
    expect(item.syncError).toBeNull();
    expect(toResponseItem({ ...row, sync_state: 'pending' }, [], false).syncState).toBe('no_sheet');
    expect(toResponseItem({ ...row, sync_state: 'synced' }, [], false).syncState).toBe('synced');
    expect(toResponseItem({ ...row, respondent_email: null }, []).respondent).toBeNull();
  });

  it('shows no error for a synced row, even if an earlier attempt failed', () => {
    expect(syncErrorOf({ sync_state: 'synced', last_error: 'old' })).toBeNull();
    expect(syncErrorOf({ sync_state: 'pending', last_error: 'Google is unavailable' })).toBe(
      'Google is unavailable',
    );
    expect(syncErrorOf({ sync_state: 'pending', last_error: null })).toBeNull();
  });
});
