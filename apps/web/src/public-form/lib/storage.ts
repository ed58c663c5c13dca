/**
 * The respondent pages' storage, which never throws and never forgets within a page's life.
 *
 * Inside a form embedded on another site, a browser that blocks third-party storage (Chromium with
 * third-party cookies blocked, Safari, Firefox strict) throws 'Access is denied' on localStorage and
 * sessionStorage alike. A login there must still last: the respondent moves from the login page to the
 * form without a reload (lib/navigation.ts), so a value kept in memory carries the token across. Each
 * write goes to the most lasting place that takes it: localStorage (every tab, until removed), else
 * sessionStorage (this tab), else this page's memory (until the frame reloads: then the respondent logs
 * in again, once, never in a loop).
 */
type Area = 'localStorage' | 'sessionStorage';
const AREAS: readonly Area[] = ['localStorage', 'sessionStorage'];

/** Values no storage would take, for this page's life. */
const memory = new Map<string, string>();

function read(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

function write(area: Area, key: string, value: string): boolean {
  try {
    window[area].setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function erase(area: Area, key: string): void {
  try {
    window[area].removeItem(key);
  } catch {
    // Nothing stored there to remove.
  }
}

export const storage = {
  get(key: string): string | null {
    // Memory first: it only holds what no storage took, and is newer than anything they hold.
    const kept = memory.get(key);
    if (kept !== undefined) return kept;
    for (const area of AREAS) {
      const value = read(area, key);
      if (value !== null) return value;
    }
    return null;
  },
  set(key: string, value: string): void {
    // A value left in a less lasting place would shadow this one once the first is removed.
    memory.delete(key);
    for (const area of AREAS) {
      if (write(area, key, value)) {
        if (area === 'localStorage') erase('sessionStorage', key);
        return;
      }
    }
    memory.set(key, value);
  },
  remove(key: string): void {
    memory.delete(key);
    for (const area of AREAS) erase(area, key);
  },
};
