import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CryptoKey } from 'jose';
import {
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importJWK,
  importPKCS8,
  importSPKI,
} from 'jose';
import { readJsonFile, writeJsonFileAtomic } from '../state/atomic-json-file.js';
import type { EmulatorState, StateDocument } from '../state/emulator-state.js';

/** A standard Google service-account key file, as the Cloud console downloads it. */
export interface ServiceAccountKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
  universe_domain: 'googleapis.com';
}

/** The project the emulator's service accounts belong to. */
export const LOCAL_PROJECT_ID = 'sheetforms-local';

/** The default service account's email. */
export const DEFAULT_SERVICE_ACCOUNT_EMAIL = `${LOCAL_PROJECT_ID}@${LOCAL_PROJECT_ID}.iam.gserviceaccount.com`;

const KEY_FILE_NAME = 'service-account.json';

/** Where the default service account's key file is: `{dataDir}/google-emulator/service-account.json`. */
export function serviceAccountKeyPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'google-emulator', KEY_FILE_NAME);
}

interface RegisteredAccount {
  clientEmail: string;
  clientId: string;
  privateKeyId: string;
  publicKeyPem: string;
}

interface RegistryFile {
  version: 1;
  accounts: RegisteredAccount[];
}

/** A service account the token endpoint knows, with the key that verifies its assertions. */
export interface KnownServiceAccount {
  clientEmail: string;
  clientId: string;
  publicKey: CryptoKey;
}

/**
 * The service accounts the token endpoint accepts. Only public keys are kept in `service-accounts.json`;
 * the default account's full key file is `service-account.json`, which the app server reads as it would
 * a real downloaded key. Accounts survive a reset (the control API says so).
 */
export class ServiceAccountRegistry {
  readonly #keys = new Map<string, CryptoKey>();

  private constructor(
    private readonly state: EmulatorState,
    private readonly registry: StateDocument<RegistryFile>,
  ) {}

  static async open(state: EmulatorState): Promise<ServiceAccountRegistry> {
    const registry = await state.document('service-accounts', {
      initial: (): RegistryFile => ({ version: 1, accounts: [] }),
      parse: parseRegistry,
    });
    return new ServiceAccountRegistry(state, registry);
  }

  /**
   * Makes sure the default key file exists and names `tokenUri`. The key is kept across restarts; only
   * `token_uri` follows the emulator's current URL (a standalone server on port 0 moves each run).
   */
  async ensureDefaultKeyFile(tokenUri: string): Promise<ServiceAccountKeyFile> {
    const filePath = path.join(this.state.directory, KEY_FILE_NAME);
    const existing = (await readJsonFile(filePath)) as ServiceAccountKeyFile | undefined;
    if (existing && typeof existing.private_key === 'string' && typeof existing.client_email === 'string') {
      if (!this.#find(existing.client_email)) await this.#remember(existing);
      if (existing.token_uri !== tokenUri) {
        const updated = { ...existing, token_uri: tokenUri };
        await writeJsonFileAtomic(filePath, updated, 0o600);
        return updated;
      }
      return existing;
    }
    const keyFile = await this.#newKeyFile(LOCAL_PROJECT_ID, tokenUri);
    await writeJsonFileAtomic(filePath, keyFile, 0o600);
    await this.#remember(keyFile);
    return keyFile;
  }

  /** Creates another service account (`{name}@sheetforms-local.iam.gserviceaccount.com`) and returns its key file. */
  async register(name: string, tokenUri: string): Promise<ServiceAccountKeyFile> {
    const keyFile = await this.#newKeyFile(name, tokenUri);
    await this.#remember(keyFile);
    return keyFile;
  }

  /** The account with this email, when the emulator issued it. */
  async lookup(clientEmail: string): Promise<KnownServiceAccount | undefined> {
    const account = this.#find(clientEmail);
    if (!account) return undefined;
    let publicKey = this.#keys.get(account.clientEmail);
    if (!publicKey) {
      publicKey = await importSPKI(account.publicKeyPem, 'RS256');
      this.#keys.set(account.clientEmail, publicKey);
    }
    return { clientEmail: account.clientEmail, clientId: account.clientId, publicKey };
  }

  #find(clientEmail: string): RegisteredAccount | undefined {
    return this.registry.read().accounts.find((account) => account.clientEmail === clientEmail);
  }

  async #remember(keyFile: ServiceAccountKeyFile) {
    const privateKey = await importPKCS8(keyFile.private_key, 'RS256', { extractable: true });
    const publicKeyPem = await exportSPKI(await publicHalf(privateKey));
    await this.registry.update((file) => {
      file.accounts = file.accounts.filter((account) => account.clientEmail !== keyFile.client_email);
      file.accounts.push({
        clientEmail: keyFile.client_email,
        clientId: keyFile.client_id,
        privateKeyId: keyFile.private_key_id,
        publicKeyPem,
      });
    });
    this.#keys.delete(keyFile.client_email);
  }

  async #newKeyFile(name: string, tokenUri: string): Promise<ServiceAccountKeyFile> {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const clientEmail = `${name}@${LOCAL_PROJECT_ID}.iam.gserviceaccount.com`;
    return {
      type: 'service_account',
      project_id: LOCAL_PROJECT_ID,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: await exportPKCS8(privateKey),
      client_email: clientEmail,
      // Google's client ids for service accounts are 21 digits.
      client_id: `1${[...randomBytes(20)].map((byte) => byte % 10).join('')}`,
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: 'googleapis.com',
    };
  }
}

/** The public key of an RSA private key (via its JWK: drop the private members). */
async function publicHalf(privateKey: CryptoKey): Promise<CryptoKey> {
  const jwk = await exportJWK(privateKey);
  const key = await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256', { extractable: true });
  if (key instanceof Uint8Array) throw new Error('expected an RSA key');
  return key;
}

function parseRegistry(raw: unknown): RegistryFile {
  const file = (raw ?? {}) as { accounts?: unknown };
  if (!Array.isArray(file.accounts)) throw new Error('"accounts" must be an array');
  return {
    version: 1,
    accounts: file.accounts.map((entry) => {
      const account = (entry ?? {}) as Record<string, unknown>;
      for (const field of ['clientEmail', 'clientId', 'privateKeyId', 'publicKeyPem']) {
        if (typeof account[field] !== 'string') throw new Error(`"${field}" must be a string`);
      }
      return account as unknown as RegisteredAccount;
    }),
  };
}
