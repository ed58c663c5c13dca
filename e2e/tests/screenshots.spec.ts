import { expect, test } from '@playwright/test';
import { newOwner } from '../support/sign-in.js';

// Screenshots of the key screens for a person to look at (written to e2e/screenshots/, not committed).
test('captures the home page, the sign-in popup and the dashboard shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'An AI powered spreadsheet assistant' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/home.png' });

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with Google' }).first().click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: /Choose an account|Sign in/ })).toBeVisible();
  await popup.screenshot({ path: 'screenshots/sign-in-popup.png' });

  const owner = newOwner('shots');
  const another = popup.getByText('Use another account');
  if (await another.isVisible()) await another.click();
  await popup.getByLabel('Full name').fill(owner.name);
  await popup.getByLabel('Email').fill(owner.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Next' }).click();
  await closed;
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await expect(page.getByTestId('user-name')).toHaveText(owner.name);
  await page.screenshot({ path: 'screenshots/dashboard.png' });
});
