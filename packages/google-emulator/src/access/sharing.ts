/**
 * What a share lets someone do, as Drive's share dialog offers it: Viewer (Drive role `reader`),
 * Commenter (`commenter`: reads and comments, never edits) or Editor (`writer`).
 */
export type ShareRole = 'view' | 'comment' | 'edit';

/** Who can open a spreadsheet through its link, and as what. */
export type LinkAccess = 'none' | ShareRole;

/** A person a spreadsheet is shared with. */
export interface SharedPerson {
  email: string;
  role: ShareRole;
}

/** Everyone whose email is at a domain (Google Workspace's "people in {domain}"). */
export interface SharedDomain {
  domain: string;
  role: ShareRole;
}

const SHARE_ROLES: readonly unknown[] = ['view', 'comment', 'edit'] satisfies ShareRole[];

function isShareRole(value: unknown): value is ShareRole {
  return SHARE_ROLES.includes(value);
}

/** Per-file sharing, as in Google Drive's share dialog. */
export interface Sharing {
  link: LinkAccess;
  people: SharedPerson[];
  /** Left out when empty. */
  domains?: SharedDomain[];
}

/** Checks a `Sharing` value from a request or file; returns a message for the first problem. */
export function checkSharing(
  value: unknown,
): { ok: true; sharing: Sharing } | { ok: false; message: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: "Invalid value at 'sharing': must be an object." };
  }
  const raw = value as Record<string, unknown>;
  const link = raw.link ?? 'none';
  if (link !== 'none' && !isShareRole(link)) {
    return {
      ok: false,
      message: "Invalid value at 'sharing.link': must be 'none', 'view', 'comment' or 'edit'.",
    };
  }
  const peopleRaw = raw.people ?? [];
  if (!Array.isArray(peopleRaw))
    return { ok: false, message: "Invalid value at 'sharing.people': must be a list." };
  const people: SharedPerson[] = [];
  for (const [index, entry] of peopleRaw.entries()) {
    const person = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const email = typeof person.email === 'string' ? person.email.trim().toLowerCase() : '';
    const role = person.role ?? 'edit';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return {
        ok: false,
        message: `Invalid value at 'sharing.people[${index}].email': must be an email address.`,
      };
    }
    if (!isShareRole(role)) {
      return {
        ok: false,
        message: `Invalid value at 'sharing.people[${index}].role': must be 'view', 'comment' or 'edit'.`,
      };
    }
    if (!people.some((existing) => existing.email === email)) people.push({ email, role });
  }
  const domainsRaw = raw.domains ?? [];
  if (!Array.isArray(domainsRaw))
    return { ok: false, message: "Invalid value at 'sharing.domains': must be a list." };
  const domains: SharedDomain[] = [];
  for (const [index, entry] of domainsRaw.entries()) {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const domain = typeof item.domain === 'string' ? item.domain.trim().toLowerCase() : '';
    const role = item.role ?? 'view';
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(domain)) {
      return {
        ok: false,
        message: `Invalid value at 'sharing.domains[${index}].domain': must be a domain name.`,
      };
    }
    if (!isShareRole(role)) {
      return {
        ok: false,
        message: `Invalid value at 'sharing.domains[${index}].role': must be 'view', 'comment' or 'edit'.`,
      };
    }
    if (!domains.some((existing) => existing.domain === domain)) domains.push({ domain, role });
  }
  return { ok: true, sharing: { link, people, ...(domains.length > 0 ? { domains } : {}) } };
}
