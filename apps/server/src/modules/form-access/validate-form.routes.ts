import { envelope, PublicFormSchema, ValidateFormQuerySchema } from '@sheetforms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { bearerToken, type FormAccessService } from './form-access.service.js';

/** GET /forms/validate-form?formId= : what the public form page shows, and nothing else of the owner's. */
export async function validateFormRoutes(app: FastifyInstance, deps: { access: FormAccessService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/forms/validate-form',
    {
      schema: {
        tags: ['public-form'],
        summary: 'A public form: name, description, public settings and visible fields',
        description: 'A login-protected form needs `Authorization: Bearer {formUserToken}`.',
        querystring: ValidateFormQuerySchema,
        response: { 200: envelope(PublicFormSchema) },
      },
    },
    async (request) =>
      ok(await deps.access.validateForm(request.query.formId, bearerToken(request.headers.authorization))),
  );
}
