import type { QuotaSettings } from '../emulator-options.js';
import { GoogleApiError } from '../google-errors.js';

/** The project number the emulator reports as the consumer in quota errors. */
export const LOCAL_PROJECT_NUMBER = '424242424242';

const WINDOW_MS = 60_000;

type Kind = 'read' | 'write';

/**
 * Google's Sheets quotas: per minute, per user and per project, reads and writes counted apart. A request
 * counts against each bucket it passes; a refused one counts nowhere. Sliding one-minute windows stand in
 * for Google's refill ("after 1 minute, you can execute requests again").
 */
export class QuotaTracker {
  #settings: QuotaSettings;
  readonly #hits = new Map<string, number[]>();

  constructor(
    settings: QuotaSettings,
    private readonly now: () => number,
  ) {
    this.#settings = { ...settings };
  }

  get settings(): QuotaSettings {
    return { ...this.#settings };
  }

  /** Replaces the settings and forgets the counts (the control API's PUT /quota). */
  configure(settings: QuotaSettings): void {
    this.#settings = { ...settings };
    this.#hits.clear();
  }

  /** Forgets the counts (reset). */
  clearCounts(): void {
    this.#hits.clear();
  }

  /** Counts one request, or throws Google's 429 when a bucket is full. */
  take(user: string, kind: Kind): void {
    if (!this.#settings.enabled) return;
    const now = this.now();
    const userKey = `user:${kind}:${user}`;
    const projectKey = `project:${kind}`;
    const userHits = this.#recent(userKey, now);
    const projectHits = this.#recent(projectKey, now);
    const userLimit =
      kind === 'read' ? this.#settings.readsPerMinutePerUser : this.#settings.writesPerMinutePerUser;
    if (userHits.length >= userLimit) throw quotaError(kind, 'user', userLimit);
    if (projectHits.length >= this.#settings.requestsPerMinutePerProject) {
      throw quotaError(kind, 'project', this.#settings.requestsPerMinutePerProject);
    }
    userHits.push(now);
    projectHits.push(now);
  }

  #recent(key: string, now: number): number[] {
    const hits = (this.#hits.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
    this.#hits.set(key, hits);
    return hits;
  }
}

/** Google's 429 body, with its ErrorInfo and Help details (from a real Sheets answer). */
function quotaError(kind: Kind, scope: 'user' | 'project', limit: number): GoogleApiError {
  const metric = kind === 'read' ? 'Read requests' : 'Write requests';
  const limitName = `${metric} per minute${scope === 'user' ? ' per user' : ''}`;
  const limitId = `${kind === 'read' ? 'Read' : 'Write'}RequestsPerMinutePer${scope === 'user' ? 'User' : 'Project'}`;
  return GoogleApiError.of(
    429,
    `Quota exceeded for quota metric '${metric}' and limit '${limitName}' of service 'sheets.googleapis.com' for consumer 'project_number:${LOCAL_PROJECT_NUMBER}'.`,
    'RESOURCE_EXHAUSTED',
    {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'RATE_LIMIT_EXCEEDED',
          domain: 'googleapis.com',
          metadata: {
            quota_metric: `sheets.googleapis.com/${kind}_requests`,
            quota_limit: limitId,
            quota_limit_value: String(limit),
            consumer: `projects/${LOCAL_PROJECT_NUMBER}`,
            service: 'sheets.googleapis.com',
            quota_location: 'global',
          },
        },
        {
          '@type': 'type.googleapis.com/google.rpc.Help',
          links: [
            {
              description: 'Request a higher quota limit.',
              url: 'https://cloud.google.com/docs/quotas/help/request_increase',
            },
          ],
        },
      ],
    },
  );
}
