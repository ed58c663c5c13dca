import path from 'node:path';
import { ServiceAccountRegistry } from './access/service-accounts.js';
import { DocumentStore } from './docs/document-store.js';
import type { EmulatorConfig } from './emulator-options.js';
import { FaultInjector } from './faults/faults.js';
import { BrowserSessions } from './identity/browser-sessions.js';
import { ConsentStore } from './identity/consent-store.js';
import { createIdTokenSigner, type IdTokenSigner } from './identity/id-tokens.js';
import { IdentityStore } from './identity/identity-store.js';
import { QuotaTracker } from './quota/quota.js';
import { SeedService } from './seed/seed-service.js';
import { SpreadsheetStore } from './sheets/spreadsheet-store.js';
import { loadOrCreateSigningKey, type SigningKey } from './signing-key.js';
import { EmulatorState } from './state/emulator-state.js';

/** The emulator's core, shared by every route: state on disk, keys, stores and the test knobs. */
export interface EmulatorServices {
  config: EmulatorConfig;
  state: EmulatorState;
  signingKey: SigningKey;
  identity: IdentityStore;
  idTokens: IdTokenSigner;
  /** Which scopes each account allowed each client (the consent screen's memory). */
  consents: ConsentStore;
  /** Which account each browser is signed in with (cookie sessions, in memory). */
  sessions: BrowserSessions;
  spreadsheets: SpreadsheetStore;
  documents: DocumentStore;
  serviceAccounts: ServiceAccountRegistry;
  quota: QuotaTracker;
  faults: FaultInjector;
  seed: SeedService;
}

/**
 * Opens the state directory, loads (or creates) the signing key and the stores, and seeds the demo data on
 * first start. The service-account key file needs the token URL, so it is written by {@link startServices}.
 */
export async function openEmulatorServices(config: EmulatorConfig): Promise<EmulatorServices> {
  const state = await EmulatorState.open(config.dataDir);
  const signingKey = await loadOrCreateSigningKey(state);
  const identity = await IdentityStore.open(state, config.now);
  const consents = await ConsentStore.open(state);
  const idTokens = createIdTokenSigner({
    signingKey,
    issuer: config.issuer,
    clientId: config.clientId,
    now: config.now,
  });
  const spreadsheets = await SpreadsheetStore.open(path.join(state.directory, 'spreadsheets'));
  const documents = await DocumentStore.open(path.join(state.directory, 'documents'));
  const serviceAccounts = await ServiceAccountRegistry.open(state);
  const seed = await SeedService.open(state, spreadsheets, documents);
  if (config.seed) await seed.seedOnFirstStart();
  return {
    config,
    state,
    signingKey,
    identity,
    idTokens,
    consents,
    sessions: new BrowserSessions(),
    spreadsheets,
    documents,
    serviceAccounts,
    quota: new QuotaTracker(config.quota, config.now),
    faults: new FaultInjector(),
    seed,
  };
}

/** Once the issuer is known: makes sure the service-account key file exists and names `{issuer}/token`. */
export async function startServices(services: EmulatorServices): Promise<void> {
  await services.serviceAccounts.ensureDefaultKeyFile(`${services.config.issuer()}/token`);
}
