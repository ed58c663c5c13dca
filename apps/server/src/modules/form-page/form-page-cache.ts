/**
 * Rendered public form pages by public form id (decision 0020). An entry is used only while the form's
 * public view is the one it was rendered from (its JSON, compared on every request: the form's version
 * as respondents see it), and the forms module drops it when the owner updates or deletes the form.
 * Bounded by pages and by characters: the least recently used page goes first. Unknown forms are never
 * stored, and neither is a page larger than FORM_PAGE_CACHE_LIMITS.pageChars.
 *
 * Why characters too: a form page is about 30,000 characters, but an owner can make forms whose page is
 * 25 million (200 checkboxes fields of 220 options each); counted by pages only, a few dozen of those held
 * the heap until the server died (a review, docs/security.md). Pages are counted in UTF-16 code units, so
 * two bytes each at most.
 */
export interface FormPageCache {
  get(formId: string, version: string): readonly string[] | undefined;
  set(formId: string, version: string, parts: readonly string[]): void;
  invalidate(formId: string): void;
  readonly size: number;
  /** The characters the cached pages hold. */
  readonly chars: number;
}

export const FORM_PAGE_CACHE_CAPACITY = 500;

export const FORM_PAGE_CACHE_LIMITS = {
  /** All cached pages together, in characters (at most 128 MiB of strings; a form page is about 30,000). */
  totalChars: 64 * 1024 * 1024,
  /**
   * A page larger than this is rendered for each request and never kept. A form within
   * FORM_LIMITS.optionsMax renders under it (about 12 million characters for 10,000 options of 200
   * characters); only forms saved before that limit can pass it.
   */
  pageChars: 16 * 1024 * 1024,
};

export function createFormPageCache(
  capacity = FORM_PAGE_CACHE_CAPACITY,
  limits: { totalChars: number; pageChars: number } = FORM_PAGE_CACHE_LIMITS,
): FormPageCache {
  const entries = new Map<string, { version: string; parts: readonly string[]; chars: number }>();
  let totalChars = 0;
  const drop = (formId: string) => {
    const entry = entries.get(formId);
    if (!entry) return;
    entries.delete(formId);
    totalChars -= entry.chars;
  };
  return {
    get(formId, version) {
      const entry = entries.get(formId);
      if (!entry) return undefined;
      if (entry.version !== version) {
        drop(formId);
        return undefined;
      }
      // Map keeps insertion order: re-inserting marks the page as the most recently used.
      entries.delete(formId);
      entries.set(formId, entry);
      return entry.parts;
    },
    set(formId, version, parts) {
      drop(formId);
      let chars = 0;
      for (const part of parts) chars += part.length;
      if (chars > limits.pageChars) return;
      entries.set(formId, { version, parts, chars });
      totalChars += chars;
      while (entries.size > capacity || totalChars > limits.totalChars) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    invalidate(formId) {
      drop(formId);
    },
    get size() {
      return entries.size;
    },
    get chars() {
      return totalChars;
    },
  };
}
