import { describe, expect, it } from 'vitest';
import { createFormCache } from './form-cache.js';
import type { LoadedForm } from './public-form.serializer.js';

function form(formId: string, name = 'Form'): LoadedForm {
  return {
    id: `row-${formId}`,
    formId,
    name,
    description: '',
    fields: [{ id: 'f1', label: 'A', type: 'text', required: true, placeHolder: '', isRemoved: false }],
    settings: {} as LoadedForm['settings'],
    acceptingResponses: true,
    enabledWebhooks: 0,
  };
}

describe('form cache', () => {
  it('loads once, then answers from memory until invalidated', async () => {
    const cache = createFormCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return form('f1', `v${loads}`);
    };
    expect((await cache.get('f1', load))?.name).toBe('v1');
    expect((await cache.get('f1', load))?.name).toBe('v1');
    expect(loads).toBe(1);
    cache.invalidate('f1');
    expect((await cache.get('f1', load))?.name).toBe('v2');
    expect(loads).toBe(2);
  });

  it('keeps a form at most ttlMs', async () => {
    let clock = 0;
    const cache = createFormCache({ ttlMs: 5000, now: () => clock });
    let loads = 0;
    const load = async () => form('f1', `v${++loads}`);
    await cache.get('f1', load);
    clock = 4999;
    expect((await cache.get('f1', load))?.name).toBe('v1');
    clock = 5000;
    expect((await cache.get('f1', load))?.name).toBe('v2');
  });

  it('holds at most `capacity` forms, the least recently used dropped first', async () => {
    const cache = createFormCache({ capacity: 2 });
    const loaded: string[] = [];
    const load = (id: string) => async () => {
      loaded.push(id);
      return form(id);
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recently used
    await cache.get('c', load('c')); // drops b
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not store a load that an invalidation overtook (the old row read before the update)', async () => {
    const cache = createFormCache();
    let release: (value: LoadedForm) => void = () => {};
    const slow = cache.get('f1', () => new Promise<LoadedForm>((resolve) => (release = resolve)));
    cache.invalidate('f1');
    release(form('f1', 'old'));
    expect((await slow)?.name).toBe('old');
    expect((await cache.get('f1', async () => form('f1', 'new')))?.name).toBe('new');
  });

  it('does not cache unknown forms, and hands out frozen forms', async () => {
    const cache = createFormCache();
    let loads = 0;
    const missing = async () => {
      loads++;
      return undefined;
    };
    await cache.get('nope', missing);
    await cache.get('nope', missing);
    expect(loads).toBe(2);
    const cached = await cache.get('f1', async () => form('f1'));
    expect(Object.isFrozen(cached)).toBe(true);
    expect(Object.isFrozen(cached?.fields[0])).toBe(true);
  });
});
