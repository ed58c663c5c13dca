import { envelope, FormLoginBodySchema, FormLoginResultSchema } from '@sheetforms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import type { FormAccessService } from './form-access.service.js';

export interface FormLoginRoutesDeps {
  access: FormAccessService;
  /** LOGIN_RATE_LIMIT_PER_MINUTE: attempts per IP and email; an IP gets 5 times that over all emails. */
  loginPerMinute: number;
}

const TOO_MANY = 'Too many login attempts. Please try again later.';

/** POST /user/form/login: a respondent's login to one login-protected form. */
export async function formLoginRoutes(app: FastifyInstance, deps: FormLoginRoutesDeps) {
  const limits = createPublicLimits(app, [
    { max: deps.loginPerMinute * 5, key: (request) => `login:${addressKey(request.ip)}`, message: TOO_MANY },
    {
      max: deps.loginPerMinute,
      key: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return typeof email === 'string'
          ? `login:${addressKey(request.ip)}:${email.trim().toLowerCase()}`
          : undefined;
      },
      message: TOO_MANY,
    },
  ]);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/user/form/login',
    {
      // After parsing (the email is in the body) and before validation, so malformed tries count too.
      preValidation: limits,
      schema: {
        tags: ['public-form'],
        summary: "A respondent's login to a login-protected form (the clientToken header grants nothing)",
        body: FormLoginBodySchema,
        response: { 200: envelope(FormLoginResultSchema) },
      },
    },
    async (request) => ok(await deps.access.login(request.body), 'Login successful!'),
  );
}
