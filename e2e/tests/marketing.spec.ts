import { expect, type Page, test } from '@playwright/test';

/**
 * The public pages (spec 000 section 2): Home's assistant, /chat, /pricing and /contact, against the
 * demo questions spreadsheet the local Google stand-in serves.
 */

const CREATE_FORM = 'I want to create a form from my Google Sheet';
const REGISTRATIONS = 'I want to collect event registrations';
const WEBSITE = 'https://sheetforms.example.com/';
const VIDEO = 'https://www.youtube.com/watch?v=sheetforms-demo';
const DEMO_SHEET = 'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit';

/** The prerendered page answers clicks only once React has hydrated it. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Home is ready to ask once the feed's chips are shown. */
async function openHome(page: Page) {
  await page.goto('/');
  await hydrated(page);
  await expect(
    page.getByRole('group', { name: 'Try this questions' }).getByRole('button', { name: CREATE_FORM }),
  ).toBeVisible();
}

test('Home: a suggestion picked with the keyboard is sent to /chat with its answer and links', async ({
  page,
}) => {
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('An AI powered spreadsheet assistant');
  const box = page.getByRole('combobox', { name: 'Ask the spreadsheet assistant' });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(box).toHaveValue('I want to');

  await box.fill('I want');
  await expect(send).toBeDisabled();
  await box.fill('I want to create');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option', { name: CREATE_FORM })).toBeVisible();

  await box.press('ArrowDown');
  await expect(page.getByRole('option', { name: CREATE_FORM })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue(CREATE_FORM);
  await expect(box).not.toBeEditable();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await send.click();

  await expect(page).toHaveURL(/\/chat\?q=I%20want%20to%20create%20a%20form/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spreadsheet assistant');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('chat-message-user')).toHaveText(`You: ${CREATE_FORM}`);
  const answer = log.getByTestId('chat-message-bot');
  await expect(answer).toContainText('Sign in with Google, open Manage Forms and click Add Form.');
  await expect(answer.getByRole('link', { name: /Demo Website/ })).toHaveAttribute('href', WEBSITE);
  await expect(answer.getByRole('link', { name: /Watch How It Works/ })).toHaveAttribute('href', VIDEO);
  await expect(answer.getByRole('link', { name: /Watch How It Works/ })).toHaveAttribute('target', '_blank');
});

test('Home: the suggestion list closes on Escape and on a click outside', async ({ page }) => {
  await openHome(page);
  const box = page.getByRole('combobox', { name: 'Ask the spreadsheet assistant' });

  await box.click();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
});

test('a chip asks its question; a follow-up is answered after the typing indicator; Chat With Us opens live chat', async ({
  page,
}) => {
  await openHome(page);
  await page
    .getByRole('group', { name: 'Try this questions' })
    .getByRole('button', { name: REGISTRATIONS })
    .click();

  await expect(page).toHaveURL(/\/chat\?q=/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('chat-message-bot')).toContainText('Every registration becomes a new row.');
  await expect(log.getByRole('link', { name: /Demo Google Sheet/ })).toHaveAttribute('href', DEMO_SHEET);

  const input = page.getByRole('textbox', { name: 'Your question' });
  await input.fill('I need help from a person');
  await input.press('Enter');
  await expect(page.getByTestId('assistant-typing')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(page.getByTestId('assistant-typing')).toBeHidden();
  const reply = log.getByTestId('chat-message-bot').nth(1);
  await expect(reply).toContainText('to talk to our support team');

  await reply.getByRole('link', { name: 'Chat With Us' }).click();
  await expect(page).toHaveURL(/\/chat-support$/);
});

test('/chat: Shift+Enter adds a line and the box grows up to 120 px', async ({ page }) => {
  await page.goto('/chat');
  await hydrated(page);
  const input = page.getByRole('textbox', { name: 'Your question' });
  const height = () => input.evaluate((box) => box.getBoundingClientRect().height);
  expect(Math.round(await height())).toBe(44);

  await input.fill('one');
  for (const line of ['two', 'three']) {
    await input.press('Shift+Enter');
    await input.pressSequentially(line);
  }
  await expect(input).toHaveValue('one\ntwo\nthree');
  expect(await height()).toBeGreaterThan(44);
  for (let line = 0; line < 8; line += 1) await input.press('Shift+Enter');
  expect(Math.round(await height())).toBe(120);
  await expect(page.getByTestId('chat-message-user')).toHaveCount(0);

  await input.press('Enter');
  await expect(page.getByTestId('chat-message-user')).toHaveCount(1);
  await expect(input).toHaveValue('');
  expect(Math.round(await height())).toBe(44);
});

test('Pricing: the yearly switch shows Save 17% and the per-month figures', async ({ page }) => {
  await page.goto('/pricing');
  await hydrated(page);
  const pro = page.getByTestId('plan-price-Pro');
  await expect(pro).toHaveText('$29');
  await expect(page.getByTestId('plan-Pro')).toContainText('Most Popular');
  await expect(page.getByText('Save 17%')).toHaveCount(0);

  await page.getByRole('button', { name: 'Yearly' }).click();

  await expect(page.getByText('Save 17%')).toBeVisible();
  await expect(pro).toHaveText('$24');
  await expect(page.getByTestId('plan-price-Enterprise')).toHaveText('$83');
  await expect(page.getByTestId('plan-billing-Pro')).toHaveText('$290 billed yearly');
  await expect(page.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', '/chat-support');
});

test('Contact: a sent message shows the success banner and clears the form', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel(/Company/).fill('Analytical Engines');
  await page.getByLabel('Message', { exact: true }).fill('Can SheetForms write to two sheets at once?');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByTestId('contact-success')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
  );
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('contact-error')).toHaveCount(0);
});
