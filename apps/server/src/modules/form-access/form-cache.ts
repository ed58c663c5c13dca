import type { LoadedForm } from './public-form.serializer.js';

/**
 * Parsed public forms by public form id, so a submission or a form view reads no forms row and parses no
 * fields JSON while the form is unchanged.
 *
 * - Bounded: at most `capacity` forms, the least recently used dropped first.
 * - Invalidated by the forms module on this instance when a form is updated, deleted, or its template flag
 *   changes (FormsServiceDeps.onFormChanged): the next request reads the new form.
 * - A load that began before an invalidation is not stored (a generation count), so a read of the old row
 *   that finishes after the update cannot put the old form back.
 * - On PostgreSQL, changes made through ANOTHER instance arrive as a NOTIFY (form-change-broadcast.ts)
 *   and invalidate here too, within milliseconds. Kept at most `ttlMs` all the same: if a notification is
 *   lost (the listening connection dropped: the whole cache is then cleared), or on a deployment where
 *   instances share no channel, this bounds how long the old fields and status are enforced; a submission
 *   to a form deleted elsewhere fails on its foreign key and answers 404.
 * - Unknown form ids are not cached: they cannot fill the cache.
 */
export interface FormCache {
  /** The cached form, or `load()`'s answer (stored unless an invalidation happened meanwhile). */
  get(formId: string, load: () => Promise<LoadedForm | undefined>): Promise<LoadedForm | undefined>;
  invalidate(formId: string): void;
  /** Forgets every form (after changes may have been missed). */
  clear(): void;
}

export interface FormCacheOptions {
  capacity?: number;
  ttlMs?: number;
  now?: () => number;
}

export const FORM_CACHE_CAPACITY = 1000;
export const FORM_CACHE_TTL_MS = 5000;

export function createFormCache(options: FormCacheOptions = {}): FormCache {
  const capacity = options.capacity ?? FORM_CACHE_CAPACITY;
  const ttlMs = options.ttlMs ?? FORM_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { form: LoadedForm; expiresAt: number }>();
  let generation = 0;

  return {
    async get(formId, load) {
      const entry = entries.get(formId);
      if (entry) {
        entries.delete(formId);
        if (entry.expiresAt > now()) {
          // Map keeps insertion order: re-inserting marks the form as the most recently used.
          entries.set(formId, entry);
          return entry.form;
        }
      }
      const started = generation;
      const form = await load();
      if (form && started === generation) {
        entries.delete(formId);
        entries.set(formId, { form: freeze(form), expiresAt: now() + ttlMs });
        if (entries.size > capacity) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return form;
    },
    invalidate(formId) {
      generation++;
      entries.delete(formId);
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/** One object serves many requests: none may change it. */
function freeze(form: LoadedForm): LoadedForm {
  for (const field of form.fields) Object.freeze(field);
  Object.freeze(form.fields);
  Object.freeze(form.settings);
  return Object.freeze(form);
}

/** No caching: every call loads (a service built without anyone to invalidate it). */
export const noFormCache: FormCache = {
  get: (_formId, load) => load(),
  invalidate() {},
  clear() {},
};
