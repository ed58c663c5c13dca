import {
  createKeysetCursorCodec,
  type KeysetCursor,
  type KeysetCursorCodec,
} from '../../http/keyset-cursor.js';

/** A position in the inbox's newest-first order: the last message of the previous page. */
export type ContactCursor = KeysetCursor;
export type ContactCursorCodec = KeysetCursorCodec;

/** Inbox cursors, signed under a key of their own (http/keyset-cursor.ts). */
export function createContactCursorCodec(secret: string): ContactCursorCodec {
  return createKeysetCursorCodec(secret, 'sheetforms/contact-cursor/v1');
}
