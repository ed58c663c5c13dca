import { randomBytes, randomInt } from 'node:crypto';
import type { ValidationRange } from './data-validation.js';

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

/** A sheet's (tab's) properties; the grid is `rowCount` × `columnCount` cells. */
export interface SheetProperties {
  sheetId: number;
  title: string;
  index: number;
  rowCount: number;
  columnCount: number;
  frozenRowCount?: number;
  /** The sheet's data validation rules by range (left out when none); the newest range wins a cell. */
  dataValidation?: ValidationRange[];
}

/** What `meta.json` holds for a spreadsheet (its cells live in per-sheet files). */
export interface SpreadsheetMeta {
  version: 1;
  spreadsheetId: string;
  title: string;
  ownerEmail?: string;
  sharing: Sharing;
  createdAt: string;
  sheets: SheetProperties[];
}

/** New sheets get Google's default grid, grown to fit their data. */
export const DEFAULT_ROW_COUNT = 1000;
export const DEFAULT_COLUMN_COUNT = 26;

/** Google's spreadsheet and document ids: 44 URL-safe characters, starting with 1. */
export function newFileId(): string {
  return `1${randomBytes(33).toString('base64url').slice(0, 43)}`;
}

/** Ids that are safe as file names and could be Google ids (callers send anything in the path). */
export function isPlausibleFileId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

/** A random sheet id (gid) like Google's, avoiding those in use. */
export function newSheetId(taken: ReadonlySet<number>): number {
  for (;;) {
    const id = randomInt(1, 2 ** 31 - 1);
    if (!taken.has(id)) return id;
  }
}

/** `https://docs.google.com/spreadsheets/d/{id}/edit`, as Google's `spreadsheetUrl`. */
export function spreadsheetUrl(spreadsheetId: string): string {
  return `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`;
}

/** `https://docs.google.com/document/d/{id}/edit`. */
export function documentUrl(documentId: string): string {
  return `https://docs.google.com/document/d/${documentId}/edit`;
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
