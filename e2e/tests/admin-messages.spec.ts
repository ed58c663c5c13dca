import { expect, type Page, test } from '@playwright/test';
import { signInViaApi } from '../support/api-session.js';
import { ADMIN, newOwner } from '../support/sign-in.js';

/**
 * The contact form's messages reach the Admins' inbox (/dashboard/messages), and the profile page
 * (/dashboard/profile). The message is sent the way a visitor sends it, from /contact.
 */

const SUCCESS = "Thank you for your message! We'll get back to you soon.";
const GOOGLE_PASSWORD = 'This account signs in with Google. Change your password in your Google Account.';

/** The prerendered page answers clicks only once React has hydrated it. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

test('Inbox: a message sent from /contact reaches the admins, who read and delete it', async ({
  browser,
  page,
  request,
}) => {
  const sender = `Vera Visitor ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const text = `Can SheetForms send my form to two sheets? (${sender})`;

  // A visitor, in a browser of their own (no session).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  await hydrated(visitor);
  await visitor.getByLabel('Name', { exact: true }).fill(sender);
  await visitor.getByLabel('Email', { exact: true }).fill('vera.visitor@example.com');
  await visitor.getByLabel(/Company/).fill('Visiting Ltd');
  await visitor.getByLabel('Message', { exact: true }).fill(text);
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByTestId('contact-success')).toHaveText(SUCCESS);
  await visitorContext.close();

  // The admin sees it in the inbox, unread, with the count in the sidebar.
  await signInViaApi(page, request, ADMIN);
  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' }).first();
  await expect(sidebar.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();

  const item = page.getByTestId('contact-message').filter({ hasText: sender });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(text)).toBeVisible();
  await expect(item.getByText('Visiting Ltd')).toBeVisible();
  await expect(item.getByRole('link', { name: 'vera.visitor@example.com' })).toHaveAttribute(
    'href',
    'mailto:vera.visitor@example.com',
  );
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByText('Unread', { exact: true })).toBeVisible();

  // Read, then unread again, then read. The page shows each change before the server has it, so each
  // click also waits for its PATCH: three in flight at once could be stored in another order.
  const stored = () =>
    page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/contact/messages/'),
    );
  let patched = stored();
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByText('Unread', { exact: true })).toHaveCount(0);
  expect((await patched).ok()).toBe(true);
  patched = stored();
  await item.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(item).toHaveAttribute('data-read', 'false');
  expect((await patched).ok()).toBe(true);
  patched = stored();
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  expect((await patched).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('contact-message').filter({ hasText: sender })).toHaveAttribute(
    'data-read',
    'true',
  );

  // Delete asks first; Cancel keeps the message, Delete removes it for good.
  const again = page.getByTestId('contact-message').filter({ hasText: sender });
  await again.getByRole('button', { name: `Delete the message from ${sender}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(again).toHaveCount(1);

  await again.getByRole('button', { name: `Delete the message from ${sender}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByTestId('contact-message').filter({ hasText: sender })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByTestId('contact-message').filter({ hasText: sender })).toHaveCount(0);
});

test('Inbox: an owner who is not an Admin has no Messages entry and is refused the page', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, newOwner('inbox'));
  await page.goto('/dashboard/forms');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' }).first();
  await expect(sidebar.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /Messages/ })).toHaveCount(0);
  await page.goto('/dashboard/messages');
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByTestId('contact-message')).toHaveCount(0);
});

test('Profile: the name changes, and the password is changed in the Google Account', async ({
  page,
  request,
}) => {
  const owner = newOwner('profile');
  await signInViaApi(page, request, owner);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();
  await expect(page.getByText('Member since')).toBeVisible();
  await expect(page.getByText(GOOGLE_PASSWORD)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your Google Account' })).toHaveAttribute(
    'href',
    'https://myaccount.google.com/security',
  );
  await expect(page.locator('input[type="password"]')).toHaveCount(0);

  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(owner.name);
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await name.fill('Olive Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('user-name').first()).toHaveText('Olive Renamed');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Olive Renamed');
});
