import { expect, type Page, test } from '@playwright/test';
import { signInViaApi } from '../support/api-session.js';
import { ADMIN, newOwner } from '../support/sign-in.js';

/**
 * Issue 22, items 9 to 11: the dashboard's Not found page, pricing's sign-in, the chat at phone size
 * (reload continues the visitor's session, the admin's reply box in view) and the assistant's search.
 */

/** The prerendered page answers clicks only once React has hydrated it. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

test('an unknown dashboard address shows Not found inside the dashboard, with the way back', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request, newOwner('not-found'));
  await page.goto('/dashboard/no-such-page');

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at this address.')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Manage Forms' }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms$/);
});

test("pricing, signed out: 'Start for free' opens the Google sign-in and then the dashboard", async ({
  page,
}) => {
  const owner = newOwner('pricing');
  await page.goto('/pricing');
  await hydrated(page);

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Start for free' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  // The chooser renders after the page loads: wait for it before asking what it shows.
  await expect(popup.getByRole('heading', { name: /Choose an account|Sign in/ })).toBeVisible();
  const closed = popup.waitForEvent('close');
  const another = popup.getByText('Use another account');
  if (await another.isVisible()) await another.click();
  await popup.getByLabel('Full name').fill(owner.name);
  await popup.getByLabel('Email').fill(owner.email);
  await popup.getByRole('button', { name: 'Next' }).click();
  await closed;

  await expect(page).toHaveURL(/\/dashboard\/forms$/);
  await expect(page.getByTestId('user-name')).toHaveText(owner.name);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a visitor's reload continues the chat, and the admin opens it with the reply box in view", async ({
    browser,
  }) => {
    const name = `Rhea ${Date.now().toString(36)}`;
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/chat-support');
    const dialog = visitor.getByRole('dialog', { name: 'Welcome to Chat Support' });
    await dialog.getByLabel('Your name').fill(name);
    await dialog.getByRole('button', { name: 'Start Chat' }).click();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Before the reload');
    await visitor.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(visitor.getByRole('log', { name: 'Messages' }).getByText('Before the reload')).toBeVisible();
    // Stored before the reload: the bubble shows at once, "Sending…" until the server has the message.
    await expect(visitor.getByRole('log', { name: 'Messages' }).getByText('Sending…')).toHaveCount(0);

    await visitor.reload();
    await expect(visitor.getByText(`Chatting as: ${name}`)).toBeVisible();
    await expect(visitor.getByRole('log', { name: 'Messages' }).getByText('Before the reload')).toBeVisible();
    await expect(visitor.getByRole('dialog')).toBeHidden();

    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    await signInViaApi(admin, adminContext.request, ADMIN);
    await admin.goto('/dashboard/chat');
    await admin.getByRole('searchbox').fill(name);
    const entries = admin
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(name) });
    // One visitor, one entry: the reload did not start a second session.
    await expect(entries).toHaveCount(1);
    await entries.click();
    await expect(admin.getByRole('textbox', { name: 'Reply' })).toBeInViewport();
    await expect(admin.getByRole('button', { name: 'Send', exact: true })).toBeInViewport();

    await visitorContext.close();
    await adminContext.close();
  });
});

test('the assistant answers a misspelled question and says so when nothing fits', async ({ page }) => {
  await page.goto('/chat');
  await hydrated(page);
  const input = page.getByRole('textbox', { name: 'Your question' });
  const log = page.getByRole('log', { name: 'Messages' });

  await input.fill('how do I exprot my responses to csv');
  await input.press('Enter');
  await expect(log.getByTestId('chat-message-bot')).toContainText('Export');

  await input.fill('Do you deliver pizza?');
  await input.press('Enter');
  const last = log.getByTestId('chat-message-bot').last();
  await expect(last).toContainText("I don't have an answer for that yet.");
  await expect(last.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', '/chat-support');
});
