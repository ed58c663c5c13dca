import type { DrivePermission } from '../../google/drive-client.js';

/** How an owner was found able to edit a spreadsheet. */
export type GrantedVia =
  /** Only an API key is configured: the server reaches link-shared spreadsheets only, and writes none. */
  | 'no-service-account'
  /** Drive's files.get with the owner's own Google token answered capabilities.canEdit. */
  | 'own-token'
  /** Their own token did so earlier, and that proof has not ended (google_edit_proofs, decision 0044). */
  | 'own-token-earlier'
  /** A Drive permission of type 'anyone' (link sharing) with an editing role. */
  | 'anyone'
  /** The owner's email owns it, or edits it. */
  | 'person';

/**
 * Whether the signed-in owner may bind a spreadsheet the service account reaches. Binding lets the one
 * shared service account write into it for them, so it takes edit access, not the right to open it.
 * - granted: they can edit it themselves.
 * - denied: the service account reaches it, and they cannot edit it (or that cannot be told); canView
 *   when something showed they may open it (a viewer or commenter, or a link that only views), so the
 *   refusal can say what to ask for.
 * - unreachable: the service account can neither list nor open it (private and not shared with it, or
 *   no such spreadsheet): nothing can be read or written through it until its owner shares it, and the
 *   sheet sync proves edit access before its first write.
 */
export type OwnerAccess =
  | { kind: 'granted'; via: GrantedVia }
  | { kind: 'denied'; ownerEmail: string | undefined; canView: boolean }
  | { kind: 'unreachable'; ownerEmail: string | undefined };

/**
 * Drive's roles that edit: the owner, an editor, and on a shared drive its managers and content managers.
 * Viewers ('reader') and commenters ('commenter') open the file but cannot change a cell.
 */
const EDITING_ROLES = new Set(['owner', 'organizer', 'fileOrganizer', 'writer']);

/** What a file's Drive permissions let this person do with it. */
export type PermissionVerdict =
  | { kind: 'edit'; via: 'person' | 'anyone' }
  | { kind: 'view' }
  | { kind: 'none' };

/**
 * What a file's Drive permissions let this person do: edit (their own email with an editing role, or
 * link sharing that edits), view (any other role of theirs, or link sharing that views or comments), or
 * nothing. The highest of their permissions counts. Groups are not expanded (their members are not
 * readable with the service account); a group member proves access with their own token instead. Emails
 * compare case-insensitively.
 */
export function editAccessFrom(
  permissions: readonly DrivePermission[],
  email: string | undefined,
): PermissionVerdict {
  const normalized = email?.trim().toLowerCase() ?? '';
  let linkEdits = false;
  let canView = false;
  for (const permission of permissions) {
    const edits = EDITING_ROLES.has(permission.role);
    if (permission.type === 'anyone') {
      if (edits) linkEdits = true;
      else canView = true;
    } else if (
      permission.type === 'user' &&
      normalized !== '' &&
      permission.emailAddress?.trim().toLowerCase() === normalized
    ) {
      if (edits) return { kind: 'edit', via: 'person' };
      canView = true;
    }
    // A 'domain' permission is not enough: it means the members of a Google Workspace domain, and a
    // consumer Google account can carry a verified address at that domain without being a member. Such
    // owners prove access with their own Google token instead.
  }
  if (linkEdits) return { kind: 'edit', via: 'anyone' };
  return canView ? { kind: 'view' } : { kind: 'none' };
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
