import multipart from '@fastify/multipart';
import {
  envelope,
  hasNulCharacter,
  NUL_TEXT_MESSAGE,
  SignatureUploadResultSchema,
  SUBMISSION_LIMITS,
} from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import { bearerToken } from '../form-access/form-access.service.js';
import { isSignatureKey } from './signature-storage.js';
import { tooLarge, type UploadsService } from './uploads.service.js';

export interface SignatureUploadRoutesDeps {
  uploads: UploadsService;
  /** PUBLIC_RATE_LIMIT_PER_MINUTE: uploads per IP and form; an IP gets 5 times that over all forms. */
  publicPerMinute: number;
}

const FILE_FIELD = 'signature';
const FORM_ID_FIELD = 'formId';

/** Multipart errors of @fastify/multipart and busboy, as the respondent should read them. */
function multipartProblem(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Send one signature file only');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the signature as multipart/form-data');
    default:
      // Anything else here is the request's own fault: a missing boundary, a cut-off body, bad headers.
      return badRequest('INVALID_MULTIPART', 'The upload is not valid multipart/form-data');
  }
}

/** Reads `formId` (text) and `signature` (file, buffered up to the size cap); anything else is refused. */
async function readSignatureUpload(request: FastifyRequest) {
  let formId: string | undefined;
  let png: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === FILE_FIELD) {
        png = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === FORM_ID_FIELD) {
        if (part.valueTruncated) throw badRequest('VALIDATION_FAILED', 'formId is too long');
        formId = typeof part.value === 'string' ? part.value.trim() : '';
        // The API's NUL guard sees parsed JSON only; multipart text is checked here, by the same rule.
        if (hasNulCharacter(formId)) throw badRequest('VALIDATION_FAILED', `formId: ${NUL_TEXT_MESSAGE}`);
      } else {
        if (part.type === 'file') part.file.resume();
        throw badRequest('VALIDATION_FAILED', `Unknown field: ${part.fieldname}`);
      }
    }
  } catch (error) {
    throw multipartProblem(error);
  }
  return { formId, png };
}

/** POST /forms/submit-signature, in its own scope: the only route of the API that takes multipart. */
export async function signatureUploadRoutes(api: FastifyInstance, deps: SignatureUploadRoutesDeps) {
  await api.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        files: 1,
        fileSize: SUBMISSION_LIMITS.signatureBytesMax,
        fields: 2,
        parts: 3,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    const formIds = new WeakMap<FastifyRequest, string>();
    const perIp = createPublicLimits(scope, [
      { max: deps.publicPerMinute * 5, key: (request) => `signature:${addressKey(request.ip)}` },
    ]);
    const perForm = createPublicLimits(scope, [
      {
        max: deps.publicPerMinute,
        key: (request) => {
          const formId = formIds.get(request);
          return formId === undefined ? undefined : `signature:${addressKey(request.ip)}:${formId}`;
        },
      },
    ]);

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/forms/submit-signature',
      {
        onRequest: perIp,
        schema: {
          tags: ['public-form'],
          summary: 'Upload a signature (PNG) for a form; answers its URL for submit-form',
          description:
            'multipart/form-data: `formId` (text, first), `signature` (PNG file, at most 512 KiB). ' +
            'A login-protected form needs `Authorization: Bearer {formUserToken}`.',
          consumes: ['multipart/form-data'],
          response: { 201: envelope(SignatureUploadResultSchema) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the signature as multipart/form-data');
        }
        const { formId, png } = await readSignatureUpload(request);
        if (!formId) throw badRequest('VALIDATION_FAILED', 'Missing form ID');
        formIds.set(request, formId);
        await perForm(request, reply);
        if (!png) throw badRequest('VALIDATION_FAILED', 'Signature file is required');
        const result = await deps.uploads.uploadSignature({
          formId,
          token: bearerToken(request.headers.authorization),
          png,
          client: addressKey(request.ip),
        });
        return reply.code(201).send(ok(result, 'Signature uploaded successfully'));
      },
    );
  });
}

const SignatureFileParamsSchema = z.object({ file: z.string().max(100) });

/** GET /uploads/signatures/{key}.png: public by unguessable name; any other name is a 404 problem. */
export async function signatureFileRoutes(app: FastifyInstance, deps: { uploads: UploadsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/uploads/signatures/:file',
      { schema: { hide: true, params: SignatureFileParamsSchema } },
      async (request, reply) => {
        const key = request.params.file.match(/^([0-9a-f]{32})\.png$/)?.[1];
        const png = key && isSignatureKey(key) ? await deps.uploads.read(key) : undefined;
        if (!png) throw notFound('Signature not found');
        // Not immutable: a signature must stop being served when its form is deleted. Private, so no
        // shared cache keeps a copy of a person's signature; an hour, so a page of responses does not
        // fetch it again and again (docs/security.md, "Signature files").
        return reply
          .type('image/png')
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(png);
      },
    );
}
