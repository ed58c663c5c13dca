import type { DrivePermission } from '../../google/drive-client.js';

/** How an owner was found able to open a spreadsheet. */
export type GrantedVia =
  /** Only an API key is configured: the server reaches link-shared spreadsheets only. */
  | 'no-service-account'
  /** The owner's own Google token opened it. */
  | 'own-token'
  /** A Drive permission of type 'anyone' (link sharing). */
  | 'anyone'
  /** The owner's email owns it or is among its people. */
  | 'person'
  /** A Drive permission for the owner's email domain. */
  | 'domain'
  /** The API key opened it: it is shared as "Anyone with the link". */
  | 'link';

/**
 * Whether the signed-in owner may bind a spreadsheet the service account reaches.
 * - granted: they can open it themselves.
 * - denied: the service account reaches it, and it is not shared with them (or that cannot be told).
 * - unreachable: the service account can neither list nor open it (private and not shared with it, or
 *   no such spreadsheet): nothing can be read or written through it until its owner shares it.
 */
export type OwnerAccess =
  | { kind: 'granted'; via: GrantedVia }
  | { kind: 'denied'; ownerEmail: string | undefined }
  | { kind: 'unreachable'; ownerEmail: string | undefined };

/**
 * Which of a file's Drive permissions lets this person open it: their own email (owner or any role),
 * link sharing ('anyone'), or their email's domain. Groups are not expanded (their members are not
 * readable with the service account); a group member proves access with their own token instead.
 * Emails and domains compare case-insensitively.
 */
export function permissionThatAdmits(
  permissions: readonly DrivePermission[],
  email: string | undefined,
): Exclude<GrantedVia, 'no-service-account' | 'own-token' | 'link'> | undefined {
  const normalized = email?.trim().toLowerCase() ?? '';
  let found: 'anyone' | 'person' | 'domain' | undefined;
  for (const permission of permissions) {
    if (permission.type === 'anyone') found ??= 'anyone';
    else if (
      permission.type === 'user' &&
      normalized !== '' &&
      permission.emailAddress?.trim().toLowerCase() === normalized
    )
      return 'person';
    // A 'domain' permission is not enough: it means the members of a Google Workspace domain, and a
    // consumer Google account can carry a verified address at that domain without being a member. Such
    // owners prove access with their own Google token instead.
  }
  return found;
}

/** What a Google access token may look like; anything else is never sent anywhere. */
const ACCESS_TOKEN = /^[A-Za-z0-9._~+/=-]{1,4096}$/;

export function isPlausibleAccessToken(token: string): boolean {
  return ACCESS_TOKEN.test(token);
}

export interface DecisionCacheOptions {
  /** How long a granted decision is reused. */
  grantedTtlMs: number;
  /** How long a refusal is reused: short, so an owner who was just given access can try again. */
  deniedTtlMs: number;
  maxEntries: number;
  now: () => number;
}

interface Entry {
  decision: Promise<OwnerAccess>;
  expiresAt: number;
}

/**
 * Recent decisions per (owner, spreadsheet), as promises so that the generator's preview, metadata and
 * create share one look-up even when they overlap. Bounded: the oldest entry goes first. A look-up that
 * fails (Google unavailable) or finds the spreadsheet unreachable is forgotten at once.
 */
export class DecisionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: DecisionCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get(ownerId: string, spreadsheetId: string): Promise<OwnerAccess> | undefined {
    const key = keyOf(ownerId, spreadsheetId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.options.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.decision;
  }

  set(ownerId: string, spreadsheetId: string, decision: Promise<OwnerAccess>): void {
    const key = keyOf(ownerId, spreadsheetId);
    const entry: Entry = { decision, expiresAt: this.options.now() + this.options.grantedTtlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    decision.then(
      (settled) => {
        if (this.entries.get(key) !== entry) return;
        // Unreachable and denied are kept briefly only: once shared, the owner should not wait long, and
        // repeated look-ups in the meantime must not spend Google quota on every preview.
        if (settled.kind === 'unreachable' || settled.kind === 'denied') {
          entry.expiresAt = Math.min(entry.expiresAt, this.options.now() + this.options.deniedTtlMs);
        }
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }
}

function keyOf(ownerId: string, spreadsheetId: string): string {
  return `${ownerId}\n${spreadsheetId}`;
}
