import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Account } from './sign-in.js';

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

export interface EmulatorSpreadsheet {
  spreadsheetId: string;
  title: string;
  spreadsheetUrl: string;
}

/**
 * Signs in without the popup (an emulator ID token, then the app's own sign-in call) and stores the
 * session the way the app does, for journeys whose subject is not sign-in.
 */
export async function signInViaApi(
  page: Page,
  request: APIRequestContext,
  account: Account,
): Promise<Session> {
  const mint = await request.post('/__google/__emulator/id-token', { data: account });
  expect(mint.ok()).toBe(true);
  const { idToken } = (await mint.json()) as { idToken: string };
  const signIn = await request.post('/api/v1/auth/google', { data: { idToken } });
  expect(signIn.ok()).toBe(true);
  const session = ((await signIn.json()) as { data: Session }).data;
  // Any page of the origin gives its localStorage; robots.txt is the cheapest (the home page would render
  // and hydrate the whole marketing app first).
  await page.goto('/robots.txt');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
  return session;
}

/** A seeded (or test-made) emulator spreadsheet, found by its title. */
export async function seededSpreadsheet(
  request: APIRequestContext,
  title: string,
): Promise<EmulatorSpreadsheet> {
  const response = await request.get('/__google/__emulator/spreadsheets');
  expect(response.ok()).toBe(true);
  const { spreadsheets } = (await response.json()) as { spreadsheets: EmulatorSpreadsheet[] };
  const found = spreadsheets.find((sheet) => sheet.title === title);
  if (!found) throw new Error(`the emulator has no spreadsheet titled ${title}`);
  return found;
}
