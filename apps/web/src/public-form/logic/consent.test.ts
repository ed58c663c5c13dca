// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  consentFor,
  consentForSubmission,
  readConsent,
  shouldShowCookieBanner,
  storeConsent,
} from './consent';

function memory(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
  };
}

describe('shouldShowCookieBanner', () => {
  it('is hidden whenever gdprEnabled is not 1', () => {
    expect(shouldShowCookieBanner(0, null)).toBe(false);
    expect(shouldShowCookieBanner(0, 'denied')).toBe(false);
  });

  it('shows on a GDPR form when nothing is stored or the stored choice is denied', () => {
    expect(shouldShowCookieBanner(1, null)).toBe(true);
    expect(shouldShowCookieBanner(1, 'denied')).toBe(true);
    expect(shouldShowCookieBanner(1, 'garbage')).toBe(true);
  });

  it('stays hidden once accepted or customised', () => {
    expect(shouldShowCookieBanner(1, 'accepted')).toBe(false);
    expect(shouldShowCookieBanner(1, 'custom')).toBe(false);
  });
});

describe('consent choices', () => {
  it('stores accept, deny and custom as the spec names them', () => {
    const store = memory();
    storeConsent(store.set, consentFor('accept'));
    expect(Object.fromEntries(store.values)).toEqual({
      gdpr_consent: 'accepted',
      analytics_cookies: 'true',
      marketing_cookies: 'true',
    });
    storeConsent(store.set, consentFor('deny'));
    expect(Object.fromEntries(store.values)).toEqual({
      gdpr_consent: 'denied',
      analytics_cookies: 'false',
      marketing_cookies: 'false',
    });
    storeConsent(store.set, consentFor('save', { analytics: true, marketing: false }));
    expect(readConsent(store.get)).toEqual({ gdpr_consent: 'custom', analytics: true, marketing: false });
  });

  it('is sent with a response only for GDPR forms with a stored choice', () => {
    const store = memory({ gdpr_consent: 'custom', analytics_cookies: 'false', marketing_cookies: 'true' });
    expect(consentForSubmission(0, store.get)).toBeUndefined();
    expect(consentForSubmission(1, memory().get)).toBeUndefined();
    expect(consentForSubmission(1, store.get)).toEqual({
      gdpr_consent: 'custom',
      analytics: false,
      marketing: true,
    });
  });
});
