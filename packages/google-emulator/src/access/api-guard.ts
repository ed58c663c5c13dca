import type { FastifyRequest } from 'fastify';
import type { FaultInjector } from '../faults/faults.js';
import type { IdentityStore } from '../identity/identity-store.js';
import type { QuotaTracker } from '../quota/quota.js';
import {
  authenticate,
  type Caller,
  type GoogleService,
  quotaUserOf,
  requireCallKind,
} from './access-control.js';

/** What every Google API call checks. */
export interface ApiGuardDeps {
  apiKeys: readonly string[];
  identity: IdentityStore;
  quota: QuotaTracker;
  faults: FaultInjector;
}

/** One API call's requirements. */
export interface ApiCallSpec {
  kind: 'read' | 'write';
  service: GoogleService;
  scopes: readonly string[];
}

/**
 * The checks in front of every Sheets, Drive and Docs call, in Google's order: injected faults (they stand
 * for the network and the front end), credentials, the method's scopes and write permission, then quota
 * (Sheets only). File-level sharing is checked by the handler once it has found the file.
 */
export async function guardApiCall(
  request: FastifyRequest,
  deps: ApiGuardDeps,
  spec: ApiCallSpec,
): Promise<Caller> {
  await deps.faults.before(spec.kind);
  const caller = authenticate(request, {
    apiKeys: deps.apiKeys,
    identity: deps.identity,
    service: spec.service,
  });
  requireCallKind(caller, spec.kind, spec.scopes, spec.service);
  if (spec.service === 'sheets.googleapis.com') deps.quota.take(quotaUserOf(caller), spec.kind);
  return caller;
}
