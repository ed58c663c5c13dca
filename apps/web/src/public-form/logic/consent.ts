import { STORAGE_KEYS } from '../lib/constants';

export type ConsentChoice = 'accepted' | 'denied' | 'custom';

export interface ConsentState {
  gdpr_consent: ConsentChoice;
  analytics: boolean;
  marketing: boolean;
}

/** What the browser has stored; unknown values count as nothing stored. */
export function readConsent(get: (key: string) => string | null): ConsentState | null {
  const choice = get(STORAGE_KEYS.gdprConsent);
  if (choice !== 'accepted' && choice !== 'denied' && choice !== 'custom') return null;
  return {
    gdpr_consent: choice,
    analytics: get(STORAGE_KEYS.analyticsCookies) === 'true',
    marketing: get(STORAGE_KEYS.marketingCookies) === 'true',
  };
}

/**
 * Spec 001 section 4 (cookie consent): hidden when the form's gdprEnabled is not 1; otherwise shown
 * when no consent is stored or the stored one is 'denied'.
 */
export function shouldShowCookieBanner(gdprEnabled: number, storedChoice: string | null): boolean {
  if (gdprEnabled !== 1) return false;
  return storedChoice === null || storedChoice === 'denied' || !isChoice(storedChoice);
}

function isChoice(value: string): value is ConsentChoice {
  return value === 'accepted' || value === 'denied' || value === 'custom';
}

/** Accept sets accepted with both true; Deny sets denied with both false; Save Preferences sets custom. */
export function consentFor(
  action: 'accept' | 'deny' | 'save',
  preferences: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false },
): ConsentState {
  if (action === 'accept') return { gdpr_consent: 'accepted', analytics: true, marketing: true };
  if (action === 'deny') return { gdpr_consent: 'denied', analytics: false, marketing: false };
  return { gdpr_consent: 'custom', ...preferences };
}

export function storeConsent(set: (key: string, value: string) => void, consent: ConsentState): void {
  set(STORAGE_KEYS.gdprConsent, consent.gdpr_consent);
  set(STORAGE_KEYS.analyticsCookies, String(consent.analytics));
  set(STORAGE_KEYS.marketingCookies, String(consent.marketing));
}

/** The consent sent with a response: only for GDPR-enabled forms, and only once a choice exists. */
export function consentForSubmission(
  gdprEnabled: number,
  get: (key: string) => string | null,
): ConsentState | undefined {
  if (gdprEnabled !== 1) return undefined;
  return readConsent(get) ?? undefined;
}
