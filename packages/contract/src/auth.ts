import { z } from 'zod';

export const ROLES = ['User', 'Admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.email(),
    role: RoleSchema,
    /** When the account was created (ISO 8601): the profile's 'member since'. The server always sends it. */
    createdAt: z.string().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const GoogleSignInBodySchema = z.strictObject({
  idToken: z.string().min(1, 'idToken is required').max(8192),
});
export type GoogleSignInBody = z.infer<typeof GoogleSignInBodySchema>;

export const TokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const SignInResultSchema = TokenPairSchema.extend({ user: UserSchema }).meta({ id: 'SignInResult' });
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const RefreshBodySchema = z.strictObject({
  refreshToken: z.string().min(1, 'refreshToken is required').max(512),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

/** The refresh token is optional on logout: a client that lost it can still end its session locally. */
export const LogoutBodySchema = z.strictObject({
  refreshToken: z.string().min(1).max(512).optional(),
});
export type LogoutBody = z.infer<typeof LogoutBodySchema>;

export const UpdateProfileBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/**
 * What the web app needs to start the sign-in popup. One build of the web app serves both modes:
 * it asks the server which identity provider to open.
 */
export const AuthConfigSchema = z
  .object({
    mode: z.enum(['local', 'google']),
    googleClientId: z.string(),
    authorizationEndpoint: z.url(),
    scopes: z.array(z.string()),
    /**
     * Where the browser reaches Google for document templates with the owner's own token: the Google
     * Identity Services script (its token client), and the Docs, Sheets and Drive API bases. Google's in
     * Google mode, the local emulator's in local mode.
     */
    googleApis: z.object({
      tokenClientScriptUrl: z.url(),
      docsApiUrl: z.url(),
      sheetsApiUrl: z.url(),
      driveApiUrl: z.url(),
      scopes: z.array(z.string()),
    }),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  mode: z.enum(['local', 'google']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
