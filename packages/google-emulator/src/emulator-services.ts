import type { EmulatorConfig } from './emulator-options.js';
import { createIdTokenSigner, type IdTokenSigner } from './identity/id-tokens.js';
import { IdentityStore } from './identity/identity-store.js';
import { loadOrCreateSigningKey, type SigningKey } from './signing-key.js';
import { EmulatorState } from './state/emulator-state.js';

/** The emulator's core, shared by every route: state on disk, the signing key and the token signer. */
export interface EmulatorServices {
  config: EmulatorConfig;
  state: EmulatorState;
  signingKey: SigningKey;
  identity: IdentityStore;
  idTokens: IdTokenSigner;
}

/** Opens the state directory and loads (or creates) the signing key. */
export async function openEmulatorServices(config: EmulatorConfig): Promise<EmulatorServices> {
  const state = await EmulatorState.open(config.dataDir);
  const signingKey = await loadOrCreateSigningKey(state);
  const identity = await IdentityStore.open(state, config.now);
  const idTokens = createIdTokenSigner({
    signingKey,
    issuer: config.issuer,
    clientId: config.clientId,
    now: config.now,
  });
  return { config, state, signingKey, identity, idTokens };
}
