import type { Role } from '@sheetforms/contract';
import type { UsersRepository } from './users.repository.js';

/**
 * Who is Admin. With ADMIN_EMAILS set the list alone decides, at every sign-in, refresh and start: someone
 * removed from it is a User from then on, someone added is an Admin, and the first user of an empty
 * instance gets no Admin role of its own. With ADMIN_EMAILS empty the first user is Admin and the stored
 * roles stand.
 */
export function roleFor(
  adminEmails: readonly string[],
  user: { email: string; storedRole: Role | undefined; isFirstUser: boolean },
): Role {
  if (adminEmails.length > 0) return adminEmails.includes(user.email.toLowerCase()) ? 'Admin' : 'User';
  if (user.isFirstUser) return 'Admin';
  return user.storedRole ?? 'User';
}

/**
 * Brings the users table in step with ADMIN_EMAILS when the server starts, so everything that reads the
 * stored role (the admin stream's check, the contact inbox, the chat console) agrees with the list before
 * anyone refreshes; then logs who is Admin and why.
 */
export async function applyAdminEmails(deps: {
  users: Pick<UsersRepository, 'syncAdmins' | 'admins'>;
  adminEmails: readonly string[];
  log: { info(message: string): void };
  now: string;
}): Promise<void> {
  const { adminEmails, log } = deps;
  if (adminEmails.length > 0) {
    const { demoted, promoted } = await deps.users.syncAdmins(adminEmails, deps.now);
    log.info(`Admins: ${adminEmails.join(', ')} (ADMIN_EMAILS)`);
    if (demoted.length > 0) log.info(`Admin role removed (not in ADMIN_EMAILS): ${demoted.join(', ')}`);
    if (promoted.length > 0) log.info(`Admin role given (in ADMIN_EMAILS): ${promoted.join(', ')}`);
    return;
  }
  log.info(adminsWithoutList(await deps.users.admins()));
}

/** The start-up line when ADMIN_EMAILS is empty (exported for its test). */
export function adminsWithoutList(admins: Array<{ email: string; isFirstUser: boolean }>): string {
  if (admins.length === 0) return 'No ADMIN_EMAILS: the first user to sign in becomes Admin';
  const [only] = admins;
  if (admins.length === 1 && only?.isFirstUser)
    return `Admin: ${only.email} (first user, ADMIN_EMAILS empty)`;
  return `Admins: ${admins.map((admin) => admin.email).join(', ')} (as stored, ADMIN_EMAILS empty)`;
}
