import { GoogleApiError } from '../google-errors.js';

/** Which API calls a fault applies to. */
export type FaultTarget = 'reads' | 'writes' | 'all';

/** Injected faults (the control API's PUT /faults). */
export interface FaultSettings {
  /** Added before every targeted call is handled. */
  latencyMs: number;
  /** The share of targeted calls (0..1) that fail with `errorStatus` before doing anything. */
  errorRate: number;
  errorStatus: number;
  /** How many of the next writes are stored and then lose their reply (the connection is dropped). */
  replyLostWrites: number;
  target: FaultTarget;
}

const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 500,
  replyLostWrites: 0,
  target: 'all',
};

const MESSAGES: Record<number, string> = {
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'Internal error encountered.',
  502: 'Bad Gateway',
  503: 'The service is currently unavailable.',
  504: 'The request timed out. Please try again.',
};

/**
 * Fault injection for testing clients' retries and idempotency. Faults apply to the Google API routes
 * (Sheets, Drive, Docs), not to the control API, the pages or sign-in.
 */
export class FaultInjector {
  #settings: FaultSettings = { ...NO_FAULTS };

  constructor(private readonly random: () => number = Math.random) {}

  get settings(): FaultSettings {
    return { ...this.#settings };
  }

  /** Checks and stores new settings; returns a message for the first bad field. */
  configure(input: unknown): string | undefined {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return 'Request body must be a JSON object.';
    const raw = input as Record<string, unknown>;
    const next = { ...NO_FAULTS };
    const number = (name: keyof FaultSettings, min: number, max: number, integer: boolean) => {
      const value = raw[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'number' || value < min || value > max || (integer && !Number.isInteger(value))) {
        return `Invalid value at '${name}': must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`;
      }
      (next as Record<string, unknown>)[name] = value;
      return undefined;
    };
    const problem =
      number('latencyMs', 0, 120_000, true) ??
      number('errorRate', 0, 1, false) ??
      number('errorStatus', 400, 599, true) ??
      number('replyLostWrites', 0, 1_000_000, true);
    if (problem) return problem;
    if (raw.target !== undefined) {
      if (raw.target !== 'reads' && raw.target !== 'writes' && raw.target !== 'all') {
        return "Invalid value at 'target': must be 'reads', 'writes' or 'all'.";
      }
      next.target = raw.target;
    }
    this.#settings = next;
    return undefined;
  }

  clear(): void {
    this.#settings = { ...NO_FAULTS };
  }

  /** Waits for the injected latency and throws the injected error, for calls the target covers. */
  async before(kind: 'read' | 'write'): Promise<void> {
    const settings = this.#settings;
    if (!this.#targets(kind)) return;
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (settings.errorRate > 0 && this.random() < settings.errorRate) {
      const status = settings.errorStatus;
      throw GoogleApiError.of(status, MESSAGES[status] ?? 'Injected fault.');
    }
  }

  /** Whether this write's reply is to be lost (counting it down). Call after the write is stored. */
  takeReplyLost(): boolean {
    if (this.#settings.replyLostWrites <= 0) return false;
    this.#settings.replyLostWrites--;
    return true;
  }

  #targets(kind: 'read' | 'write'): boolean {
    const target = this.#settings.target;
    return (
      target === 'all' || (target === 'reads' && kind === 'read') || (target === 'writes' && kind === 'write')
    );
  }
}
