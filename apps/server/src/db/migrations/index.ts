import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-users-and-sessions.js';
import * as m0002 from './0002-forms.js';
import * as m0003 from './0003-uploads.js';
import * as m0004 from './0004-sheet-sync.js';
import * as m0005 from './0005-templates-and-response-pages.js';
import * as m0006 from './0006-account-binding-and-token-versions.js';
import * as m0007 from './0007-sheet-binding.js';
import * as m0008 from './0008-revoked-access-tokens.js';
import * as m0009 from './0009-chat.js';
import * as m0010 from './0010-contact-messages.js';
import * as m0011 from './0011-sync-claim-index.js';
import * as m0012 from './0012-submission-indexes.js';
import * as m0013 from './0013-signature-images.js';
import * as m0014 from './0014-edit-access-proof.js';
import * as m0015 from './0015-upload-expiry.js';
import * as m0016 from './0016-field-ids.js';
import * as m0017 from './0017-respondent-email.js';
import * as m0018 from './0018-deliveries.js';
import * as m0019 from './0019-receipts-digests.js';
import * as m0020 from './0020-google-edit-proofs.js';
import * as m0021 from './0021-upload-client.js';
import * as m0022 from './0022-refresh-token-expiry-index.js';
import * as m0023 from './0023-receipt-mailboxes.js';
import * as m0024 from './0024-forget-unchecked-google-proofs.js';

/**
 * Migrations are imported statically (not read from a folder) so they work the same from
 * TypeScript sources, from the compiled build and inside any bundler. Append new ones; never edit old ones.
 */
const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-forms': m0002,
  '0003-uploads': m0003,
  '0004-sheet-sync': m0004,
  '0005-templates-and-response-pages': m0005,
  '0006-account-binding-and-token-versions': m0006,
  '0007-sheet-binding': m0007,
  '0008-revoked-access-tokens': m0008,
  '0009-chat': m0009,
  '0010-contact-messages': m0010,
  '0011-sync-claim-index': m0011,
  '0012-submission-indexes': m0012,
  '0013-signature-images': m0013,
  '0014-edit-access-proof': m0014,
  '0015-upload-expiry': m0015,
  '0016-field-ids': m0016,
  '0017-respondent-email': m0017,
  '0018-deliveries': m0018,
  '0019-receipts-digests': m0019,
  '0020-google-edit-proofs': m0020,
  '0021-upload-client': m0021,
  '0022-refresh-token-expiry-index': m0022,
  '0023-receipt-mailboxes': m0023,
  '0024-forget-unchecked-google-proofs': m0024,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
