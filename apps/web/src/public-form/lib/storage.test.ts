import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Area = 'localStorage' | 'sessionStorage';

/** Makes reading `window[area]` throw, as a third-party frame with blocked storage does. */
function block(area: Area) {
  Object.defineProperty(window, area, {
    configurable: true,
    get() {
      throw new DOMException(
        `Failed to read the '${area}' property from 'Window': Access is denied`,
        'SecurityError',
      );
    },
  });
}

const originals = {
  localStorage: Object.getOwnPropertyDescriptor(window, 'localStorage'),
  sessionStorage: Object.getOwnPropertyDescriptor(window, 'sessionStorage'),
};

function unblock() {
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    const original = originals[area];
    if (original) Object.defineProperty(window, area, original);
  }
}

/** A fresh module: its memory is per page. */
async function freshStorage() {
  vi.resetModules();
  return (await import('./storage')).storage;
}

describe('respondent storage', () => {
  beforeEach(() => {
    unblock();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(unblock);

  it('keeps a value in localStorage when it may, for every tab', async () => {
    const storage = await freshStorage();
    storage.set('formUserToken', 'token-1');
    expect(window.localStorage.getItem('formUserToken')).toBe('token-1');
    expect(storage.get('formUserToken')).toBe('token-1');
    storage.remove('formUserToken');
    expect(storage.get('formUserToken')).toBeNull();
  });

  it('falls back to sessionStorage when localStorage is refused', async () => {
    const storage = await freshStorage();
    block('localStorage');
    storage.set('formUserToken', 'token-2');
    expect(storage.get('formUserToken')).toBe('token-2');
    unblock();
    expect(window.sessionStorage.getItem('formUserToken')).toBe('token-2');
    expect(window.localStorage.getItem('formUserToken')).toBeNull();
  });

  it('keeps the value in memory for the page when both storages are refused (a blocked embed)', async () => {
    const storage = await freshStorage();
    block('localStorage');
    block('sessionStorage');
    expect(() => storage.set('formUserToken', 'token-3')).not.toThrow();
    expect(storage.get('formUserToken')).toBe('token-3');
    storage.remove('formUserToken');
    expect(storage.get('formUserToken')).toBeNull();
    // A reload is a new page: the memory is gone, and nothing was written anywhere.
    unblock();
    const reloaded = await freshStorage();
    expect(reloaded.get('formUserToken')).toBeNull();
  });

  it('reads null, never throws, when nothing can be read', async () => {
    const storage = await freshStorage();
    block('localStorage');
    block('sessionStorage');
    expect(storage.get('gdpr_consent')).toBeNull();
    expect(() => storage.remove('gdpr_consent')).not.toThrow();
  });
});

describe('lasting storage for a blocked embed (Storage Access API)', () => {
  afterEach(() => {
    unblock();
    Reflect.deleteProperty(document, 'requestStorageAccess');
  });

  it('writes to the storage the browser granted, so the login outlives a reload of the frame', async () => {
    vi.resetModules();
    const { storage, requestLastingStorage } = await import('./storage');
    const granted = new Map<string, string>();
    const handle = {
      getItem: (key: string) => granted.get(key) ?? null,
      setItem: (key: string, value: string) => granted.set(key, value),
      removeItem: (key: string) => granted.delete(key),
    };
    const request = vi.fn(async () => ({ localStorage: handle }));
    Object.defineProperty(document, 'requestStorageAccess', { configurable: true, value: request });
    block('localStorage');
    block('sessionStorage');
    // Logged in before the browser answered: the token waits in memory, then moves to the grant.
    storage.set('formUserToken', 'token-4');
    requestLastingStorage();
    expect(request).toHaveBeenCalledWith({ localStorage: true });
    await vi.waitFor(() => expect(granted.get('formUserToken')).toBe('token-4'));
    storage.set('formUserToken', 'token-4b');
    expect(granted.get('formUserToken')).toBe('token-4b');
    storage.set('formUserToken', 'token-4');
    expect(storage.get('formUserToken')).toBe('token-4');
    storage.remove('formUserToken');
    expect(granted.has('formUserToken')).toBe(false);
  });

  it('changes nothing when the browser refuses, or when storage is not blocked', async () => {
    vi.resetModules();
    const { storage, requestLastingStorage } = await import('./storage');
    const request = vi.fn(async () => {
      throw new DOMException('refused', 'NotAllowedError');
    });
    Object.defineProperty(document, 'requestStorageAccess', { configurable: true, value: request });
    requestLastingStorage();
    expect(request).not.toHaveBeenCalled();
    block('localStorage');
    block('sessionStorage');
    requestLastingStorage();
    expect(request).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    storage.set('formUserToken', 'token-5');
    expect(storage.get('formUserToken')).toBe('token-5');
  });
});
