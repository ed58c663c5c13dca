import { createHash } from 'node:crypto';
import { type SignatureUploadResult, SUBMISSION_LIMITS } from '@sheetforms/contract';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import { checkPngHeader, isPng, PNG_LIMITS } from './png.js';
import { isSignatureKey, newSignatureKey, type SignatureStorage } from './signature-storage.js';
import {
  RESPONSE_CLOCK_MARGIN_MS,
  SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR,
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

const FORM_FULL = 'This form has taken too many signature uploads in the last hour. Please try again later.';
const ADDRESS_FULL =
  'Too many signature uploads for this form from your network in the last hour. Please try again later.';

/**
 * What an upload row keeps of its uploader's address key (uploads.client): a digest, so that the table
 * holds no address in the clear, only what tells one address's uploads from another's. It is kept while
 * the upload is unused (70 minutes at most) and cleared when a response uses it.
 */
function clientDigest(client: string): string {
  return createHash('sha256')
    .update('sheetforms/signature-upload-client/v1\n')
    .update(client)
    .digest('base64url');
}

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
   * Stores the upload's row (with the size as uploaded) if the form holds fewer than
   * SIGNATURE_UPLOADS_PER_FORM_PER_HOUR uploads of the last hour that no response uses, from anyone, and
   * the uploader's address fewer than SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR of them; 429
   * otherwise. The row holds the upload's place while its image is re-encoded (1-2 s at the largest), so
   * uploads that arrive together are counted together rather than all passing a count taken before any of
   * them was stored.
   */
  async function reserveUpload(formRowId: string, key: string, bytes: number, client: string): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - UPLOAD_WINDOW_MS).toISOString();
    const digest = clientDigest(client);
    const row = { key, form_id: formRowId, bytes, created_at: at.toISOString(), client: digest };
    const cap = {
      since,
      max: SIGNATURE_UPLOADS_PER_FORM_PER_HOUR,
      maxPerClient: SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR,
    };
    if (await deps.uploads.insertUnderCap(row, cap)) return;
    // Whichever is full says so; a slot frees when the oldest upload it counts leaves the hour.
    const own = await deps.uploads.countSince(formRowId, since, digest);
    const addressFull = own.count >= SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR;
    const { oldest } = addressFull ? own : await deps.uploads.countSince(formRowId, since);
    const freesAt = (oldest ? Date.parse(oldest) : at.getTime()) + UPLOAD_WINDOW_MS;
    throw new HttpError(
      429,
      'RATE_LIMITED',
      addressFull ? ADDRESS_FULL : FORM_FULL,
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
      await reserveUpload(form.id, key, input.png.length, input.client);
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
     * Whether `url` is a signature this server stored for the form (internal id): one a stored response
     * uses, or an unused one younger than UNUSED_UPLOAD_LIFETIME_MS (older ones are left to the sweep, which
     * waits a grace period longer; upload-limits.ts). What a document may show as the form's signature.
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

    /**
     * Whether a new response of the form (internal id) may carry `url`: a signature this server stored for
     * the form, younger than UNUSED_UPLOAD_LIFETIME_MS, that no stored response uses. A signature belongs to
     * one response: its URL is written into the owner's sheet and sent to webhooks, and whoever reads it
     * there must not sign another response with it. A retry of the response that has it is answered with
     * that response (submissions.service.ts answers a refused submission's idempotency key), not refused.
     * The second read looks at the form's responses stored since the upload, less RESPONSE_CLOCK_MARGIN_MS:
     * for an upload made a moment before its submit, about a minute of them.
     */
    async isUnusedFor(formRowId: string, url: string): Promise<boolean> {
      const key = keyOf(url);
      if (key === undefined) return false;
      const upload = await deps.uploads.findForForm(key, formRowId);
      // Kept: a stored response uses it (the sweep, or a cap, found that response).
      if (!upload || upload.kept === 1) return false;
      if (now().getTime() >= Date.parse(upload.created_at) + UNUSED_UPLOAD_LIFETIME_MS) return false;
      return !(await deps.uploads.isUsed(key, upload.created_at, RESPONSE_CLOCK_MARGIN_MS));
    },

    /** The file of a signature whose form still exists; a deleted form's signatures are gone at once. */
    async read(key: string): Promise<Buffer | undefined> {
      if (!isSignatureKey(key) || !(await deps.uploads.liveKeys([key])).has(key)) return undefined;
      return deps.storage.read(key);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
