import type { PgChannel } from '../../db/pg-channel.js';

/** Form ids are short public ids; anything else on the channel is ignored. */
const FORM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface FormChangeBroadcastDeps {
  /** Drops one form from this instance's caches. */
  invalidate(formId: string): void;
  /** Drops every form from this instance's caches (changes may have been missed). */
  clear(): void;
  /** PostgreSQL's channel shared by every instance; without it changes stay on this instance. */
  channel?: PgChannel | undefined;
  onError(error: unknown): void;
}

/**
 * A form changed (updated, deleted, its templates switched): every instance drops its cached copy, not only
 * the one that made the change. On PostgreSQL the form id goes out as a NOTIFY after the change committed;
 * each instance, this one included, invalidates when it arrives. A lost listening connection clears the
 * whole cache on reconnect. The caches' own time limit (5 s) stays as the last bound.
 */
export function createFormChangeBroadcast(deps: FormChangeBroadcastDeps) {
  return {
    /** Called by the forms module after a change is committed. */
    changed(formId: string): void {
      deps.invalidate(formId);
      deps.channel?.publish(formId).catch(deps.onError);
    },
    async start(): Promise<void> {
      await deps.channel?.start({
        onMessage(payload) {
          if (FORM_ID.test(payload)) deps.invalidate(payload);
        },
        onReconnect: () => deps.clear(),
      });
    },
    async close(): Promise<void> {
      await deps.channel?.close();
    },
  };
}
