import { expect, test } from '@playwright/test';
import {
  addFormUser,
  createPublicForm,
  expectToast,
  field,
  ownerToken,
  prefillLink,
  storedResponses,
} from '../support/public-forms.js';
import { newOwner } from '../support/sign-in.js';

async function protectedForm(label: string) {
  const token = await ownerToken(newOwner(label));
  const formId = await createPublicForm(token, { name: 'Members Survey', settings: { loginRequired: 1 } });
  const email = `member-${Date.now().toString(36)}@sheetforms.test`;
  const { password } = await addFormUser(token, formId, email, 'Mia Member');
  return { token, formId, email, password };
}

test('a login-protected form: redirect to login, log in, submit, and the token is removed', async ({
  page,
}) => {
  const { token, formId, email, password } = await protectedForm('fl-e2e');

  await page.goto(`/form/${formId}`);
  await expect(page).toHaveURL(/\/form-login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe(new URL(`/form/${formId}`, page.url()).href);
  await expect(page.getByRole('heading', { name: 'Form Login' })).toBeVisible();
  await expect(page.getByText('Please login to access the form')).toBeVisible();
  await page.screenshot({ path: '../e2e/screenshots/form-login.png', fullPage: true });

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectToast(page, 'Invalid email or password');
  await expect(page).toHaveURL(/\/form-login/);

  const login = page.waitForRequest((request) => request.url().endsWith('/api/v1/user/form/login'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  expect((await login).headers().clienttoken).toBe(`Bearer ${formId}`);
  await expectToast(page, 'Login successful!');
  await expect(page).toHaveURL(new RegExp(`/form/${formId}$`));
  expect(await page.evaluate(() => localStorage.getItem('formUserToken'))).toMatch(/^ey/);

  await field(page, 'Full Name').fill('Mia Member');
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('formUserToken'))).toBeNull();
  expect((await storedResponses(token, formId)).map((r) => r.response['Full Name'])).toEqual(['Mia Member']);

  // Without the token the form asks for a login again.
  await page.goto(`/form/${formId}`);
  await expect(page).toHaveURL(/\/form-login\?redirect=/);
});

test('the login page follows only same-origin redirects, and a stored token goes straight there', async ({
  page,
}) => {
  const { formId, email, password } = await protectedForm('fl-redirect');

  // A foreign redirect target is not followed: success goes to /.
  await page.goto(`/form-login?redirect=${encodeURIComponent(`https://evil.example/form/${formId}`)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  // With a token stored, the login page forwards to its redirect at once.
  expect(await page.evaluate(() => localStorage.getItem('formUserToken'))).toBeTruthy();
  await page.goto(`/form-login?redirect=${encodeURIComponent(`/form/${formId}`)}`);
  await expect(page).toHaveURL(new RegExp(`/form/${formId}$`));
  await expect(page.getByRole('heading', { name: 'Members Survey' })).toBeVisible();
});

test("a login-protected form's prefilled link locks its answers only once the server verified it; a forged one locks nothing", async ({
  page,
}) => {
  const token = await ownerToken(newOwner('fl-prefill'));
  const formId = await createPublicForm(token, {
    name: 'Members Orders',
    settings: { loginRequired: 1 },
    jdata: [
      { id: 'name', label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
      { id: 'order', label: 'Order number', type: 'text', required: true },
    ],
  });
  const email = `orders-${Date.now().toString(36)}@sheetforms.test`;
  const { password } = await addFormUser(token, formId, email, 'Olu Orders');
  const link = await prefillLink(token, formId, { values: { order: 'A-1042' }, locked: ['order'] });

  // The same signature over answers someone changed: the payload decodes, but it is not the owner's.
  const signed = new URL(link, 'http://x').searchParams.get('prefill') ?? '';
  const [payload = '', signature = ''] = signed.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  claims.v.order = 'FREE-999';
  const forged = `/form/${formId}?prefill=${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;

  await page.goto(forged);
  await expect(page).toHaveURL(/\/form-login\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/form/${formId}\\?prefill=`));
  await expect(page.getByText('This prefilled link is not valid for this form')).toBeVisible();
  const order = field(page, 'Order number');
  await expect(order).toHaveValue('');
  await expect(order).toBeEditable();
  await expect(page.getByText('Set by the form owner')).toHaveCount(0);
  expect(await page.content()).not.toContain('FREE-999');
  // The refusal on a phone: it wraps above the form, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('This prefilled link is not valid for this form')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'screenshots/form-login-prefilled-refused-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(link);
  await expect(order).toHaveValue('A-1042');
  await expect(order).toHaveAttribute('readonly', '');
  await expect(order).toHaveAccessibleDescription('Set by the form owner');
  await page.screenshot({ path: 'screenshots/form-login-prefilled-locked.png', fullPage: true });
  await field(page, 'Full Name').fill('Olu Orders');
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const [stored] = await storedResponses(token, formId);
  expect(stored?.response).toMatchObject({ 'Full Name': 'Olu Orders', 'Order number': 'A-1042' });
});
