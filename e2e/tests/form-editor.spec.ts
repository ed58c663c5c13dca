import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dragHandle, moveByKeyboard } from '../support/drag.js';
import { newOwner } from '../support/sign-in.js';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

/** Signs in through the API (emulator ID token, then /auth/google) and hands the session to the page. */
async function signInViaApi(page: Page, request: APIRequestContext): Promise<Session> {
  const owner = newOwner('editor');
  const minted = await request.post('/__google/__emulator/id-token', { data: owner });
  expect(minted.ok()).toBe(true);
  const { idToken } = (await minted.json()) as { idToken: string };
  const signedIn = await request.post('/api/v1/auth/google', { data: { idToken } });
  expect(signedIn.ok()).toBe(true);
  const { data } = (await signedIn.json()) as { data: Session };
  await page.addInitScript((session) => {
    // Only on the first load: the app may rotate the tokens afterwards.
    if (localStorage.getItem('accessToken')) return;
    localStorage.setItem('accessToken', session.accessToken);
    localStorage.setItem('refreshToken', session.refreshToken);
    localStorage.setItem('user', JSON.stringify(session.user));
  }, data);
  return data;
}

async function createForm(request: APIRequestContext, session: Session): Promise<string> {
  const created = await request.post('/api/v1/forms', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: {
      googleSheetsUrl: '',
      sheetName: 'Sheet1',
      name: 'Volunteer sign-up',
      description: 'Join the spring clean-up',
      jdata: [
        { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
        { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
        { label: 'Phone', type: 'text', required: false, placeHolder: 'Enter your phone' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { formId: string } };
  return data.formId;
}

test('an owner edits a form: removes a field, protects it with an authorized user, sizes the signature', async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request);
  const formId = await createForm(request, session);
  const editorUrl = `/dashboard/form-update?formId=${formId}`;

  await page.goto(editorUrl);
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Volunteer sign-up');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Join the spring clean-up');

  // Remove a field: it disappears from the editor.
  await expect(page.getByRole('group', { name: 'Phone' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Phone' }).click();
  await expect(page.getByRole('group', { name: 'Phone' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Email' })).toBeVisible();

  // Login Protection shows Authorized Users; adding one shows the generated password once.
  const login = page.getByRole('switch', { name: 'Login Protection' });
  await expect(login).toHaveAttribute('aria-checked', 'false');
  await login.click();
  await expect(login).toHaveAttribute('aria-checked', 'true');
  const users = page.getByRole('region', { name: 'Authorized Users' });
  await users.getByRole('button', { name: 'Add User' }).click();
  await expect(users.getByText('Name is required')).toBeVisible();
  await expect(users.getByText('Email is required')).toBeVisible();
  await users.getByRole('textbox', { name: 'Name' }).fill('Jane Doe');
  await users.getByRole('textbox', { name: 'Email' }).fill('jane.doe@example.com');
  await users.getByRole('button', { name: 'Add User' }).click();
  await expect(
    users.getByText('Share this password with Jane Doe; it will not be shown again.'),
  ).toBeVisible();
  await expect(page.getByText('User added successfully!')).toBeVisible();
  const password = (await users.getByTestId('generated-password').textContent()) ?? '';
  expect(password).toHaveLength(10);
  await expect(users.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(users.getByRole('row', { name: /Jane Doe/ })).toContainText('jane.doe@example.com');

  // Digital Signature: out-of-range sizes fall back to 400 x 200, then a valid size is kept.
  await page.getByRole('switch', { name: 'Digital Signature' }).click();
  const width = page.getByRole('spinbutton', { name: 'Signature width' });
  const height = page.getByRole('spinbutton', { name: 'Signature height' });
  await expect(width).toHaveValue('400');
  await expect(height).toHaveValue('200');
  await width.fill('1200');
  await height.fill('50');
  await width.focus();
  await expect(width).toHaveValue('400');
  await expect(height).toHaveValue('200');
  await width.fill('640');
  await height.fill('300');
  await height.blur();
  await expect(page.getByTestId('signature-size')).toHaveText('Pad size: 640 × 300 px');

  // A viewport as tall as the page, so the sticky header and action bar sit where a reader expects them.
  const viewport = page.viewportSize();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport) await page.setViewportSize({ width: viewport.width, height: pageHeight });
  await page.screenshot({ path: 'screenshots/form-editor.png' });
  if (viewport) await page.setViewportSize(viewport);

  // Two fields with one label are refused (answers are keyed by label), until one is changed back.
  const labels = page.getByRole('textbox', { name: 'Label' });
  const emailLabel = labels.nth(1);
  await expect(emailLabel).toHaveValue('Email');
  await emailLabel.fill(' full name');
  await page.getByRole('button', { name: 'Update Form' }).click();
  const duplicate = 'Each field needs its own label: "Full Name" is used more than once.';
  await expect(page.getByRole('alert').filter({ hasText: duplicate }).first()).toBeVisible();
  await expect(page.locator('.Toastify__toast').filter({ hasText: duplicate })).toBeVisible();
  await expect(emailLabel).toHaveAttribute('aria-invalid', 'true');
  await expect(labels.nth(0)).toBeFocused();
  await emailLabel.fill('Email');

  // Update Form, 'Updated Successfully!', then the forms dashboard about a second later.
  // Timed from the click: the checks of the message below take their own time on a slow machine.
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(page.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  await expect(page.getByText('Form updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/forms$/, { timeout: 5000 });
  expect(Date.now() - clickedAt).toBeGreaterThan(900);

  // Everything persisted.
  await page.goto(editorUrl);
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Volunteer sign-up');
  await expect(page.getByRole('group', { name: 'Full Name' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Phone' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Login Protection' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('switch', { name: 'Digital Signature' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('spinbutton', { name: 'Signature width' })).toHaveValue('640');
  await expect(page.getByRole('spinbutton', { name: 'Signature height' })).toHaveValue('300');
  const persistedUsers = page.getByRole('region', { name: 'Authorized Users' });
  const row = persistedUsers.getByRole('row', { name: /Jane Doe/ });
  await expect(row).toContainText('jane.doe@example.com');
  await expect(page.getByText(password)).toHaveCount(0);
  await expect(persistedUsers.getByTestId('password-callout')).toHaveCount(0);

  // Removing the user.
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('User removed successfully')).toBeVisible();
  await expect(persistedUsers.getByRole('row', { name: /Jane Doe/ })).toHaveCount(0);
  await expect(persistedUsers.getByText('No authorized users yet')).toBeVisible();

  // Without a formId there is nothing to edit.
  await page.goto('/dashboard/form-update');
  await expect(page.getByText('Missing form ID parameter')).toBeVisible();
});

test('two tabs edit one form: the second save is refused, and its owner keeps editing, saves their version or loads the latest', async ({
  context,
  page,
  request,
}) => {
  const session = await signInViaApi(page, request);
  const formId = await createForm(request, session);
  const editorUrl = `/dashboard/form-update?formId=${formId}`;
  const storedName = async () => {
    const stored = await request.get(`/api/v1/forms/${formId}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    });
    return ((await stored.json()) as { data: { form: { name: string } } }).data.form.name;
  };
  await page.goto(editorUrl);
  const second = await context.newPage();
  await second.goto(editorUrl);
  for (const tab of [page, second]) {
    await expect(tab.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Volunteer sign-up');
  }

  await page.getByRole('textbox', { name: 'Form Name' }).fill('Saved in the first tab');
  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(page.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();

  // The second tab's save is refused: a dialog asks, and nothing is overwritten meanwhile.
  await second.getByRole('textbox', { name: 'Form Name' }).fill('Saved in the second tab');
  await second.getByRole('button', { name: 'Update Form' }).click();
  const conflict = second.getByRole('alertdialog', { name: 'This form was saved somewhere else' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await second.screenshot({ path: 'screenshots/editor-save-conflict-1280.png', animations: 'disabled' });
  expect(await storedName()).toBe('Saved in the first tab');

  // Keep editing: the draft is still there, and so is the refusal at the next Update Form.
  await conflict.getByRole('button', { name: 'Keep editing' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(second).toHaveURL(new RegExp(`form-update\\?formId=${formId}$`));
  await expect(second.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Saved in the second tab');
  await second.setViewportSize({ width: 390, height: 844 });
  await second.getByRole('button', { name: 'Update Form' }).click();
  await expect(conflict).toBeVisible();
  await second.screenshot({ path: 'screenshots/editor-save-conflict-390.png', animations: 'disabled' });
  await second.setViewportSize({ width: 1280, height: 800 });

  // Save my version: it replaces the first tab's save.
  await conflict.getByRole('button', { name: 'Save my version' }).click();
  await expect(second.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  expect(await storedName()).toBe('Saved in the second tab');

  // A third tab opened before that save loads the latest version instead, losing only its own change.
  const third = await context.newPage();
  await third.goto(editorUrl);
  await expect(third.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Saved in the second tab');
  const fourth = await context.newPage();
  await fourth.goto(editorUrl);
  await expect(fourth.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Saved in the second tab');
  await third.getByRole('textbox', { name: 'Form Name' }).fill('Saved in the third tab');
  await third.getByRole('button', { name: 'Update Form' }).click();
  await expect(third.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  await fourth.getByRole('textbox', { name: 'Form Name' }).fill('Dropped in the fourth tab');
  await fourth.getByRole('button', { name: 'Update Form' }).click();
  await fourth.getByRole('alertdialog').getByRole('button', { name: 'Load latest version' }).click();
  await expect(fourth.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Saved in the third tab');
  await expect(fourth.getByRole('alertdialog')).toHaveCount(0);
  expect(await storedName()).toBe('Saved in the third tab');
  // And saving from the reloaded editor works.
  await fourth.getByRole('textbox', { name: 'Form Name' }).fill('Saved after reloading');
  await fourth.getByRole('button', { name: 'Update Form' }).click();
  await expect(fourth.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  expect(await storedName()).toBe('Saved after reloading');
});

test("an owner reorders the editor's fields by mouse, by keyboard and with Move up, and the form keeps the order", async ({
  page,
  request,
}) => {
  const session = await signInViaApi(page, request);
  const formId = await createForm(request, session);
  await page.goto(`/dashboard/form-update?formId=${formId}`);
  await expect(page.getByRole('textbox', { name: 'Form Name' })).toHaveValue('Volunteer sign-up');
  const handle = (name: string) => page.getByRole('button', { name: `Reorder ${name}` });
  const order = () =>
    page
      .getByRole('button', { name: /^Reorder / })
      .evaluateAll((handles) =>
        handles.map((h) => (h.getAttribute('aria-label') ?? '').replace(/^Reorder /, '')),
      );

  // Each field shows its settings, so rows are tall: drag the dragged row's handle from mid-screen.
  await handle('Phone').evaluate((element) =>
    element.scrollIntoView({ block: 'center', behavior: 'instant' }),
  );
  await dragHandle(page, handle('Phone'), handle('Email'));
  await expect.poll(order).toEqual(['Full Name', 'Phone', 'Email']);
  await moveByKeyboard(page, handle('Full Name'), 'ArrowDown');
  await expect.poll(order).toEqual(['Phone', 'Full Name', 'Email']);
  await page.getByRole('button', { name: 'Move Email up' }).click();
  await expect.poll(order).toEqual(['Phone', 'Email', 'Full Name']);

  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(page.getByRole('heading', { name: 'Updated Successfully!' })).toBeVisible();
  const stored = await request.get(`/api/v1/forms/${formId}`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  const { data } = (await stored.json()) as { data: { form: { jdata: { label: string }[] } } };
  expect(data.form.jdata.map((field) => field.label)).toEqual(['Phone', 'Email', 'Full Name']);
});
