import {
  CONTACT_MESSAGES,
  ContactMessagePatchSchema,
  ContactMessageSchema,
  ContactMessagesPageSchema,
  ContactMessagesQuerySchema,
  ContactSubmitBodySchema,
  envelope,
} from '@sheetforms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAdminOnly } from '../../http/authenticate.js';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import type { ContactService } from './contact.service.js';

export interface ContactRoutesDeps {
  contact: ContactService;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Whether the user is an Admin now (the users table), beside the token's role claim. */
  isAdmin(userId: string): Promise<boolean>;
  /** Contact messages one address may send per minute. */
  perMinute: number;
}

const tags = ['contact'];
const MessageParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a message id'),
});

/**
 * POST /contact/submit (public: validated, honeypot, per-address limit) and the Admins' inbox
 * (`/contact/messages`: 401 without a token, 403 for anyone but an Admin).
 */
export async function contactRoutes(app: FastifyInstance, deps: ContactRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const submitLimits = createPublicLimits(app, [
    {
      max: deps.perMinute,
      key: (request) => `contact:${addressKey(request.ip)}`,
      message: 'Too many messages from this address. Please try again in a minute.',
    },
  ]);
  const adminOnly = createAdminOnly(deps.authenticate, deps.isAdmin);
  const security = [{ bearerAuth: [] }];

  r.post(
    '/contact/submit',
    {
      onRequest: submitLimits,
      schema: {
        tags,
        summary: 'Send a message to the SheetForms team',
        description: 'The same reply whether the message was stored or discarded by the honeypot.',
        body: ContactSubmitBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deps.contact.submit(request.body);
      return ok(null, CONTACT_MESSAGES.success);
    },
  );

  r.get(
    '/contact/messages',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Contact messages, newest first (keyset pages)',
        security,
        querystring: ContactMessagesQuerySchema,
        response: { 200: envelope(ContactMessagesPageSchema) },
      },
    },
    async (request) => ok(await deps.contact.list(request.query.limit, request.query.cursor)),
  );

  r.patch(
    '/contact/messages/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Mark a contact message read or unread',
        security,
        params: MessageParamsSchema,
        body: ContactMessagePatchSchema,
        response: { 200: envelope(ContactMessageSchema) },
      },
    },
    async (request) => ok(await deps.contact.setRead(request.params.id, request.body.read)),
  );

  r.delete(
    '/contact/messages/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Delete a contact message',
        security,
        params: MessageParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deps.contact.remove(request.params.id);
      return ok(null, 'Message deleted');
    },
  );
}
