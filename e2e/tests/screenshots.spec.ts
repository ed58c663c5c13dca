import { expect, type Locator, type Page, test } from '@playwright/test';
import { seededSpreadsheet, signInViaApi } from '../support/api-session.js';
import { expectToast } from '../support/public-forms.js';
import {
  allowGoogleAccess,
  createRegistrationForm,
  seededDocument,
  submitResponse,
} from '../support/responses.js';
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

// A phone and a laptop.
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Waits for the toasts to close by themselves (they sit over the top-right corner of the page). */
async function toastsGone(page: Page) {
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * One screenshot per viewport: the whole page, or only what the viewport shows (for drawers and dialogs,
 * which cover the viewport, not the page).
 */
async function shootPage(page: Page, name: string, extent: 'page' | 'viewport', ready: () => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await ready();
    await page.screenshot({ path: `screenshots/${name}-${viewport.width}.png`, fullPage: extent === 'page' });
  }
}

/**
 * One screenshot of a part of the page per width, with a viewport as tall as the page, so sticky bars stay
 * where they belong instead of being stitched over the part.
 */
async function shootPart(page: Page, part: Locator, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height });
    await part.screenshot({ path: `screenshots/${name}-${viewport.width}.png` });
  }
}

test('captures the Document Templates section and the Responses page at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = newOwner('shots-responses');
  const session = await signInViaApi(page, request, owner);
  const sheet = await seededSpreadsheet(request, 'Event Registration');
  const doc = await seededDocument(request, 'Registration Confirmation');
  const formName = 'SheetForms Community Day 2026 — Registration';
  const formId = await createRegistrationForm(request, session.accessToken, {
    name: formName,
    googleSheetsUrl: sheet.spreadsheetUrl,
    sheetName: 'Registrations',
  });

  // The editor: Document Templates signed out, then signed in with the seeded Doc added.
  await page.goto(`/dashboard/form-update?formId=${formId}`);
  await page.getByRole('switch', { name: 'Document Templates' }).click();
  const settings = page.getByRole('region', { name: 'Settings' });
  const signIn = settings.getByRole('button', { name: 'Sign in with Google' });
  await expect(signIn).toBeEnabled();
  await shootPart(page, settings, 'templates-signed-out');
  const popupOpened = page.waitForEvent('popup');
  await signIn.click();
  await allowGoogleAccess(await popupOpened, owner);
  await settings.getByRole('textbox', { name: 'Template name' }).fill('Registration Confirmation');
  await settings.getByRole('textbox', { name: 'Google Docs URL' }).fill(doc.documentUrl);
  await settings.getByRole('button', { name: 'Add template' }).click();
  await expectToast(page, 'Template added successfully');
  await toastsGone(page);
  await expect(settings.getByRole('heading', { name: 'Registration Confirmation' })).toBeVisible();
  await shootPart(page, settings, 'templates-signed-in');

  // Responses with short, long and missing answers.
  await submitResponse(request, formId, {
    'Full Name': 'Ada Lovelace',
    Email: 'ada.lovelace@example.com',
    Phone: '+44 20 7946 0001',
    Company: 'Analytical Engines Ltd',
    'Ticket Type': 'VIP',
    'Dietary Requirements': 'Vegetarian',
  });
  await submitResponse(request, formId, {
    'Full Name': 'Maximilian Alexander von Humboldt-Schwarzenberg',
    Email: 'maximilian.alexander.von.humboldt-schwarzenberg@university-of-example.org',
    Company: 'Institute for Very Long Organisation Names and Their Study',
    'Ticket Type': 'Speaker',
    'Dietary Requirements':
      'No nuts or sesame, please. A vegetarian option at lunch and at the evening dinner would be wonderful; I can bring my own snacks if needed.',
  });
  await submitResponse(request, formId, {
    'Full Name': 'Grace Hopper',
    Email: 'grace.hopper@example.com',
    'Ticket Type': 'Standard',
  });

  await page.goto(`/dashboard/responses?formId=${formId}`);
  const rows = page.getByRole('region', { name: 'Responses', exact: true }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('stat-total-responses')).toHaveText('3');
  await shootPage(page, 'responses', 'page', async () => {
    await expect(rows.first()).toBeVisible();
  });

  await rows.nth(1).getByRole('button', { name: /^View/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Response 2' });
  await shootPage(page, 'responses-drawer', 'viewport', async () => {
    await expect(drawer).toBeVisible();
  });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await rows
    .nth(0)
    .getByRole('button', { name: /^Export/ })
    .click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Template' });
  await shootPage(page, 'responses-export', 'viewport', async () => {
    await expect(exportDialog.getByRole('button', { name: 'Registration Confirmation' })).toBeVisible();
  });
});
