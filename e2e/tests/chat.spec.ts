import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import { type Session, signInViaApi } from '../support/api-session.js';
import { ownerToken } from '../support/public-forms.js';
import { ADMIN } from '../support/sign-in.js';

/**
 * Visitor chat (/chat-support) and the admin console (/dashboard/chat), spec 001: two browsers, a
 * visitor's and an admin's, talking through the real server.
 */

/** A visitor name no other journey uses, so the admin's list can be searched for it. */
function visitorName(label: string): string {
  return `Vera ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function openVisitor(browser: Browser, options: { withoutEventSource?: boolean } = {}) {
  const context = await browser.newContext();
  if (options.withoutEventSource) {
    await context.addInitScript(() => {
      // A browser without server-sent events: the page must fall back to polling.
      Reflect.deleteProperty(window, 'EventSource');
    });
  }
  const page = await context.newPage();
  return { context, page };
}

async function startChat(page: Page, name: string, email = '') {
  await page.goto('/chat-support');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Chat Support' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your name').fill(name);
  if (email) await dialog.getByLabel('Email (optional)').fill(email);
  await dialog.getByRole('button', { name: 'Start Chat' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Chatting as: ${name}`)).toBeVisible();
}

/** Sends a message and waits until the server has stored it (the bubble shows at once, "Sending…" until then). */
async function visitorSends(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(text)).toBeVisible();
  await expect(log.getByText('Sending…')).toHaveCount(0);
}

async function openAdmin(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; session: Session }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await signInViaApi(page, context.request, ADMIN);
  await page.goto('/dashboard/chat');
  await expect(page.getByRole('heading', { name: 'Chat Management', level: 1 })).toBeVisible();
  return { context, page, session };
}

/** The admin list's entry for a visitor (a button named by the visitor's name, state and last message). */
function chatEntry(admin: Page, name: string) {
  return admin.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });
}

/** The visitor's session id, as the admin's API knows it (found by the visitor's name). */
async function sessionIdOf(token: string, name: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v1/chat/admin/chats?status=active&q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok).toBe(true);
  const { data } = (await res.json()) as { data: { sessionId: string; userName: string }[] };
  const found = data.find((chat) => chat.userName === name);
  if (!found) throw new Error(`no active chat for ${name}`);
  return found.sessionId;
}

test('Escape on the welcome dialog goes back home; a blank name is refused', async ({ page }) => {
  await page.goto('/chat-support');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Chat Support' });
  await dialog.getByRole('button', { name: 'Start Chat' }).click();
  await expect(dialog.getByText('Please enter your name')).toBeVisible();
  await expect(dialog.getByLabel('Your name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${BASE_URL}/`);
});

test('a visitor and an admin chat live: unread badge, typing, reply, Seen, close', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = visitorName('live');
  const visitor = await openVisitor(browser);
  const visitorUrls: string[] = [];
  visitor.page.on('request', (request) => visitorUrls.push(request.url()));
  const admin = await openAdmin(browser);
  const adminUrls: string[] = [];
  admin.page.on('request', (request) => adminUrls.push(request.url()));
  await admin.page.reload();

  await startChat(visitor.page, name, 'vera@example.org');
  await visitorSends(visitor.page, 'Hello, my form does not load: https://example.org/help.');
  // A link the visitor typed is a link, opened safely; markup-looking text stays text.
  await visitorSends(visitor.page, '<b>not bold</b>');
  await expect(visitor.page.getByRole('log', { name: 'Messages' }).locator('b')).toHaveCount(0);

  // The admin's list shows the chat with two unread messages, and the tab's title counts them.
  const entry = chatEntry(admin.page, name);
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('unread-badge')).toHaveText(/2/);
  await expect(admin.page).toHaveTitle(/^\(\d+\) Chat Management – SheetForms$/);

  await entry.click();
  await expect(entry.getByTestId('unread-badge')).toHaveCount(0);
  const pane = admin.page.getByRole('region', { name });
  await expect(pane.getByRole('heading', { name })).toBeVisible();
  await expect(pane.getByTestId('message-count')).toHaveText('2 messages');
  const link = pane.getByRole('link', { name: 'https://example.org/help' });
  await expect(link).toHaveAttribute('href', 'https://example.org/help');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // Read: the visitor sees 'Seen' under their last message.
  await expect(visitor.page.getByTestId('seen-marker')).toHaveText('Seen');

  // After a reload the chat stays read.
  await admin.page.reload();
  await expect(chatEntry(admin.page, name)).toBeVisible();
  await expect(chatEntry(admin.page, name).getByTestId('unread-badge')).toHaveCount(0);
  await chatEntry(admin.page, name).click();

  // Typing shows on the visitor's side; Enter sends the reply, which the visitor receives.
  const reply = admin.page.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toHaveAttribute('placeholder', 'Type your response...');
  // The box is there, disabled, while the conversation loads; keys typed into it then would be lost
  // (pressSequentially, unlike fill, does not wait for an editable box; under load it lost them once).
  await expect(reply).toBeEditable();
  await reply.pressSequentially('Thanks Vera', { delay: 20 });
  await expect(visitor.page.getByText('Support is typing…')).toBeVisible();
  await reply.press('Shift+Enter');
  await reply.pressSequentially('we are looking at it.');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  const answer = 'Thanks Vera\nwe are looking at it.';
  await expect(pane.getByRole('log', { name: 'Messages' })).toContainText('we are looking at it.');
  await expect(visitor.page.getByRole('log', { name: 'Messages' })).toContainText('we are looking at it.');
  await expect(visitor.page.getByText('Support is typing…')).toBeHidden();
  await expect(pane.getByTestId('message-count')).toHaveText('3 messages');
  expect(await visitor.page.getByRole('log', { name: 'Messages' }).innerText()).toContain(answer);

  // The visitor answers; the open conversation shows it and it is read at once.
  await visitorSends(visitor.page, 'Great, thank you!');
  await expect(pane.getByText('Great, thank you!')).toBeVisible();
  // 'Seen' moves under the visitor's newest message.
  await expect
    .poll(() =>
      visitor.page
        .getByTestId('seen-marker')
        .evaluate((marker) => marker.parentElement?.parentElement?.textContent),
    )
    .toContain('Great, thank you!');

  // Closing asks first; the visitor then sees the closed state and can start again.
  await pane.getByRole('button', { name: 'Close chat' }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Close this chat?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Close chat' }).click();
  await expect(pane.getByText('This chat is closed.')).toBeVisible();
  await expect(chatEntry(admin.page, name)).toHaveCount(0);

  await expect(visitor.page.getByText('This chat has been closed by support.')).toBeVisible();
  await expect(visitor.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await visitor.page.getByRole('button', { name: 'Start a new chat' }).click();
  const welcome = visitor.page.getByRole('dialog', { name: 'Welcome to Chat Support' });
  await expect(welcome.getByLabel('Your name')).toHaveValue(name);

  // The closed chat is under Closed.
  await admin.page.getByRole('tab', { name: 'Closed' }).click();
  await admin.page.getByRole('searchbox', { name: 'Search conversations...' }).fill(name);
  await expect(chatEntry(admin.page, name)).toBeVisible();

  // Both pages listened live; the admin's stream was opened with a ticket, never the access token.
  expect(visitorUrls.some((url) => /\/api\/v1\/chat\/messages\/[\w-]+\/stream/.test(url))).toBe(true);
  expect(adminUrls.some((url) => url.includes('/api/v1/chat/admin/stream?ticket='))).toBe(true);
  expect(adminUrls.filter((url) => url.includes(admin.session.accessToken))).toEqual([]);

  await visitor.context.close();
  await admin.context.close();
});

test('without EventSource the visitor page polls, and still gets the reply and the close', async ({
  browser,
}) => {
  const name = visitorName('polling');
  const visitor = await openVisitor(browser, { withoutEventSource: true });
  const streams: string[] = [];
  let polls = 0;
  visitor.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/stream')) streams.push(url.pathname);
    else if (url.pathname.startsWith('/api/v1/chat/messages/')) polls++;
  });

  await startChat(visitor.page, name);
  await visitorSends(visitor.page, 'Is anyone there?');

  const token = await ownerToken(ADMIN);
  const sessionId = await sessionIdOf(token, name);
  const res = await fetch(`${BASE_URL}/api/v1/chat/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, message: 'Yes, support here.' }),
  });
  expect(res.status).toBe(201);

  await expect(
    visitor.page.getByRole('log', { name: 'Messages' }).getByText('Yes, support here.'),
  ).toBeVisible();
  // Replying moved the read marker past the visitor's message.
  await expect(visitor.page.getByTestId('seen-marker')).toBeVisible();

  const closed = await fetch(`${BASE_URL}/api/v1/chat/admin/chat/${sessionId}/close`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(closed.status).toBe(200);
  await expect(visitor.page.getByText('This chat has been closed by support.')).toBeVisible();

  expect(streams).toEqual([]);
  expect(polls).toBeGreaterThan(0);
  await visitor.context.close();
});

test('a message sent after support closed the chat shows the closed state, and a failed send offers Retry', async ({
  browser,
}) => {
  const name = visitorName('retry');
  // Polling rather than a stream, so that cutting the polls below leaves the page unaware of the close.
  const visitor = await openVisitor(browser, { withoutEventSource: true });
  await startChat(visitor.page, name);

  // The network drops the first send: the message stays with 'Not delivered' and Retry.
  let failNext = true;
  await visitor.page.route('**/api/v1/chat/message', async (route) => {
    if (failNext) {
      failNext = false;
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  const log = visitor.page.getByRole('log', { name: 'Messages' });
  await visitor.page.getByRole('textbox', { name: 'Message' }).fill('First try');
  await visitor.page.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.page.getByText('Failed to send message')).toBeVisible();
  await expect(log.getByText('Not delivered')).toBeVisible();
  await log.getByRole('button', { name: 'Retry' }).click();
  await expect(log.getByText('Not delivered')).toHaveCount(0);
  await expect(log.getByText('First try')).toHaveCount(1);
  // Stored, not only shown: the chat is closed next, and a retry still on its way would meet the 409.
  await expect(log.getByText('Sending…')).toHaveCount(0);

  const token = await ownerToken(ADMIN);
  const sessionId = await sessionIdOf(token, name);
  // Closed behind the page's back, with its polls cut: the next send learns it from the 409.
  await visitor.page.route('**/api/v1/chat/messages/**', (route) => route.abort('failed'));
  await fetch(`${BASE_URL}/api/v1/chat/admin/chat/${sessionId}/close`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
  });
  await visitor.page.getByRole('textbox', { name: 'Message' }).fill('Still there?');
  await visitor.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(visitor.page.getByText('This chat has been closed by support.')).toBeVisible();
  await expect(visitor.page.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
  await visitor.context.close();
});

test('on a phone the console shows the list, then the conversation with a back button', async ({
  browser,
}) => {
  const name = visitorName('phone');
  const visitor = await openVisitor(browser);
  await startChat(visitor.page, name);
  await visitorSends(visitor.page, 'Hello from a phone test');

  const admin = await openAdmin(browser);
  await admin.page.setViewportSize({ width: 390, height: 844 });
  await admin.page.getByRole('searchbox', { name: 'Search conversations...' }).fill(name);
  await chatEntry(admin.page, name).click();
  await expect(admin.page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  const pane = admin.page.getByRole('region', { name });
  await expect(pane.getByText('Hello from a phone test')).toBeVisible();
  const widths = await admin.page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  await pane.getByRole('button', { name: 'Back to chats' }).click();
  await expect(chatEntry(admin.page, name)).toBeFocused();
  await visitor.context.close();
  await admin.context.close();
});

test('captures the visitor chat and the console at 390 and 1280 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = visitorName('shots');
  const visitor = await openVisitor(browser);
  const admin = await openAdmin(browser);
  await startChat(visitor.page, name, 'vera@example.org');
  await visitorSends(
    visitor.page,
    'Hi! I connected my sheet but the form shows no fields. See https://example.org/sheet',
  );
  const pane = admin.page.getByRole('region', { name });
  await chatEntry(admin.page, name).click();
  await admin.page
    .getByRole('textbox', { name: 'Reply' })
    .fill('Hello Vera, is the first row of the sheet the header row?');
  await admin.page.getByRole('textbox', { name: 'Reply' }).press('Enter');
  await expect(visitor.page.getByText('is the first row of the sheet the header row?')).toBeVisible();
  await visitorSends(visitor.page, 'Oh, it is empty. Let me fix that.');
  await expect(pane.getByText('Let me fix that.')).toBeVisible();
  await expect
    .poll(() =>
      visitor.page
        .getByTestId('seen-marker')
        .evaluate((marker) => marker.parentElement?.parentElement?.textContent),
    )
    .toContain('Let me fix that.');

  for (const width of [390, 1280]) {
    await visitor.page.setViewportSize({ width, height: 900 });
    await visitor.page.screenshot({ path: `screenshots/chat-support-${width}.png`, fullPage: true });
    await admin.page.setViewportSize({ width, height: 900 });
    if (width === 390) {
      await admin.page.screenshot({
        path: `screenshots/chat-console-conversation-${width}.png`,
        fullPage: true,
      });
      await pane.getByRole('button', { name: 'Back to chats' }).click();
      await admin.page.screenshot({ path: `screenshots/chat-console-list-${width}.png`, fullPage: true });
      await chatEntry(admin.page, name).click();
    } else {
      await admin.page.screenshot({ path: `screenshots/chat-console-${width}.png`, fullPage: true });
    }
  }
  // A reload continues the visitor's chat (issue 22): the welcome is a new visitor's, in a tab of its own.
  const newcomer = await openVisitor(browser);
  await newcomer.page.goto('/chat-support');
  for (const width of [390, 1280]) {
    await newcomer.page.setViewportSize({ width, height: 900 });
    await expect(newcomer.page.getByRole('dialog', { name: 'Welcome to Chat Support' })).toBeVisible();
    await newcomer.page.screenshot({
      path: `screenshots/chat-support-welcome-${width}.png`,
      animations: 'disabled',
    });
  }
  await newcomer.context.close();
  await visitor.context.close();
  await admin.context.close();
});
