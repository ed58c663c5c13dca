import { expect, type Response, test } from '@playwright/test';
import { signInViaApi } from '../support/api-session.js';
import { newOwner } from '../support/sign-in.js';

test('two tabs that hit an expired access token at once refresh once and both stay signed in', async ({
  context,
  page,
  request,
}) => {
  const owner = newOwner('two-tabs');
  await signInViaApi(page, request, owner);
  const second = await context.newPage();
  await page.goto('/dashboard/forms');
  await second.goto('/dashboard/forms');
  for (const tab of [page, second]) await expect(tab.getByTestId('user-name')).toHaveText(owner.name);
  // Both tabs done loading: a request still in flight would meet the expired token below before the
  // reload and refresh on its own (a tab refreshed early, or a refresh cut short by the reload).
  for (const tab of [page, second]) await tab.waitForLoadState('networkidle');

  // Both tabs will load with an access token the server refuses, as after 15 minutes away.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));

  // Each tab's profile call gets its 401 before any refresh answers: the refresh (whichever tab sends
  // it) is held until both tabs have been refused, so the two refreshes would overlap without the lock.
  let refused = 0;
  let bothRefused: () => void = () => undefined;
  const bothRefusedPromise = new Promise<void>((resolve) => {
    bothRefused = resolve;
  });
  const onResponse = (response: Response) => {
    if (response.url().endsWith('/api/v1/auth/profile') && response.status() === 401) {
      refused++;
      if (refused === 2) bothRefused();
    }
  };
  context.on('response', onResponse);
  const refreshes: string[] = [];
  await context.route('**/api/v1/auth/refresh', async (route) => {
    refreshes.push(route.request().postData() ?? '');
    await bothRefusedPromise;
    await route.continue();
  });

  await Promise.all([page.reload(), second.reload()]);

  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/dashboard\/forms$/);
    await expect(tab.getByTestId('user-name')).toHaveText(owner.name);
  }
  expect(refused).toBe(2);
  // One tab spent the refresh token; the other waited for the lock and used the pair it stored.
  expect(refreshes).toHaveLength(1);
  context.off('response', onResponse);
  await context.unroute('**/api/v1/auth/refresh');

  // The stored session is still alive on the server (no reuse was detected, no family revoked).
  const stored = await second.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
  expect(stored.accessToken).not.toBe('expired.access.token');
  const profile = await request.get('/api/v1/auth/profile', {
    headers: { authorization: `Bearer ${stored.accessToken}` },
  });
  expect(profile.status()).toBe(200);
  const refreshed = await request.post('/api/v1/auth/refresh', {
    data: { refreshToken: stored.refreshToken },
  });
  expect(refreshed.status()).toBe(200);
});
