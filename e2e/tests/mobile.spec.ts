import { expect, test } from '@playwright/test';
import { newOwner, signInThroughPopup } from '../support/sign-in.js';

test('on a phone the dashboard sidebar is a slide-out menu', async ({ page }) => {
  const owner = newOwner('mobile');
  await page.goto('/');
  // The top bar collapses into a menu on phones; the sign-in button lives inside it.
  const menuToggle = page.getByRole('banner').getByRole('button', { name: 'Main menu' });
  if (await menuToggle.isVisible()) await menuToggle.click();
  await signInThroughPopup(page, owner);
  await expect(page).toHaveURL(/\/dashboard\/forms$/);

  const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Forms', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await sidebar.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(sidebar).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
});
