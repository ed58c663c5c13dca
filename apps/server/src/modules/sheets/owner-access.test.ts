import { describe, expect, it } from 'vitest';
import type { DrivePermission } from '../../google/drive-client.js';
import { DecisionCache, editAccessFrom, isPlausibleAccessToken, type OwnerAccess } from './owner-access.js';

const owner: DrivePermission = { id: '1', type: 'user', role: 'owner', emailAddress: 'Ada@Example.com' };
const writer: DrivePermission = { id: '2', type: 'user', role: 'writer', emailAddress: 'grace@example.com' };
const serviceAccount: DrivePermission = {
  id: '3',
  type: 'user',
  role: 'writer',
  emailAddress: 'sa@project.iam.gserviceaccount.com',
};
const link: DrivePermission = { id: 'anyoneWithLink', type: 'anyone', role: 'reader' };
const domain: DrivePermission = { id: '4', type: 'domain', role: 'reader', domain: 'Example.org' };
const group: DrivePermission = { id: '5', type: 'group', role: 'writer', emailAddress: 'team@example.com' };

describe('editAccessFrom', () => {
  const as = (role: string, emailAddress = 'bob@example.com'): DrivePermission => ({
    id: `p-${role}`,
    type: 'user',
    role,
    emailAddress,
  });
  const anyone = (role: string): DrivePermission => ({ id: 'anyoneWithLink', type: 'anyone', role });

  it('lets the owner and editors of it bind it, comparing emails without case', () => {
    expect(editAccessFrom([owner, serviceAccount], 'ada@example.com')).toEqual({
      kind: 'edit',
      via: 'person',
    });
    expect(editAccessFrom([owner, writer], ' GRACE@example.com ')).toEqual({ kind: 'edit', via: 'person' });
    // A shared drive's managers and content managers edit too.
    expect(editAccessFrom([as('organizer')], 'bob@example.com')).toMatchObject({ kind: 'edit' });
    expect(editAccessFrom([as('fileOrganizer')], 'bob@example.com')).toMatchObject({ kind: 'edit' });
  });

  it('finds a viewer or commenter able to view only', () => {
    expect(editAccessFrom([owner, serviceAccount, as('reader')], 'bob@example.com')).toEqual({
      kind: 'view',
    });
    expect(editAccessFrom([owner, as('commenter')], 'BOB@example.com')).toEqual({ kind: 'view' });
    expect(editAccessFrom([owner, as('some-new-role')], 'bob@example.com')).toEqual({ kind: 'view' });
  });

  it('takes link sharing as edit access only when the link edits', () => {
    expect(editAccessFrom([owner, anyone('writer')], 'bob@example.com')).toEqual({
      kind: 'edit',
      via: 'anyone',
    });
    expect(editAccessFrom([owner, link], 'bob@example.com')).toEqual({ kind: 'view' });
    expect(editAccessFrom([owner, anyone('commenter')], 'bob@example.com')).toEqual({ kind: 'view' });
    // The highest of a person's shares counts, wherever each is listed.
    expect(editAccessFrom([as('reader'), anyone('writer')], 'bob@example.com')).toEqual({
      kind: 'edit',
      via: 'anyone',
    });
    expect(editAccessFrom([link, as('writer')], 'bob@example.com')).toEqual({ kind: 'edit', via: 'person' });
  });

  it('never takes an email for its domain alone, nor a group, nor someone else’s share', () => {
    const editingDomain: DrivePermission = { ...domain, role: 'writer' };
    expect(editAccessFrom([owner, editingDomain], 'bob@example.org')).toEqual({ kind: 'none' });
    expect(editAccessFrom([owner, writer, serviceAccount], 'bob@example.com')).toEqual({ kind: 'none' });
    expect(editAccessFrom([group], 'team@example.com')).toEqual({ kind: 'none' });
    expect(editAccessFrom([owner, writer], undefined)).toEqual({ kind: 'none' });
    expect(editAccessFrom([{ id: '6', type: 'user', role: 'writer' }], '')).toEqual({ kind: 'none' });
    expect(editAccessFrom([], 'ada@example.com')).toEqual({ kind: 'none' });
  });
});

describe('isPlausibleAccessToken', () => {
  it("accepts Google's token characters and refuses anything that could break a header", () => {
    expect(isPlausibleAccessToken('ya29.a0AfB_byC-1234~x/y+z=')).toBe(true);
    expect(isPlausibleAccessToken('ya29 with spaces')).toBe(false);
    expect(isPlausibleAccessToken('ya29\r\nx-evil: 1')).toBe(false);
    expect(isPlausibleAccessToken('')).toBe(false);
    expect(isPlausibleAccessToken('a'.repeat(4097))).toBe(false);
  });
});

describe('DecisionCache', () => {
  const granted: OwnerAccess = { kind: 'granted', via: 'person' };
  const denied: OwnerAccess = { kind: 'denied', ownerEmail: 'bob@example.com', canView: false };

  function cache(maxEntries = 10) {
    let clock = 1_000;
    const decisions = new DecisionCache({
      grantedTtlMs: 60_000,
      deniedTtlMs: 5_000,
      maxEntries,
      now: () => clock,
    });
    return {
      decisions,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('keeps a granted decision 60 s and a refusal 5 s, per owner and spreadsheet', async () => {
    const { decisions, advance } = cache();
    decisions.set('owner-a', 'sheet-1', Promise.resolve(granted));
    decisions.set('owner-b', 'sheet-1', Promise.resolve(denied));
    await settle();
    expect(decisions.get('owner-a', 'sheet-2')).toBeUndefined();
    expect(await decisions.get('owner-a', 'sheet-1')).toEqual(granted);
    expect(await decisions.get('owner-b', 'sheet-1')).toEqual(denied);
    advance(5_000);
    expect(decisions.get('owner-b', 'sheet-1')).toBeUndefined();
    expect(decisions.get('owner-a', 'sheet-1')).toBeDefined();
    advance(55_000);
    expect(decisions.get('owner-a', 'sheet-1')).toBeUndefined();
  });

  it('shares a look-up still in flight, and forgets one that failed', async () => {
    const { decisions } = cache();
    let fail: (error: Error) => void = () => {};
    const pending = new Promise<OwnerAccess>((_resolve, reject) => {
      fail = reject;
    });
    decisions.set('owner-a', 'sheet-1', pending);
    expect(decisions.get('owner-a', 'sheet-1')).toBe(pending);
    fail(new Error('Google is down'));
    await pending.catch(() => undefined);
    await settle();
    expect(decisions.get('owner-a', 'sheet-1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { decisions } = cache(2);
    decisions.set('o', 's1', Promise.resolve(granted));
    decisions.set('o', 's2', Promise.resolve(granted));
    decisions.set('o', 's3', Promise.resolve(granted));
    expect(decisions.size).toBe(2);
    expect(decisions.get('o', 's1')).toBeUndefined();
    expect(decisions.get('o', 's3')).toBeDefined();
  });
});
