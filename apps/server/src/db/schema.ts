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

/** A form. `id` is internal (foreign keys); `form_id` is the public id in links. */
export interface FormsTable {
  id: string;
  form_id: string;
  owner_id: string;
  name: string;
  description: string;
  google_sheets_url: string;
  /** Extracted from the URL when the form is saved, so the sync worker never parses URLs. */
  spreadsheet_id: string | null;
  sheet_name: string;
  /** The bound tab's sheetId (gid); NULL until bound (migration 0007). The tab is found by it, not by title. */
  sheet_id: Generated<number | string | null>;
  /** Why the sheet sync of this form is stopped until the owner retries; NULL when it runs. */
  sync_paused_reason: Generated<string | null>;
  /**
   * The spreadsheet id whose edit access the owner proved for this binding (migration 0014); the sheet
   * sync writes only while it equals spreadsheet_id, and proves it first otherwise.
   */
  edit_access_proven_for: Generated<string | null>;
  /** JSON array of contract FormField. */
  fields_json: string;
  /** JSON of contract FormSettings, stored normalised (defaults filled, signature size in range). */
  settings_json: string;
  status: string;
  due_date: string;
  created_at: string;
  updated_at: string;
}

/** An authorized user of a login-protected form. */
export interface FormUsersTable {
  id: string;
  /** forms.id (internal), not the public form id. */
  form_id: string;
  name: string;
  /** Stored lowercased; unique per form. */
  email: string;
  /** argon2id PHC string; the password itself is never stored. */
  password_hash: string;
  /** Respondent tokens carry it and must match it; a password reset bumps it (0 for a new user). */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ResponseSyncState = 'pending' | 'claimed' | 'synced' | 'failed';

/** A submission, stored before it is written to the sheet. */
export interface ResponsesTable {
  id: string;
  /** forms.id (internal). */
  form_id: string;
  /** JSON object: field label → answer. */
  answers_json: string;
  signature_url: string | null;
  /** form_users.id of a logged-in respondent. */
  respondent_id: string | null;
  /** The form user's email when the response was stored (migration 0017); null without login. */
  respondent_email: string | null;
  consent: string | null;
  idempotency_key: string | null;
  created_at: string;
  sync_state: Generated<ResponseSyncState>;
  attempts: Generated<number>;
  last_error: string | null;
  synced_at: string | null;
  claimed_until: string | null;
  /** When a retried response may be claimed again (backoff). */
  next_attempt_at: string | null;
  /** Which worker holds the lease; settling updates check it. */
  claimed_by: string | null;
  /** 1 after an ambiguous failure: read the Response ID column before appending again. */
  dedupe_required: Generated<number>;
  /** 1 until the delivery worker has planned this response's deliveries (migration 0018). */
  plan_deliveries: Generated<number>;
}

/** A form's webhook receiver (migration 0018). */
export interface WebhooksTable {
  id: string;
  /** forms.id (internal). */
  form_id: string;
  url: string;
  /** Signs each delivery (HMAC-SHA256); shown to the owner once, when the webhook is created. */
  secret: string;
  /** JSON array of contract WebhookEvent. */
  events_json: string;
  enabled: Generated<number>;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** One response's delivery to one destination other than the sheet (migration 0018). */
export interface DeliveriesTable {
  /** UUIDv7: the webhook's X-SheetForms-Delivery and the e-mail's Message-ID, the same on every retry. */
  id: string;
  response_id: string;
  /** forms.id (internal). */
  form_id: string;
  destination: 'owner-email' | 'owner-digest' | 'respondent-receipt' | 'webhook';
  /**
   * 'owner-email', 'respondent-receipt' or 'webhook:{id}', unique per response; 'owner-digest:{period}',
   * unique per form (migration 0019).
   */
  destination_key: string;
  webhook_id: string | null;
  state: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While an instance is sending it; an expired lease (a crash) lets another instance send it again. */
  lease_until: string | null;
  /** Which claim holds the lease: a settlement counts only for the claim it belongs to. */
  claim_token: string | null;
  /** The receiver's last HTTP status (webhooks). */
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** A receipt's address (migration 0019), as it was typed (lower case): where the receipt is sent. */
  recipient: Generated<string | null>;
  /**
   * The mailbox that address reaches (migration 0023, receiptMailbox: no '+tag', no dots at Gmail):
   * receipts to one mailbox are counted across forms and spellings.
   */
  mailbox: Generated<string | null>;
}

/** A stored signature image: the storage key and the form it was uploaded for. */
export interface UploadsTable {
  /** 32 hex characters (128 random bits); the file is `{key}.png` in the signature storage. */
  key: string;
  /** forms.id (internal). */
  form_id: string;
  bytes: number;
  created_at: string;
  /**
   * 1 once a stored response is found using it (by the sweep, or when an upload meets a cap): never removed
   * (migration 0015); 0 until then.
   */
  kept: Generated<number>;
  /**
   * A digest of the uploader's address key while the upload is unused, for each address's share of the
   * form's cap (migration 0021, modules/uploads/upload-limits.ts); NULL once kept, and on older rows.
   */
  client: string | null;
}

/** A signature image in the database store (migration 0013; SIGNATURE_STORAGE=database). */
export interface SignatureImagesTable {
  /** The key of its `uploads` row: 32 hex characters. */
  key: string;
  /** The PNG's bytes: BLOB on SQLite, bytea on PostgreSQL; both drivers answer a Buffer. */
  png: Buffer;
  created_at: string;
}

/** A document template of a form. `content` is HTML, sanitized with the template allowlist before storage. */
export interface FormTemplatesTable {
  id: string;
  /** forms.id (internal). */
  form_id: string;
  name: string;
  google_docs_url: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/**
 * An owner's own Google token showed that they can edit a spreadsheet (migration 0020, decision 0044):
 * remembered until `expires_at`, since the token is never stored.
 */
export interface GoogleEditProofsTable {
  /** users.id */
  owner_id: string;
  spreadsheet_id: string;
  /** ISO 8601; the proof counts before it, and the row is purged after it. */
  expires_at: string;
}

/** An access token ended by a logout (migration 0008): refused until it would have expired anyway. */
export interface RevokedAccessTokensTable {
  /** The token's `jti`. */
  jti: string;
  /** The token's own expiry (ISO 8601); the row is purged after it. */
  expires_at: string;
}

/** A visitor's support chat (migration 0009). `id` is the visitor's capability. */
export interface ChatSessionsTable {
  id: string;
  user_name: string;
  user_email: string;
  status: 'active' | 'closed';
  created_at: string;
  last_activity_at: string;
  last_message: string;
  last_message_at: string | null;
  total_messages: number;
  /** The seq of the newest message. */
  last_seq: number;
  /** The visitor's messages after the admins' read marker. */
  unread_count: number;
  /** The admins' read marker: visitor messages up to this seq were read. */
  admin_read_seq: number;
  /** When the visitor last polled or listened (written in batches); online within 10 s. */
  visitor_seen_at: string | null;
  admin_typing_until: string | null;
  closed_at: string | null;
}

/** One chat message; `seq` orders a session's messages. */
export interface ChatMessagesTable {
  id: string;
  session_id: string;
  seq: number;
  sender: 'user' | 'admin';
  text: string;
  created_at: string;
}

/** A message from the contact form (migration 0010); `read_at` is null while unread. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  created_at: string;
  read_at: string | null;
}

export interface Database {
  contact_messages: ContactMessagesTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  app_meta: AppMetaTable;
  forms: FormsTable;
  form_users: FormUsersTable;
  responses: ResponsesTable;
  uploads: UploadsTable;
  signature_images: SignatureImagesTable;
  form_templates: FormTemplatesTable;
  revoked_access_tokens: RevokedAccessTokensTable;
  google_edit_proofs: GoogleEditProofsTable;
  webhooks: WebhooksTable;
  deliveries: DeliveriesTable;
}
