import { expect, test } from '@playwright/test';
import { signInViaApi } from '../support/api-session.js';
import { createRegistrationForm, submitResponse } from '../support/responses.js';
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

test('on a phone the responses page never scrolls sideways, and a tapped row opens the response', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request, newOwner('mobile-responses'));
  const formId = await createRegistrationForm(request, session.accessToken, {
    name: 'Phone-sized responses',
  });
  const names = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'];
  const ids: string[] = [];
  for (const name of names) {
    ids.push(
      await submitResponse(request, formId, {
        'Full Name': name,
        Email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
        Company: 'A company whose name is long enough to need some room',
        'Dietary Requirements': 'No nuts, please; and a vegetarian option for the evening dinner.',
      }),
    );
  }

  await page.goto(`/dashboard/responses?formId=${formId}`);
  const region = page.getByRole('region', { name: 'Responses', exact: true });
  const rows = region.locator('tbody tr');
  await expect(rows).toHaveCount(3);

  const viewport = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(viewport.innerWidth).toBeLessThan(420);
  expect(viewport.scrollWidth).toBeLessThanOrEqual(viewport.innerWidth);

  // The table is wider than the phone, so its own box scrolls instead of the page.
  const box = await region.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
  const scrolled = await region.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);

  // Newest first: the last one submitted is row 1.
  await rows.nth(0).getByRole('cell', { name: 'Katherine Johnson' }).tap();
  const drawer = page.getByRole('dialog', { name: 'Response 1' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Katherine Johnson')).toBeVisible();
  await expect(drawer.getByText(ids[2] ?? '')).toBeVisible();
  // The drawer slides in (a 200 ms transition): once it has arrived, it fits the phone.
  await expect
    .poll(async () => {
      const drawerBox = await drawer.boundingBox();
      return Math.round((drawerBox?.x ?? -1) + (drawerBox?.width ?? 0));
    })
    .toBeLessThanOrEqual(viewport.innerWidth);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
