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

/**
 * The localStorage the Storage Access API handed a blocked frame, when the browser granted it (see
 * requestLastingStorage): written and read before the rest, so a login outlives the frame's reload.
 */
let granted: Storage | null = null;

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
    const lasting = readGranted(key);
    if (lasting !== null) return lasting;
    for (const area of AREAS) {
      const value = read(area, key);
      if (value !== null) return value;
    }
    return null;
  },
  set(key: string, value: string): void {
    // A value left in a less lasting place would shadow this one once the first is removed.
    memory.delete(key);
    if (writeGranted(key, value)) return;
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
    try {
      granted?.removeItem(key);
    } catch {
      // The grant was withdrawn: nothing to remove there.
    }
    for (const area of AREAS) erase(area, key);
  },
};

function readGranted(key: string): string | null {
  try {
    return granted?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeGranted(key: string, value: string): boolean {
  if (!granted) return false;
  try {
    granted.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The parts of the Storage Access API used here (Chromium 125+ hands back a storage handle). */
interface StorageAccessDocument {
  requestStorageAccess?: (types?: {
    localStorage: boolean;
  }) => Promise<{ localStorage?: Storage } | undefined>;
}

/**
 * Inside a frame whose storage is blocked, asks the browser for this site's own storage, so a login
 * lasts past a reload of the host page. Call it from the respondent's click (the API needs one), and do
 * not wait for it: the browser may ask the person first, and grants it only to a site they have used
 * directly. Once granted, what the page kept in memory moves there; when refused, or where the API is
 * missing, nothing changes: the login lasts for this page, as without it.
 */
export function requestLastingStorage(): void {
  if (granted || canRead('localStorage')) return;
  const api = document as unknown as StorageAccessDocument;
  if (typeof api.requestStorageAccess !== 'function') return;
  api
    .requestStorageAccess({ localStorage: true })
    .then((handle) => {
      granted = handle?.localStorage ?? null;
      for (const [key, value] of memory) {
        if (writeGranted(key, value)) memory.delete(key);
      }
    })
    .catch(() => {
      // Refused, or no earlier visit to the site: the page's memory keeps the login.
    });
}

function canRead(area: Area): boolean {
  try {
    return Boolean(window[area]);
  } catch {
    return false;
  }
}
