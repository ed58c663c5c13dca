import { expect, test } from '@playwright/test';
import { ADMIN, newOwner, signInThroughPopup } from '../support/sign-in.js';

test('a visitor signs in through the Google popup, stays signed in on reload, and signs out', async ({
  page,
}) => {
  const owner = newOwner();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'An AI powered spreadsheet assistant' })).toBeVisible();
  await expect(page.getByTestId('local-mode-badge').first()).toBeVisible();

  await signInThroughPopup(page, owner);

  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await expect(page.getByText('Google sign-in successful')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText(owner.name);
  await expect(page.getByTestId('user-role')).toHaveText('User');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await expect(page.getByTestId('user-name')).toHaveText(owner.name);

  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login with Google' }).first()).toBeVisible();
  const stored = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
    localStorage.getItem('user'),
  ]);
  expect(stored).toEqual([null, null, null]);
});

test('a signed-out visit to the dashboard goes home, and signing in returns to the remembered page', async ({
  page,
}) => {
  await page.goto('/dashboard/forms');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login with Google' }).first()).toBeVisible();

  await page.goto('/dashboard/chat');
  await expect(page).toHaveURL(/\/$/);
  await signInThroughPopup(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByRole('heading', { name: 'Chat Management' })).toBeVisible();
});

test('a non-admin sees no Chat link and gets Access Denied at /dashboard/chat', async ({ page }) => {
  await page.goto('/');
  await signInThroughPopup(page, newOwner('plain'));
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Forms', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Chat', exact: true })).toHaveCount(0);

  await page.goto('/dashboard/chat');
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByText(/Admin/)).toBeVisible();
});

test('an admin sees Chat and can open it', async ({ page }) => {
  await page.goto('/');
  await signInThroughPopup(page, ADMIN);
  await expect(page.getByTestId('user-role')).toHaveText('Admin');
  await page
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'Chat', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByRole('heading', { name: 'Chat Management' })).toBeVisible();
});

test('the top bar shows the signed-in user with Dashboard and Logout', async ({ page }) => {
  const owner = newOwner('topbar');
  await page.goto('/');
  await signInThroughPopup(page, owner);
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('nav-user-name')).toHaveText(owner.name);
  await banner.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Google' })).toBeVisible();
});

test('cancelling the popup keeps the visitor signed out with a message', async ({ page }) => {
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with Google' }).first().click();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('link', { name: 'Cancel' }).click();
  await closed;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.Toastify')).toContainText(/cancel|denied|failed/i);
});
