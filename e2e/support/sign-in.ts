import { expect, type Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
}

export const ADMIN: Account = { name: 'Ada Admin', email: 'admin@sheetforms.test' };

/** A fresh non-admin account per test, so journeys never depend on each other. */
export function newOwner(label = 'owner'): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Olive ${label}`, email: `${label}-${id}@sheetforms.test` };
}

/**
 * Signs in the way a person does: "Login with Google", then the emulator's account chooser in the popup.
 */
export async function signInThroughPopup(page: Page, account: Account) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with Google' }).first().click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await expect(popup.getByRole('heading', { name: /Choose an account|Sign in/ })).toBeVisible();

  // The popup closes itself as soon as it hands the token over: listen for that before the last click.
  const closed = popup.waitForEvent('close');
  const remembered = popup.getByRole('button', { name: new RegExp(account.email.replace(/[.+]/g, '\\$&')) });
  if (await remembered.count()) {
    await remembered.first().click();
  } else {
    const another = popup.getByText('Use another account');
    if (await another.isVisible()) await another.click();
    await popup.getByLabel('Full name').fill(account.name);
    await popup.getByLabel('Email').fill(account.email);
    await popup.getByRole('button', { name: 'Next' }).click();
  }
  await closed;
}
