/**
 * Whether this instance should receive traffic, as far as the process itself knows: a proxy or an
 * orchestrator reads it through GET /api/v1/health/ready. The database and the migrations are checked by
 * the route on each call; this holds what only the process knows (that it is shutting down).
 */
export interface Readiness {
  /** Why the instance is not ready, or undefined while it is. */
  readonly notReadyReason: string | undefined;
  /** From now on ready answers 503 (SIGTERM/SIGINT, or app.close()). Idempotent. */
  markShuttingDown(): void;
}

export function createReadiness(): Readiness {
  let shuttingDown = false;
  return {
    get notReadyReason() {
      return shuttingDown ? 'The server is shutting down' : undefined;
    },
    markShuttingDown() {
      shuttingDown = true;
    },
  };
}
