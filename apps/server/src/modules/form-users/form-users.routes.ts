import {
  AddFormUserBodySchema,
  DeleteFormUserBodySchema,
  envelope,
  FormUserWithPasswordSchema,
  ResetFormUserPasswordBodySchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { FormUsersService } from './form-users.service.js';

export interface FormUsersRoutesDeps {
  formUsers: FormUsersService;
  /** Runs on request, before the body is even parsed: strangers learn nothing, not even validation. */
  authenticate: onRequestAsyncHookHandler;
}

/** The spec's paths: POST /forms/add-user, /forms/delete-user and /forms/reset-user-password. */
export async function formUsersRoutes(app: FastifyInstance, deps: FormUsersRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['form-users'];
  const security = [{ bearerAuth: [] }];
  const onRequest = deps.authenticate;

  r.post(
    '/forms/add-user',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Authorize a user on a form; answers the generated password, this once',
        security,
        body: AddFormUserBodySchema,
        response: { 201: envelope(FormUserWithPasswordSchema) },
      },
    },
    async (request, reply) => {
      const added = await deps.formUsers.add(requireAuth(request).userId, request.body);
      return reply.code(201).send(ok(added, 'User added successfully!'));
    },
  );

  r.post(
    '/forms/delete-user',
    {
      onRequest,
      schema: {
        tags,
        summary: "Remove a form's authorized user",
        security,
        body: DeleteFormUserBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deps.formUsers.remove(requireAuth(request).userId, request.body);
      return ok(null, 'User removed successfully');
    },
  );

  r.post(
    '/forms/reset-user-password',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Give an authorized user a new generated password (the old one stops working)',
        security,
        body: ResetFormUserPasswordBodySchema,
        response: { 200: envelope(FormUserWithPasswordSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.formUsers.resetPassword(requireAuth(request).userId, request.body),
        'Password reset successfully',
      ),
  );
}
