import { BASE_URL } from '../playwright.config.js';

/**
 * The first user of an empty instance becomes Admin. Claim that slot for the admin account
 * before any journey runs, so which test signs in first cannot change who is an admin.
 */
export default async function globalSetup() {
  const mint = await fetch(`${BASE_URL}/__google/__emulator/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@sheetforms.test', name: 'Ada Admin' }),
  });
  if (!mint.ok) throw new Error(`emulator did not mint a token: ${mint.status}`);
  const { idToken } = (await mint.json()) as { idToken: string };
  const signIn = await fetch(`${BASE_URL}/api/v1/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
}
