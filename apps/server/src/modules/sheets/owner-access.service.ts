import type { FastifyBaseLogger } from 'fastify';
import type { DriveClient } from '../../google/drive-client.js';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { SheetsClient } from '../../google/sheets-client.js';
import type { SpreadsheetProbes } from '../../google/spreadsheet-probes.js';
import { isIssuedTo, type TokenInfoClient } from '../../google/token-info.js';
import type { GoogleEditProofsRepository } from './google-edit-proofs.repository.js';
import { DecisionCache, editAccessFrom, isPlausibleAccessToken, type OwnerAccess } from './owner-access.js';
import { noOwnerAccessProblem, sheetsProblem } from './sheet-messages.js';

export interface OwnerAccessDeps {
  drive: Pick<DriveClient, 'listPermissions' | 'canEditWithUserToken'>;
  /**
   * Google's tokeninfo, asked before an owner's own token is used: Drive answers any app's token, so only
   * one Google issued to `clientId` (the web app's token client) may prove edit access.
   */
  tokenInfo: Pick<TokenInfoClient, 'lookup'>;
  /** Our OAuth client id (GOOGLE_CLIENT_ID, or the local one). */
  clientId: string;
  /** The API key's read: it opens link-shared spreadsheets, which tells viewing, never editing. */
  probes: Pick<SpreadsheetProbes, 'opensWithApiKey'>;
  /** The service account's own read, to tell a spreadsheet it cannot open from one it cannot list. */
  sheets: Pick<SheetsClient, 'getSpreadsheet'>;
  /** Without a service account the server reaches link-shared spreadsheets only: nothing to check. */
  hasServiceAccount: boolean;
  hasApiKey: boolean;
  /**
   * Where proofs by the owner's own token are remembered (decision 0044); without it a proof counts for
   * the request that brought the token only.
   */
  proofs?: Pick<GoogleEditProofsRepository, 'remember' | 'holds' | 'forget'>;
  /** The signed-in owner's email, verified by Google at sign-in. */
  ownerEmail: (ownerId: string) => Promise<string | undefined>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Milliseconds. */
  now?: () => number;
  cache?: { grantedTtlMs?: number; deniedTtlMs?: number; maxEntries?: number };
}

/**
 * How long a proof by the owner's own token counts without the token (decision 0044): as long as the
 * browser keeps that token (GOOGLE_TOKEN_VALIDITY_MS), so an owner is asked again about once a month.
 */
export const OWN_TOKEN_PROOF_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What an owner may offer besides their email: their own Google access token with a Drive scope (never
 * stored or logged).
 */
export interface OwnerProof {
  googleAccessToken?: string | undefined;
}

export interface DecideOptions extends OwnerProof {
  /** Skip the cache (the Sheet Status check, which must notice access that was taken away). */
  fresh?: boolean;
}

/**
 * Whether the signed-in owner can edit a spreadsheet themselves, so that the one shared service account
 * never lets an owner write into someone else's spreadsheet, nor into one they may only view
 * (docs/security.md, decision 0022). In order:
 * 1. Drive's files.get with their own Google token answers capabilities.canEdit (remembered 30 days, so
 *    owners who edit through a Google group, a Workspace domain or a shared drive show it once: decision
 *    0044), or such a proof of theirs for this spreadsheet has not ended. Only a token Google issued to our
 *    own OAuth client counts (tokeninfo): a token another app holds, even one that may only read Drive's
 *    metadata, would otherwise let the service account read and write whatever it opens;
 * 2. its Drive permissions (read with the service account) give their email an editing role, or link
 *    sharing edits;
 * 3. otherwise they are refused; the API key, which opens link-shared spreadsheets, only tells that they
 *    may view it (for the refusal's wording).
 * A spreadsheet the service account can neither list nor open is 'unreachable': binding it is allowed
 * (nothing can be read or written; see docs/security.md), the Sheet Status shows Setup Required, and the
 * sheet sync proves edit access before its first write.
 * Decisions are kept briefly per (owner, spreadsheet), so preview, metadata and create cost one look-up.
 */
export function createOwnerAccessService(deps: OwnerAccessDeps) {
  const now = deps.now ?? Date.now;
  const cache = new DecisionCache({
    grantedTtlMs: deps.cache?.grantedTtlMs ?? 60_000,
    deniedTtlMs: deps.cache?.deniedTtlMs ?? 5_000,
    maxEntries: deps.cache?.maxEntries ?? 5_000,
    now,
  });

  /**
   * Whether Google issued the token to our OAuth client (tokeninfo). A token it calls invalid (expired,
   * revoked), one of another app, and Google failing to answer (logged) are all not ours: it fails closed.
   */
  async function issuedToUs(token: string): Promise<boolean> {
    try {
      const info = await deps.tokenInfo.lookup(token);
      return info !== undefined && isIssuedTo(info, deps.clientId);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      // The message names the endpoint only; the token went in the request body.
      deps.log?.warn(
        { err: error, code: error.code },
        "Checking whom an owner's Google token was issued to failed",
      );
      return false;
    }
  }

  /**
   * What Drive says their own token may do: edit, view (canEdit false), none (Drive answers 404: that
   * account cannot see the file at all), or nothing it can tell (undefined). A token Google did not issue
   * to our client proves nothing and is never sent to Drive.
   */
  async function ownTokenAccess(
    spreadsheetId: string,
    token: string | undefined,
  ): Promise<'edit' | 'view' | 'none' | undefined> {
    if (!token || !isPlausibleAccessToken(token)) return undefined;
    if (!(await issuedToUs(token))) return undefined;
    try {
      return (await deps.drive.canEditWithUserToken(spreadsheetId, token)) ? 'edit' : 'view';
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      // Drive hides a file from an account that may not open it: such a token shows less than editing.
      if (error.code === 'NOT_FOUND') return 'none';
      // Expired, without a Drive scope (403) or Google down: the token proves nothing, the other ways
      // still may.
      return undefined;
    }
  }

  /** true when Google refused the call as missing or not shared, false when it answered; throws otherwise. */
  async function refusedAsMissingOrPrivate(call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return false;
    } catch (error) {
      if (
        error instanceof GoogleApiError &&
        (error.code === 'NOT_FOUND' || error.code === 'PERMISSION_DENIED')
      )
        return true;
      throw error;
    }
  }

  /**
   * Whether an earlier proof by their own token still counts; a token of theirs that now only views the
   * spreadsheet, or cannot see it, ends it.
   */
  async function earlierProof(
    ownerId: string,
    spreadsheetId: string,
    byToken: 'view' | 'none' | undefined,
  ): Promise<boolean> {
    if (!deps.proofs) return false;
    if (byToken !== undefined) {
      await deps.proofs.forget(ownerId, spreadsheetId);
      return false;
    }
    return deps.proofs.holds(ownerId, spreadsheetId, new Date(now()).toISOString());
  }

  async function evaluate(ownerId: string, spreadsheetId: string, proof: OwnerProof): Promise<OwnerAccess> {
    const byToken = await ownTokenAccess(spreadsheetId, proof.googleAccessToken);
    if (byToken === 'edit') {
      const at = now();
      await deps.proofs?.remember(
        ownerId,
        spreadsheetId,
        new Date(at + OWN_TOKEN_PROOF_TTL_MS).toISOString(),
        new Date(at).toISOString(),
      );
      return { kind: 'granted', via: 'own-token' };
    }
    // Before Drive's permissions: a look-up here costs no Google call.
    if (await earlierProof(ownerId, spreadsheetId, byToken))
      return { kind: 'granted', via: 'own-token-earlier' };
    const ownerEmail = (await deps.ownerEmail(ownerId))?.trim().toLowerCase() || undefined;
    const denied = (canView: boolean): OwnerAccess => ({
      kind: 'denied',
      ownerEmail,
      canView: canView || byToken === 'view',
    });
    let driveCode: 'NOT_FOUND' | 'PERMISSION_DENIED';
    try {
      const verdict = editAccessFrom(await deps.drive.listPermissions(spreadsheetId), ownerEmail);
      return verdict.kind === 'edit'
        ? { kind: 'granted', via: verdict.via }
        : denied(verdict.kind === 'view');
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      if (error.code !== 'NOT_FOUND' && error.code !== 'PERMISSION_DENIED') throw error;
      driveCode = error.code;
    }
    // Drive's 403: the service account may see it but not its sharing; 404: it cannot see it at all (or
    // nothing has that id). The API key opens link-shared spreadsheets: that proves viewing, never editing
    // (Google tells a key nothing about whether the link edits), so it only words the refusal.
    if (
      deps.hasApiKey &&
      (await refusedAsMissingOrPrivate(() => deps.probes.opensWithApiKey(spreadsheetId))) === false
    )
      return denied(true);
    if (driveCode === 'PERMISSION_DENIED') return denied(false);
    // Only a spreadsheet the service account cannot open either may be bound unproven: nothing can be
    // read or written through it, the Sheet Status asks its owner to share it with the service account,
    // and the sheet sync proves edit access before it writes.
    const opens =
      (await refusedAsMissingOrPrivate(() => deps.sheets.getSpreadsheet(spreadsheetId))) === false;
    return opens ? denied(false) : { kind: 'unreachable', ownerEmail };
  }

  async function decide(
    ownerId: string,
    spreadsheetId: string,
    options: DecideOptions = {},
  ): Promise<OwnerAccess> {
    if (!deps.hasServiceAccount) return { kind: 'granted', via: 'no-service-account' };
    if (!options.fresh) {
      const cached = cache.get(ownerId, spreadsheetId);
      if (cached) {
        const decision = await cached.catch(() => undefined);
        // A token is always asked: a refusal is not final for an owner who brings one, and a token that
        // now shows less than editing must end a remembered proof at once.
        if (decision && !options.googleAccessToken) return decision;
      }
    }
    const decision = evaluate(ownerId, spreadsheetId, options);
    cache.set(ownerId, spreadsheetId, decision);
    return decision;
  }

  return {
    decide,

    /**
     * Binding (preview, metadata, create, sheet settings): answers the decision when the owner may bind
     * the spreadsheet (granted: they can edit it; or unreachable: the service account cannot open it, so
     * a read fails with today's sharing advice and the sheet sync proves edit access before it writes),
     * otherwise throws the problem to answer: 403 NO_OWNER_ACCESS (someone else's, or one they may only
     * view), or Google's unavailability (the check fails closed).
     */
    async requireForBinding(
      ownerId: string,
      spreadsheetId: string,
      proof: OwnerProof = {},
    ): Promise<Exclude<OwnerAccess, { kind: 'denied' }>> {
      let decision: OwnerAccess;
      try {
        decision = await decide(ownerId, spreadsheetId, proof);
      } catch (error) {
        if (!(error instanceof GoogleApiError)) throw error;
        if (
          error.code === 'UNAVAILABLE' ||
          error.code === 'RATE_LIMITED' ||
          error.code === 'INVALID_REQUEST'
        ) {
          deps.log?.warn({ err: error, code: error.code }, 'Checking spreadsheet access failed');
        }
        throw sheetsProblem(error.code, {});
      }
      if (decision.kind === 'denied') throw noOwnerAccessProblem(decision.ownerEmail, decision.canView);
      return decision;
    },
  };
}

export type OwnerAccessService = ReturnType<typeof createOwnerAccessService>;
