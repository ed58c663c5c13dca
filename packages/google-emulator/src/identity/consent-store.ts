import type { EmulatorState, StateDocument } from '../state/emulator-state.js';

interface ConsentsFile {
  version: 1;
  /** Granted scopes by `{clientId} {email}`. */
  grants: Record<string, string[]>;
}

/**
 * The scopes each account has allowed each OAuth client (`consents.json`), so the consent screen appears
 * only until the person allows them, as Google's does, and again after the grant is revoked.
 */
export class ConsentStore {
  private constructor(private readonly file: StateDocument<ConsentsFile>) {}

  static async open(state: EmulatorState): Promise<ConsentStore> {
    const file = await state.document('consents', {
      initial: (): ConsentsFile => ({ version: 1, grants: emptyGrants() }),
      parse: parseConsentsFile,
    });
    return new ConsentStore(file);
  }

  /** The scopes `email` has granted `clientId`. */
  granted(email: string, clientId: string): Set<string> {
    return new Set(this.file.read().grants[key(email, clientId)] ?? []);
  }

  /** Adds scopes to the account's grant for the client (consent accumulates, as with Google). */
  grant(email: string, clientId: string, scopes: readonly string[]): Promise<void> {
    return this.file.update((file) => {
      const existing = file.grants[key(email, clientId)] ?? [];
      file.grants[key(email, clientId)] = [...new Set([...existing, ...scopes])];
    });
  }

  /** Forgets the account's grant for the client (after its token is revoked). */
  revoke(email: string, clientId: string): Promise<void> {
    return this.file.update((file) => {
      delete file.grants[key(email, clientId)];
    });
  }
}

function key(email: string, clientId: string): string {
  return `${clientId} ${email.toLowerCase()}`;
}

// Keys come from requests, so the map must not inherit `__proto__` and friends.
function emptyGrants(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

function parseConsentsFile(raw: unknown): ConsentsFile {
  const grants = emptyGrants();
  const source = (raw as { grants?: unknown } | null)?.grants;
  if (typeof source !== 'object' || source === null) throw new Error('"grants" must be an object');
  for (const [name, scopes] of Object.entries(source)) {
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) {
      throw new Error('grants must be lists of scopes');
    }
    grants[name] = scopes;
  }
  return { version: 1, grants };
}
