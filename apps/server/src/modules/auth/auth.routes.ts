import {
  type AuthConfig,
  AuthConfigSchema,
  envelope,
  GoogleSignInBodySchema,
  LogoutBodySchema,
  PROFILE_MESSAGES,
  RefreshBodySchema,
  SignInResultSchema,
  TokenPairSchema,
  UpdateProfileBodySchema,
  UserSchema,
} from '@sheetforms/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf, requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/http-error.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  authenticate: preHandlerAsyncHookHandler;
  authConfig: AuthConfig;
  /** Sign-in and refresh are public and worth brute-forcing, so they get their own budget. */
  signInRateLimit: { max: number; timeWindow: number };
}

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const publicLimit = { rateLimit: deps.signInRateLimit };

  r.get(
    '/auth/config',
    {
      schema: {
        tags,
        summary: 'How the web app should start Google sign-in',
        response: { 200: envelope(AuthConfigSchema) },
      },
    },
    async () => ok(deps.authConfig),
  );

  r.post(
    '/auth/google',
    {
      config: publicLimit,
      schema: {
        tags,
        summary: 'Exchange a Google ID token for a session',
        body: GoogleSignInBodySchema,
        response: { 200: envelope(SignInResultSchema) },
      },
    },
    async (request) =>
      ok(await deps.auth.signInWithGoogle(request.body.idToken), 'Google sign-in successful'),
  );

  r.post(
    '/auth/refresh',
    {
      config: publicLimit,
      schema: {
        tags,
        summary: 'Rotate a refresh token',
        body: RefreshBodySchema,
        response: { 200: envelope(TokenPairSchema) },
      },
    },
    async (request) => ok(await deps.auth.refresh(request.body.refreshToken)),
  );

  r.post(
    '/auth/logout',
    {
      config: publicLimit,
      schema: {
        tags,
        summary: 'End the session of a refresh token, and the access token sent with the call',
        body: LogoutBodySchema.optional(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deps.auth.logout(request.body?.refreshToken, bearerTokenOf(request));
      return ok(null, 'Logged out successfully');
    },
  );

  r.get(
    '/auth/profile',
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request) => ok(await deps.auth.getProfile(requireAuth(request).userId)),
  );

  r.put(
    '/auth/profile',
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        summary: "Change the signed-in user's name",
        security: [{ bearerAuth: [] }],
        body: UpdateProfileBodySchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.auth.updateProfile(requireAuth(request).userId, request.body.name),
        'Profile updated successfully',
      ),
  );

  // Owners sign in with Google only: there is no SheetForms password. The call exists (spec 000 section 7)
  // and always answers why, for a signed-in caller, whatever password fields it sends.
  r.put(
    '/auth/change-password',
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        summary: 'Always 400: accounts sign in with Google and have no SheetForms password',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordBodySchema,
      },
    },
    async (request) => {
      requireAuth(request);
      throw badRequest('GOOGLE_ACCOUNT_PASSWORD', PROFILE_MESSAGES.googlePassword);
    },
  );
}

/** Whatever password fields a client sends (the spec does not show them); bounded, never read. */
const ChangePasswordBodySchema = z
  .record(z.string().max(100), z.string().max(1024))
  .refine((body) => Object.keys(body).length <= 10, 'Too many fields')
  .nullish();
