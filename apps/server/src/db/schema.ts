import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Portable across SQLite and PostgreSQL:
 * ids are random text, timestamps are ISO-8601 UTC text (sortable as text), flags are 0/1 integers.
 */
export interface UsersTable {
  id: string;
  google_sub: string | null;
  email: string;
  name: string;
  role: 'User' | 'Admin';
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** Every token rotated from one sign-in shares a family; reuse of a rotated token revokes the family. */
  family_id: string;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
  replaced_by: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  app_meta: AppMetaTable;
}
