import { type SignatureUploadResult, SUBMISSION_LIMITS } from '@sheetforms/contract';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import { checkPngHeader, isPng, PNG_LIMITS } from './png.js';
import { isSignatureKey, newSignatureKey, type SignatureStorage } from './signature-storage.js';
import {
  SIGNATURE_UPLOADS_PER_FORM_PER_HOUR,
  UNUSED_UPLOAD_LIFETIME_MS,
  UPLOAD_WINDOW_MS,
} from './upload-limits.js';
import type { UploadsRepository } from './uploads.repository.js';

export interface UploadsServiceDeps {
  access: Pick<FormAccessService, 'load' | 'requireAccepting' | 'authorizeRespondent'>;
  storage: SignatureStorage;
  uploads: UploadsRepository;
  /** PUBLIC_URL: signatures are answered as absolute URLs under it. */
  publicUrl: string;
  /**
   * reencodePng off the main thread: the re-encoded PNG, or undefined when the bytes do not decode.
   * `client` (the uploader's address key) is whose share of the worker pool it takes.
   */
  reencode: (png: Buffer, client: string) => Promise<Buffer | undefined>;
  now?: () => Date;
}

export const SIGNATURE_PATH = '/uploads/signatures/';

export const notPng = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Signature must be a PNG image');
export const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Signature image is too large');
const notDecodable = () => badRequest('INVALID_PNG', 'Signature image is not a valid PNG');

/**
 * The re-encoded image may be at most this large. A drawn signature comes out smaller than it went in;
 * an odd PNG that would grow past twice the upload cap is refused rather than stored.
 */
const MAX_STORED_BYTES = 2 * SUBMISSION_LIMITS.signatureBytesMax;

const PNG_HEADER_PROBLEMS = {
  malformed: () => badRequest('INVALID_PNG', 'Signature image is not a valid PNG (its header is damaged)'),
  'too-many-pixels': () =>
    badRequest(
      'SIGNATURE_TOO_LARGE',
      `Signature image is too large: at most ${PNG_LIMITS.maxSidePixels} x ${PNG_LIMITS.maxSidePixels} pixels`,
    ),
  'too-large-decoded': () =>
    badRequest(
      'SIGNATURE_TOO_LARGE',
      `Signature image is too large: at most ${PNG_LIMITS.maxDecodedBytes / 1024 / 1024} MB of pixels once decoded`,
    ),
} as const;

/** Signature images: upload for one form, serve by unguessable key, and tell whether a URL is ours. */
export function createUploadsService(deps: UploadsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const prefix = `${deps.publicUrl}${SIGNATURE_PATH}`;

  /** The key of a signature URL this server issues, or undefined for any other text. */
  function keyOf(url: string): string | undefined {
    if (!url.startsWith(prefix) || !url.endsWith('.png')) return undefined;
    const key = url.slice(prefix.length, -'.png'.length);
    return isSignatureKey(key) ? key : undefined;
  }

  /**
   * Stores the upload's row (with the size as uploaded) if the form took fewer than
   * SIGNATURE_UPLOADS_PER_FORM_PER_HOUR uploads in the last hour, from anyone; 429 otherwise. The row
   * holds the upload's place while its image is re-encoded (1-2 s at the largest), so uploads that arrive
   * together are counted together rather than all passing a count taken before any of them was stored.
   */
  async function reserveUpload(formRowId: string, key: string, bytes: number): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - UPLOAD_WINDOW_MS).toISOString();
    const row = { key, form_id: formRowId, bytes, created_at: at.toISOString() };
    if (await deps.uploads.insertUnderCap(row, { since, max: SIGNATURE_UPLOADS_PER_FORM_PER_HOUR })) return;
    // A slot frees when the oldest counted upload leaves the hour.
    const { oldest } = await deps.uploads.countSince(formRowId, since);
    const freesAt = (oldest ? Date.parse(oldest) : at.getTime()) + UPLOAD_WINDOW_MS;
    throw new HttpError(
      429,
      'RATE_LIMITED',
      'This form has taken too many signature uploads in the last hour. Please try again later.',
      undefined,
      Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000)),
    );
  }

  /**
   * The image decoded and encoded anew (png-reencode.ts): what is stored and served, never the client's
   * bytes. Decoding the largest accepted image takes 1-2 s, so it runs where deps.reencode puts it (the
   * server's worker threads), never on the main thread.
   */
  async function reencoded(png: Buffer, client: string): Promise<Buffer> {
    const out = await deps.reencode(png, client);
    if (out === undefined) throw notDecodable();
    if (out.length > MAX_STORED_BYTES) throw tooLarge();
    return out;
  }

  return {
    async uploadSignature(input: {
      formId: string;
      token: string | undefined;
      png: Buffer;
      /** The uploader's address key (client-address-key.ts). */
      client: string;
    }): Promise<SignatureUploadResult> {
      const form = await deps.access.load(input.formId);
      deps.access.requireAccepting(form);
      await deps.access.authorizeRespondent(form, input.token);
      if (form.settings.signatureEnabled !== 1) {
        throw badRequest('SIGNATURE_NOT_ENABLED', 'This form does not take signatures');
      }
      if (input.png.length > SUBMISSION_LIMITS.signatureBytesMax) throw tooLarge();
      if (!isPng(input.png)) throw notPng();
      // The header's limits first, so that no decompression bomb is ever decoded.
      const header = checkPngHeader(input.png);
      if (!header.ok) throw PNG_HEADER_PROBLEMS[header.reason]();
      // The row first, then the file: a file is never without its row while the upload runs, so the
      // orphan sweep (signature-files.ts) can never take a file that is still being uploaded. A row whose
      // image never comes (not decodable, or the store failed) is removed, and frees its place.
      const key = newSignatureKey();
      await reserveUpload(form.id, key, input.png.length);
      try {
        const png = await reencoded(input.png, input.client);
        if (png.length !== input.png.length) await deps.uploads.setBytes(key, png.length);
        await deps.storage.save(key, png);
      } catch (error) {
        await deps.uploads.delete(key).catch(() => undefined);
        throw error;
      }
      return { status: 'success', signature: `${prefix}${key}.png` };
    },

    /**
     * Whether `url` is a signature this server stored for the form (internal id) that a response may
     * carry: one a stored response uses, or an unused one younger than UNUSED_UPLOAD_LIFETIME_MS (older
     * ones are left to the sweep, which waits a grace period longer; upload-limits.ts).
     */
    async isIssuedFor(formRowId: string, url: string): Promise<boolean> {
      const key = keyOf(url);
      if (key === undefined) return false;
      const upload = await deps.uploads.findForForm(key, formRowId);
      if (!upload) return false;
      if (upload.kept === 1) return true;
      const expiresAt = Date.parse(upload.created_at) + UNUSED_UPLOAD_LIFETIME_MS;
      // Only an hour-old upload that the sweep has not yet marked pays this second read.
      return now().getTime() < expiresAt || (await deps.uploads.isUsed(key, upload.created_at));
    },

    /** The file of a signature whose form still exists; a deleted form's signatures are gone at once. */
    async read(key: string): Promise<Buffer | undefined> {
      if (!isSignatureKey(key) || !(await deps.uploads.liveKeys([key])).has(key)) return undefined;
      return deps.storage.read(key);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
