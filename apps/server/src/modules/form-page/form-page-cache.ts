/**
 * Rendered public form pages by public form id (decision 0020). An entry is used only while the form's
 * public view is the one it was rendered from (its JSON, compared on every request: the form's version
 * as respondents see it), and the forms module drops it when the owner updates or deletes the form.
 * Bounded: the least recently used page goes first. Unknown forms are never stored.
 */
export interface FormPageCache {
  get(formId: string, version: string): readonly string[] | undefined;
  set(formId: string, version: string, parts: readonly string[]): void;
  invalidate(formId: string): void;
  readonly size: number;
}

export const FORM_PAGE_CACHE_CAPACITY = 500;

export function createFormPageCache(capacity = FORM_PAGE_CACHE_CAPACITY): FormPageCache {
  const entries = new Map<string, { version: string; parts: readonly string[] }>();
  return {
    get(formId, version) {
      const entry = entries.get(formId);
      if (!entry) return undefined;
      if (entry.version !== version) {
        entries.delete(formId);
        return undefined;
      }
      // Map keeps insertion order: re-inserting marks the page as the most recently used.
      entries.delete(formId);
      entries.set(formId, entry);
      return entry.parts;
    },
    set(formId, version, parts) {
      entries.delete(formId);
      entries.set(formId, { version, parts });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    invalidate(formId) {
      entries.delete(formId);
    },
    get size() {
      return entries.size;
    },
  };
}
