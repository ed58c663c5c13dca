import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { BASE_URL } from '../playwright.config.js';
import type { EmulatorSpreadsheet, Session } from '../support/api-session.js';
import { createRegistrationForm, submitResponse } from '../support/responses.js';
import { type Account, ADMIN, newOwner } from '../support/sign-in.js';

/**
 * Every page of the route tables (spec 000 and 001) at a phone's and a laptop's size: the page never
 * scrolls sideways (wide tables scroll inside their own box), and no control is covered by another
 * element (a toast, a sticky bar, a cookie banner), neither on first view nor when scrolled to.
 */

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/**
 * Routes of the route tables that are not built yet (they fall through to Not found). When one lands,
 * move it into ROUTES below with what it needs.
 */
export const ROUTES_NOT_BUILT = [] as const;

interface Seed {
  owner: Session;
  admin: Session;
  /** A form with two responses. */
  formId: string;
  /** Login protection (with one authorized user), signature and GDPR on: the editor's longest page. */
  protectedFormId: string;
  /** Signature and GDPR on, no login: the public form with its pad and the cookie banner. */
  signatureFormId: string;
  spreadsheetUrl: string;
}

interface Route {
  name: string;
  /** The signed-in session the page needs, if any. */
  as?: 'owner' | 'admin';
  path: (seed: Seed) => string;
  /** What shows once the page is ready to be measured. */
  ready: (page: Page, seed: Seed) => Promise<void>;
}

const ROUTES: Route[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'pricing',
    path: () => '/pricing',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'contact',
    path: () => '/contact',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'assistant chat',
    path: () => '/chat',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'home with the mobile menu open',
    path: () => '/',
    ready: async (page) => {
      const toggle = page.getByRole('button', { name: 'Main menu' });
      // Only phones fold the links into the menu.
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
        ).toBeVisible();
      }
    },
  },
  {
    name: 'not found',
    path: () => '/no-such-page',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'manage forms',
    as: 'owner',
    path: () => '/dashboard/forms',
    // Rows of a table at 1280 px, cards on a phone.
    ready: (page) =>
      expect(
        page
          .getByRole('row', { name: /Layout check/ })
          .or(page.getByRole('article', { name: /Layout check/ })),
      ).toHaveCount(3),
  },
  {
    name: 'form generator (welcome)',
    as: 'owner',
    path: () => '/dashboard/form-generator',
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Welcome to the Form Generator' })).toBeVisible(),
  },
  {
    name: 'form generator (a sheet loaded)',
    as: 'owner',
    path: () => '/dashboard/form-generator',
    ready: async (page, seed) => {
      await page.getByRole('textbox', { name: 'Google Sheets URL' }).fill(seed.spreadsheetUrl);
      await page.getByRole('button', { name: 'Load Data' }).click();
      await page.getByRole('combobox', { name: 'Sheet' }).selectOption('Registrations');
      await expect(page.getByRole('list', { name: 'Form fields' }).getByRole('listitem')).toHaveCount(6);
    },
  },
  {
    name: 'form editor',
    as: 'owner',
    path: (seed) => `/dashboard/form-update?formId=${seed.protectedFormId}`,
    ready: (page) => expect(page.getByRole('region', { name: 'Authorized Users' })).toBeVisible(),
  },
  {
    name: 'responses',
    as: 'owner',
    path: (seed) => `/dashboard/responses?formId=${seed.formId}`,
    ready: (page) =>
      expect(page.getByRole('region', { name: 'Responses', exact: true }).locator('tbody tr')).toHaveCount(2),
  },
  {
    name: 'chat management',
    as: 'admin',
    path: () => '/dashboard/chat',
    ready: (page) => expect(page.getByRole('heading', { name: 'Chat Management' })).toBeVisible(),
  },
  {
    name: 'chat support',
    path: () => '/chat-support',
    ready: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Welcome to Chat Support' });
      await dialog.getByLabel('Your name').fill('Layout Visitor');
      await dialog.getByRole('button', { name: 'Start Chat' }).click();
      await expect(page.getByText('Chatting as: Layout Visitor')).toBeVisible();
    },
  },
  {
    name: 'public form',
    path: (seed) => `/form/${seed.formId}`,
    ready: (page) => expect(page.getByRole('button', { name: 'Submit Form' })).toBeVisible(),
  },
  {
    name: 'public form with signature and cookie banner',
    path: (seed) => `/form/${seed.signatureFormId}`,
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear Signature' })).toBeVisible();
    },
  },
  {
    name: 'form login',
    path: (seed) => `/form-login?redirect=${encodeURIComponent(`/form/${seed.protectedFormId}`)}`,
    ready: (page) => expect(page.getByRole('button', { name: 'Login' })).toBeVisible(),
  },
];

async function signIn(request: APIRequestContext, account: Account): Promise<Session> {
  const mint = await request.post('/__google/__emulator/id-token', { data: account });
  expect(mint.ok()).toBe(true);
  const { idToken } = (await mint.json()) as { idToken: string };
  const signedIn = await request.post('/api/v1/auth/google', { data: { idToken } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return ((await signedIn.json()) as { data: Session }).data;
}

let seed: Seed;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const owner = await signIn(request, newOwner('layout'));
  const admin = await signIn(request, ADMIN);
  const headers = { Authorization: `Bearer ${owner.accessToken}` };
  const formId = await createRegistrationForm(request, owner.accessToken, { name: 'Layout check form' });
  for (const name of ['Ada Lovelace', 'Grace Hopper']) {
    await submitResponse(request, formId, {
      'Full Name': name,
      Email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
      Company: 'A company whose name is long enough to need some room on a phone',
      'Dietary Requirements': 'No nuts, please; and a vegetarian option for the evening dinner.',
    });
  }
  const protectedFormId = await createRegistrationForm(request, owner.accessToken, {
    name: 'Layout check form with login',
  });
  const update = await request.put(`/api/v1/forms/${protectedFormId}`, {
    headers,
    data: { settings: { signatureEnabled: 1, gdprEnabled: 1, loginRequired: 1 } },
  });
  expect(update.ok(), await update.text()).toBe(true);
  const user = await request.post('/api/v1/forms/add-user', {
    headers,
    data: { formId: protectedFormId, email: 'respondent@example.org', name: 'Rosalind Franklin' },
  });
  expect(user.ok(), await user.text()).toBe(true);
  const signatureForm = await request.post('/api/v1/forms', {
    headers,
    data: {
      name: 'Layout check signature',
      settings: { signatureEnabled: 1, gdprEnabled: 1 },
      jdata: [
        { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
        { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
      ],
    },
  });
  expect(signatureForm.status(), await signatureForm.text()).toBe(201);
  const signatureFormId = ((await signatureForm.json()) as { data: { formId: string } }).data.formId;
  const spreadsheets = (await (await request.get('/__google/__emulator/spreadsheets')).json()) as {
    spreadsheets: EmulatorSpreadsheet[];
  };
  const registration = spreadsheets.spreadsheets.find((sheet) => sheet.title === 'Event Registration');
  if (!registration) throw new Error('the emulator has no Event Registration spreadsheet');
  seed = {
    owner,
    admin,
    formId,
    protectedFormId,
    signatureFormId,
    spreadsheetUrl: registration.spreadsheetUrl,
  };
  await request.dispose();
});

/** Stores the session the way the app does, before any page script runs. */
async function useSession(page: Page, session: Session) {
  await page.addInitScript((stored: Session) => {
    localStorage.setItem('accessToken', stored.accessToken);
    localStorage.setItem('refreshToken', stored.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
}

interface LayoutReport {
  overflow: { scrollWidth: number; clientWidth: number; widest: string[] };
  covered: string[];
}

/**
 * Measures the page in the browser: sideways overflow (with the elements sticking out, to say which),
 * and each visible control whose centre another element covers, first as the page opens, then with each
 * control scrolled to the middle of the screen. Only the controls `within` selects are checked.
 */
async function measure(page: Page, within = 'body'): Promise<LayoutReport> {
  return page.evaluate((scope) => {
    const root = document.scrollingElement ?? document.documentElement;
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    };

    // The innermost elements that reach past the right edge: they are what stretches the page.
    const widest: string[] = [];
    if (root.scrollWidth > root.clientWidth) {
      // Clipped by a scroll box: an absolutely positioned box only by those around its containing block.
      const clipped = (element: Element) => {
        let child: Element = element;
        let parent = element.parentElement;
        while (parent && parent !== document.body) {
          const position = getComputedStyle(child).position;
          if (position === 'fixed') return false;
          if (position === 'absolute') {
            const containing = (child as HTMLElement).offsetParent;
            while (parent && parent !== containing) parent = parent.parentElement;
            if (!parent || parent === document.body) return false;
          }
          if (getComputedStyle(parent).overflowX !== 'visible') return true;
          child = parent;
          parent = parent.parentElement;
        }
        return false;
      };
      const sticksOut = (element: Element) =>
        element.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(element);
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        if (!sticksOut(element) || Array.from(element.children).some(sticksOut)) continue;
        widest.push(`${describe(element)} right=${Math.round(element.getBoundingClientRect().right)}`);
        if (widest.length >= 8) break;
      }
    }

    const controls = Array.from(
      document
        .querySelector(scope)
        ?.querySelectorAll<HTMLElement>(
          'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"]',
        ) ?? [],
    );

    /** The box of an element's first line (a wrapped link's centre can fall between its lines). */
    const boxOf = (element: Element) => element.getClientRects()[0] ?? element.getBoundingClientRect();

    /** Whether an ancestor that clips (a scroll box) hides this point: then the control is not on screen. */
    const clippedAway = (element: Element, x: number, y: number) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const rect = parent.getBoundingClientRect();
        if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return true;
      }
      return false;
    };

    /** Whether an element sits in a sticky bar (a header or an action bar that content scrolls under). */
    const inStickyBar = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === 'sticky') return true;
      }
      return false;
    };

    const coveredNow = (element: HTMLElement, firstView: boolean): string | null => {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return null;
      // Hidden from people altogether (a honeypot field): neither seen, read out nor reachable by Tab.
      if (element.closest('[aria-hidden="true"]') && element.tabIndex < 0) return null;
      // A disabled control takes no pointer (the kit's buttons: pointer-events none), so the point finds
      // what is under it; it is shown, not covered ('Move up' on the first field).
      if ((element as HTMLButtonElement).disabled && getComputedStyle(element).pointerEvents === 'none')
        return null;
      const rect = boxOf(element);
      // Visually hidden (sr-only) controls, like a skip link until it is focused, are not on screen.
      const style = getComputedStyle(element);
      if (rect.width <= 2 || rect.height <= 2 || style.clipPath.startsWith('inset(50%')) return null;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return null;
      if (clippedAway(element, x, y)) return null;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === element || element.contains(hit)) return null;
      // A click on a control's own label reaches the control.
      if (hit instanceof HTMLLabelElement && hit.control === element) return null;
      if (hit.closest('label') && (hit.closest('label') as HTMLLabelElement).control === element) return null;
      // As the page opens, a control below the fold may sit under a sticky bar: scrolling reveals it,
      // which the second pass checks. A fixed element (a toast, a banner) covering it counts at once.
      if (firstView && inStickyBar(hit) && !inStickyBar(element)) return null;
      return `${describe(element)} is covered by ${describe(hit)}`;
    };

    const covered = new Set<string>();
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    for (const control of controls) {
      const problem = coveredNow(control, true);
      if (problem) covered.add(`on first view: ${problem}`);
    }
    for (const control of controls) {
      if (!control.isConnected) continue;
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const problem = coveredNow(control, false);
      if (problem) covered.add(`scrolled to: ${problem}`);
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return {
      overflow: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest },
      covered: [...covered],
    };
  }, within);
}

function expectGoodLayout(report: LayoutReport) {
  expect(
    report.overflow.scrollWidth,
    `the page scrolls sideways: ${report.overflow.widest.join('; ')}`,
  ).toBeLessThanOrEqual(report.overflow.clientWidth);
  expect(report.covered, 'controls covered by another element').toEqual([]);
}

for (const size of VIEWPORTS) {
  test.describe(`layout at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    for (const route of ROUTES) {
      test(`${route.name}: no sideways scrolling, no covered control`, async ({ page }) => {
        if (route.as) await useSession(page, route.as === 'admin' ? seed.admin : seed.owner);
        await page.goto(route.path(seed));
        await route.ready(page, seed);
        // Fonts and lazy parts settle before measuring.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({
          path: `screenshots/layout-${size.name}-${route.name.replace(/[^a-z]+/g, '-')}.png`,
          fullPage: true,
        });
        expectGoodLayout(await measure(page));
      });
    }

    test('a toast opens below the header bar and covers none of its buttons', async ({ page }) => {
      await useSession(page, seed.owner);
      await page.goto('/dashboard/form-generator');
      // A spreadsheet that does not exist: the load fails with a toast.
      await page
        .getByRole('textbox', { name: 'Google Sheets URL' })
        .fill('https://docs.google.com/spreadsheets/d/1NoSuchSpreadsheetAnywhere000000000/edit');
      await page.getByRole('button', { name: 'Load Data' }).click();
      const toast = page.locator('.Toastify__toast');
      await expect(toast).toBeVisible();
      // Wait for the toast's entrance animation to end before measuring its place.
      await expect(toast).not.toHaveClass(/enter/);
      const header = page.getByRole('banner');
      const headerBox = await header.boundingBox();
      const toastBox = await toast.boundingBox();
      expect(headerBox && toastBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
      const report = await measure(page, 'header');
      expect(report.covered).toEqual([]);
    });
  });
}
