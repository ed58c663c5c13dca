/**
 * Constants of the respondent pages. They mirror `PUBLIC_STORAGE_KEYS`, `HONEYPOT_FIELD` and
 * `SUBMISSION_LIMITS` of '@sheetforms/contract' (checked by constants.test.ts) but are copied here:
 * importing a value from the contract would pull zod into the public bundle.
 */
export const STORAGE_KEYS = {
  formUserToken: 'formUserToken',
  gdprConsent: 'gdpr_consent',
  analyticsCookies: 'analytics_cookies',
  marketingCookies: 'marketing_cookies',
} as const;

export const HONEYPOT = 'website';

export const ANSWER_MAX = 5000;

export const API_BASE = '/api/v1';

/** Every request of the public pages gives up after this long. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Spec 001 section 9: toasts close after 5000 ms, top right. */
export const TOAST_MS = 5000;

/** Signature pad (spec 001 section 9). */
export const SIGNATURE = {
  minWidth: 1,
  maxWidth: 2,
  penColor: 'rgb(0, 0, 0)',
  backgroundColor: 'rgb(255, 255, 255)',
  /** The exported drawing fills this share of the box. */
  exportScale: 0.8,
  borderColor: '#e2e8f0',
} as const;
