import { type SignatureUploadResult, SUBMISSION_LIMITS } from '@sheetforms/contract';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import { checkPngHeader, isPng, PNG_LIMITS } from './png.js';
import { isSignatureKey, newSignatureKey, type SignatureStorage } from './signature-storage.js';
import type { UploadsRepository } from './uploads.repository.js';

export interface UploadsServiceDeps {
  access: Pick<FormAccessService, 'load' | 'requireAccepting' | 'authorizeRespondent'>;
  storage: SignatureStorage;
  uploads: UploadsRepository;
  /** PUBLIC_URL: signatures are answered as absolute URLs under it. */
  publicUrl: string;
  now?: () => Date;
}

export const SIGNATURE_PATH = '/uploads/signatures/';

export const notPng = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Signature must be a PNG image');
export const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Signature image is too large');

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

  return {
    async uploadSignature(input: {
      formId: string;
      token: string | undefined;
      png: Buffer;
    }): Promise<SignatureUploadResult> {
      const form = await deps.access.load(input.formId);
      deps.access.requireAccepting(form);
      await deps.access.authorizeRespondent(form, input.token);
      if (form.settings.signatureEnabled !== 1) {
        throw badRequest('SIGNATURE_NOT_ENABLED', 'This form does not take signatures');
      }
      if (input.png.length > SUBMISSION_LIMITS.signatureBytesMax) throw tooLarge();
      if (!isPng(input.png)) throw notPng();
      const header = checkPngHeader(input.png);
      if (!header.ok) throw PNG_HEADER_PROBLEMS[header.reason]();
      // The row first, then the file: a file is never without its row while the upload runs, so the
      // orphan sweep (signature-files.ts) can never take a file that is still being uploaded.
      const key = newSignatureKey();
      await deps.uploads.insert({
        key,
        form_id: form.id,
        bytes: input.png.length,
        created_at: now().toISOString(),
      });
      try {
        await deps.storage.save(key, input.png);
      } catch (error) {
        await deps.uploads.delete(key).catch(() => undefined);
        throw error;
      }
      return { status: 'success', signature: `${prefix}${key}.png` };
    },

    /** Whether `url` is a signature this server stored for the form (internal id). */
    async isIssuedFor(formRowId: string, url: string): Promise<boolean> {
      const key = keyOf(url);
      return key !== undefined && (await deps.uploads.existsForForm(key, formRowId));
    },

    /** The file of a signature whose form still exists; a deleted form's signatures are gone at once. */
    async read(key: string): Promise<Buffer | undefined> {
      if (!isSignatureKey(key) || !(await deps.uploads.liveKeys([key])).has(key)) return undefined;
      return deps.storage.read(key);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
