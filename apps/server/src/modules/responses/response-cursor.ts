import {
  createKeysetCursorCodec,
  type KeysetCursor,
  type KeysetCursorCodec,
} from '../../http/keyset-cursor.js';

/** A position in the responses' newest-first order: the last response of the previous page. */
export type ResponseCursor = KeysetCursor;
export type CursorCodec = KeysetCursorCodec;

/** Responses cursors, signed under a key of their own (http/keyset-cursor.ts). */
export function createCursorCodec(secret: string): CursorCodec {
  return createKeysetCursorCodec(secret, 'sheetforms/response-cursor/v1');
}
