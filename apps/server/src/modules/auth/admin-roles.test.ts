import { describe, expect, it } from 'vitest';
import { applyAdminEmails, roleFor } from './admin-roles.js';

describe('roleFor', () => {
  const listed = ['boss@example.com'];

  it('follows a non-empty ADMIN_EMAILS whatever is stored, and gives the first user nothing extra', () => {
    expect(roleFor(listed, { email: 'boss@example.com', storedRole: 'User', isFirstUser: false })).toBe(
      'Admin',
    );
    expect(roleFor(listed, { email: 'Boss@Example.com', storedRole: undefined, isFirstUser: false })).toBe(
      'Admin',
    );
    expect(roleFor(listed, { email: 'old@example.com', storedRole: 'Admin', isFirstUser: false })).toBe(
      'User',
    );
    expect(roleFor(listed, { email: 'first@example.com', storedRole: undefined, isFirstUser: true })).toBe(
      'User',
    );
  });

  it('with ADMIN_EMAILS empty: the first user is Admin and stored roles stand', () => {
    expect(roleFor([], { email: 'first@example.com', storedRole: undefined, isFirstUser: true })).toBe(
      'Admin',
    );
    expect(roleFor([], { email: 'first@example.com', storedRole: 'Admin', isFirstUser: false })).toBe(
      'Admin',
    );
    expect(roleFor([], { email: 'later@example.com', storedRole: undefined, isFirstUser: false })).toBe(
      'User',
    );
  });
});

describe('applyAdminEmails', () => {
  function run(
    adminEmails: string[],
    stored: {
      demoted?: string[];
      promoted?: string[];
      admins?: Array<{ email: string; isFirstUser: boolean }>;
    },
  ) {
    const lines: string[] = [];
    const synced: string[][] = [];
    return applyAdminEmails({
      users: {
        async syncAdmins(list) {
          synced.push([...list]);
          return { demoted: stored.demoted ?? [], promoted: stored.promoted ?? [] };
        },
        async admins() {
          return stored.admins ?? [];
        },
      },
      adminEmails,
      log: { info: (line) => lines.push(line) },
      now: '2026-01-01T00:00:00.000Z',
    }).then(() => ({ lines, synced }));
  }

  it('makes the users table follow the list and says who is Admin and why', async () => {
    const { lines, synced } = await run(['a@x.com', 'b@y.com'], { demoted: ['old@z.com'] });
    expect(synced).toEqual([['a@x.com', 'b@y.com']]);
    expect(lines).toEqual([
      'Admins: a@x.com, b@y.com (ADMIN_EMAILS)',
      'Admin role removed (not in ADMIN_EMAILS): old@z.com',
    ]);
  });

  it('without ADMIN_EMAILS changes nothing and names the stored Admins', async () => {
    expect((await run([], {})).lines).toEqual(['No ADMIN_EMAILS: the first user to sign in becomes Admin']);
    const first = await run([], { admins: [{ email: 'first@x.com', isFirstUser: true }] });
    expect(first).toEqual({ lines: ['Admin: first@x.com (first user, ADMIN_EMAILS empty)'], synced: [] });
    const kept = await run([], {
      admins: [
        { email: 'first@x.com', isFirstUser: true },
        { email: 'earlier@x.com', isFirstUser: false },
      ],
    });
    expect(kept.lines).toEqual(['Admins: first@x.com, earlier@x.com (as stored, ADMIN_EMAILS empty)']);
  });
});
