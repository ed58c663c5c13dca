import { PREFILL_LIMITS, PREFILL_MESSAGES, PrefillLinkBodySchema } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../http/http-error.js';
import type { StoredField } from '../forms/field-ids.js';
import { createPrefillLinksService } from './prefill-links.service.js';
import { createPrefillTokens } from './prefill-tokens.js';

/** POST /forms/{formId}/prefill-links without a database: the form as the access service would load it. */
const PUBLIC_URL = 'https://forms.example';
const BASE = `${PUBLIC_URL}/form/form-1?`;

function serviceFor(fields: StoredField[]) {
  return createPrefillLinksService({
    forms: { requireOwned: async () => ({}) as never },
    access: { load: async () => ({ formId: 'form-1', fields }) as never },
    tokens: createPrefillTokens('a-server-secret-of-at-least-32-characters'),
    publicUrl: PUBLIC_URL,
  });
}

const field = (id: string, more: Partial<StoredField> = {}): StoredField => ({
  id,
  label: id.toUpperCase(),
  type: 'text',
  required: false,
  placeHolder: '',
  isRemoved: false,
  ...more,
});

async function create(fields: StoredField[], body: unknown) {
  return serviceFor(fields).create('owner', 'form-1', PrefillLinkBodySchema.parse(body));
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, detail, errors } = error as HttpError;
  return { status, detail, errors };
}

describe('prefill links: the address', () => {
  it('lists checkboxes in the options’ order, then the respondent’s own answer', async () => {
    const extras = field('extras', {
      type: 'checkboxes',
      options: ['Card, printed', 'Gift wrap'],
      allowOther: true,
    });
    const { url } = await create([extras], { values: { extras: ['Mine', 'Gift wrap', 'Card, printed'] } });
    expect(new URL(url).searchParams.getAll('extras')).toEqual(['Card, printed', 'Gift wrap', 'Mine']);
  });

  it(`takes an address of PREFILL_LIMITS.urlMax (${PREFILL_LIMITS.urlMax}) characters and refuses a longer one`, async () => {
    const fields = [field('a'), field('b')];
    // BASE, 'a=' and 5,000 characters, '&b=' and the rest.
    const fits = PREFILL_LIMITS.urlMax - BASE.length - 'a=&b='.length - 5000;
    const { url } = await create(fields, { values: { a: 'x'.repeat(5000), b: 'y'.repeat(fits) } });
    expect(url).toHaveLength(PREFILL_LIMITS.urlMax);
    const tooLong = create(fields, { values: { a: 'x'.repeat(5000), b: 'y'.repeat(fits + 1) } });
    expect(await refusal(tooLong)).toEqual({
      status: 400,
      detail: PREFILL_MESSAGES.linkTooLong,
      errors: [{ path: 'values', message: PREFILL_MESSAGES.linkTooLong }],
    });
  });

  it('counts the address as encoded, and the token in it', async () => {
    // 2,000 characters, 12,000 once encoded (%C3%A9 each).
    const encoded = create([field('a')], { values: { a: 'é'.repeat(2000) } });
    expect((await refusal(encoded)).detail).toBe(PREFILL_MESSAGES.linkTooLong);
    // A token that fits its own limit, with unlocked answers that fit without it.
    const withToken = create([field('a'), field('b'), field('c')], {
      values: { a: 'x'.repeat(4000), b: 'y'.repeat(3000), c: 'z'.repeat(2000) },
      locked: ['c'],
    });
    expect((await refusal(withToken)).detail).toBe(PREFILL_MESSAGES.linkTooLong);
  });

  it('says the locked answers are too long when the token alone is', async () => {
    const long = 'é'.repeat(3000);
    const locked = create([field('a'), field('b')], { values: { a: long, b: long }, locked: ['a', 'b'] });
    expect(await refusal(locked)).toMatchObject({
      detail: 'The locked answers are too long for a link: lock fewer answers, or shorter ones',
      errors: [{ path: 'locked' }],
    });
  });

  it('looks each chosen option up once: 90 fields of 500 options, every one chosen (a 345 KB address)', async () => {
    const options = Array.from({ length: 500 }, (_, i) => `${i}`);
    const fields = Array.from({ length: 90 }, (_, i) => field(`c${i}`, { type: 'checkboxes', options }));
    const values = Object.fromEntries(fields.map((f) => [f.id, [...options]]));
    const body = PrefillLinkBodySchema.parse({ values });
    const service = serviceFor(fields);
    // Counted, not timed: the options were searched once per chosen option (90 × 500 × 500 steps).
    const includes = vi.spyOn(Array.prototype, 'includes');
    let made: Promise<unknown>;
    try {
      made = service.create('owner', 'form-1', body);
      await made.catch(() => undefined);
      expect(includes.mock.calls.length).toBeLessThan(fields.length * 5);
    } finally {
      includes.mockRestore();
    }
    expect((await refusal(made)).detail).toBe(PREFILL_MESSAGES.linkTooLong);
  });
});
