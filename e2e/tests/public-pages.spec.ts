import { expect, test } from '@playwright/test';
import { newOwner } from '../support/sign-in.js';

/**
 * The public pages are prerendered (decision 0018): their text, title and description are in the HTML a
 * browser without JavaScript receives; with JavaScript they hydrate without an error, and the top bar
 * shows the stored session after hydration.
 */
const PAGES = [
  { path: '/', h1: 'An AI powered spreadsheet assistant', title: /An AI powered spreadsheet assistant/ },
  { path: '/pricing', h1: /pricing/i, title: 'Pricing – SheetForms' },
  { path: '/contact', h1: /contact/i, title: 'Contact Us – SheetForms' },
  { path: '/chat', h1: 'Spreadsheet assistant', title: 'Spreadsheet assistant chat – SheetForms' },
  { path: '/chat-support', h1: 'Chat Support', title: 'Chat Support – SheetForms' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const page of PAGES) {
    test(`${page.path} has its text, title, description and navigation in the HTML`, async ({
      page: tab,
    }) => {
      await tab.goto(page.path);
      await expect(tab.getByRole('heading', { level: 1, name: page.h1 })).toBeVisible();
      await expect(tab).toHaveTitle(page.title);
      const description = await tab.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(50);
      await expect(tab.locator('meta[property="og:title"]')).toHaveAttribute('content', await tab.title());
      await expect(tab.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${page.path}$`));
      await expect(tab.getByText('© 2025 SheetForms. All rights reserved.')).toBeVisible();
      const footer = tab.getByRole('navigation', { name: 'Footer' });
      await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    });
  }
});

test('each public page hydrates without an error, and links move between them in the page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The questions feed may be unconfigured locally: its failure is the page's own message, not a crash.
    if (message.type() === 'error' && !/questions|Failed to load resource/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const entry of PAGES) {
    await page.goto(entry.path);
    // By its tag: /chat-support's welcome dialog hides the page from the accessibility tree.
    await expect(page.locator('h1')).toHaveText(entry.h1);
    // Hydrated: React has attached to the prerendered markup.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('root')?.firstElementChild ?? {}).some((key) =>
            key.startsWith('__react'),
          ),
        ),
      )
      .toBe(true);
  }
  expect(errors).toEqual([]);

  // A client-side navigation: no new document, and the head follows the page.
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).toHaveTitle('Pricing – SheetForms');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  expect(errors).toEqual([]);
});

test('a stored session turns the top bar into the signed-in one, and Logout returns it', async ({ page }) => {
  const owner = newOwner('public');
  await page.addInitScript((account) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('accessToken', 'not-checked-by-the-bar');
    localStorage.setItem('refreshToken', 'r');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'u1', name: account.name, email: account.email, role: 'User' }),
    );
  }, owner);
  await page.goto('/pricing');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('nav-user-name')).toHaveText(owner.name);
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/forms');
  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Login with Google' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('at 390 px the menu opens with the links and the account controls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  const toggle = page.getByRole('button', { name: 'Main menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Pricing', 'Contact Us', 'Chat Support']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Login with Google' })).toBeVisible();
  await nav.getByRole('link', { name: 'Chat Support' }).click();
  await expect(page).toHaveURL(/\/chat-support$/);
  // The live chat loaded in the page; its welcome dialog hides the rest from the accessibility tree.
  await expect(page.getByRole('dialog', { name: 'Welcome to Chat Support' })).toBeVisible();
  await expect(page.locator('button[aria-controls="main-menu"]')).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
