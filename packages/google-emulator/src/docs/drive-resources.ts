import type { Caller } from '../access/access-control.js';
import type { ShareRole, Sharing } from '../access/sharing.js';
import { displayNameFromEmail } from '../identity/email.js';
import { subjectIdForEmail } from '../identity/subject-id.js';

/** A file as Drive describes it: a document or a spreadsheet, with its owner, sharing and times. */
export interface DriveFileSource {
  kind: 'document' | 'spreadsheet';
  id: string;
  title: string;
  ownerEmail?: string | undefined;
  sharing: Sharing;
  createdTime: string;
  modifiedTime: string;
}

/** Drive's Permission resource, every field the emulator knows. */
export interface DrivePermission {
  kind: 'drive#permission';
  id: string;
  type: 'user' | 'group' | 'domain' | 'anyone';
  role: 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';
  emailAddress?: string;
  domain?: string;
  displayName?: string;
  allowFileDiscovery?: boolean;
  deleted?: boolean;
  pendingOwner?: boolean;
}

/** Drive's role for a share made in the share dialog. */
export function driveRoleOf(role: ShareRole): 'writer' | 'commenter' | 'reader' {
  return role === 'edit' ? 'writer' : role === 'comment' ? 'commenter' : 'reader';
}

/** The link permission's id, as Drive names it. */
export const ANYONE_WITH_LINK = 'anyoneWithLink';

const MIME_TYPES = {
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
} as const;

/** A user's permission id: stable digits per email, like Drive's (the same as the user's `sub`). */
export function permissionIdFor(email: string): string {
  return subjectIdForEmail(email.toLowerCase());
}

/** The file's permissions: the owner, the people it is shared with, its domains, then link sharing. */
export function permissionsOf(file: DriveFileSource): DrivePermission[] {
  const permissions: DrivePermission[] = [];
  const owner = file.ownerEmail?.toLowerCase();
  if (owner) permissions.push(userPermission(owner, 'owner'));
  for (const person of file.sharing.people) {
    if (person.email === owner) continue;
    permissions.push(userPermission(person.email, driveRoleOf(person.role)));
  }
  for (const entry of file.sharing.domains ?? []) {
    permissions.push({
      kind: 'drive#permission',
      id: `domain-${entry.domain}`,
      type: 'domain',
      role: driveRoleOf(entry.role),
      domain: entry.domain,
      displayName: entry.domain,
      allowFileDiscovery: false,
    });
  }
  if (file.sharing.link !== 'none') {
    permissions.push({
      kind: 'drive#permission',
      id: ANYONE_WITH_LINK,
      type: 'anyone',
      role: driveRoleOf(file.sharing.link),
      allowFileDiscovery: false,
    });
  }
  return permissions;
}

function userPermission(email: string, role: DrivePermission['role']): DrivePermission {
  return {
    kind: 'drive#permission',
    id: permissionIdFor(email),
    type: 'user',
    role,
    emailAddress: email,
    displayName: displayNameFromEmail(email),
    deleted: false,
    pendingOwner: false,
  };
}

/** Without `fields`, Drive answers only these of a permission. */
export function defaultPermissionFields(permission: DrivePermission) {
  const { kind, id, type, role } = permission;
  return { kind, id, type, role };
}

/** Drive's User resource for an email, `me` when it is the caller. */
export function driveUser(email: string, caller: Caller) {
  return {
    kind: 'drive#user',
    displayName: displayNameFromEmail(email),
    me: caller.kind === 'account' && caller.email === email.toLowerCase(),
    permissionId: permissionIdFor(email),
    emailAddress: email.toLowerCase(),
  };
}

/**
 * Drive's File resource with every field the emulator knows; files.get trims it to its default fields or
 * the `fields` mask. `permissions` appear only for callers who may share the file (editors), as in Drive.
 */
export function driveFileResource(file: DriveFileSource, caller: Caller, role: 'edit' | 'comment' | 'view') {
  const owner = file.ownerEmail?.toLowerCase();
  const ownedByMe = owner !== undefined && caller.kind === 'account' && caller.email === owner;
  const canEdit = role === 'edit';
  // Commenters comment; viewers and anonymous callers do not.
  const canComment = canEdit || (role === 'comment' && caller.kind === 'account');
  const permissions = permissionsOf(file);
  const path = file.kind === 'document' ? 'document' : 'spreadsheets';
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.title,
    mimeType: MIME_TYPES[file.kind],
    starred: false,
    trashed: false,
    explicitlyTrashed: false,
    spaces: ['drive'],
    version: '1',
    webViewLink: `https://docs.google.com/${path}/d/${file.id}/edit?usp=drivesdk`,
    hasThumbnail: false,
    viewedByMe: caller.kind === 'account',
    createdTime: file.createdTime,
    modifiedTime: file.modifiedTime,
    modifiedByMe: ownedByMe,
    owners: owner ? [driveUser(owner, caller)] : [],
    shared:
      file.sharing.link !== 'none' ||
      (file.sharing.domains ?? []).length > 0 ||
      file.sharing.people.some((person) => person.email !== owner),
    ownedByMe,
    capabilities: {
      canAddChildren: false,
      canChangeCopyRequiresWriterPermission: canEdit,
      canComment,
      canCopy: true,
      canDelete: ownedByMe,
      canDownload: true,
      canEdit,
      canListChildren: false,
      canModifyContent: canEdit,
      canMoveItemWithinDrive: ownedByMe,
      canReadRevisions: canEdit,
      canRemoveChildren: false,
      canRename: canEdit,
      canShare: canEdit,
      canTrash: ownedByMe,
      canUntrash: ownedByMe,
    },
    viewersCanCopyContent: true,
    copyRequiresWriterPermission: false,
    writersCanShare: true,
    ...(canEdit ? { permissions } : {}),
    permissionIds: permissions.map((permission) => permission.id),
    isAppAuthorized: false,
  };
}
