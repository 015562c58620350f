/**
 * The web app shell: every route of the app (`apps/web/src/app/router.tsx`) exists, the guard, the not-found page, the public
 * header and footer, the signed-in sidebar and drawer, and the dashboard and profile basics.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectWidth, newAccount, test } from './fixtures.ts';

async function signIn(page: Page, request: APIRequestContext, name = 'Jane Tester') {
  const account = { ...newAccount(), name };
  const res = await request.post('/api/register', { data: account });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string | null };
  test.skip(!token, 'this server requires email verification');
  // Only the app's own window: sandboxed preview frames may not touch storage.
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token!);
  return { ...account, token: token! };
}

function summary(id: number, name: string, published = false) {
  return {
    id,
    name,
    template: 'modern',
    published,
    domain: name.toLowerCase().replace(/\s+/g, '-'),
    customDomain: null,
    updatedAt: new Date().toISOString(),
  };
}

const publicPages: [path: string, heading: string | RegExp][] = [
  ['/', /Turn your resume into a portfolio/],
  ['/how-it-works', 'From resume to website in five steps'],
  ['/features', 'A portfolio site without the busy work'],
  ['/templates', 'Templates for every kind of career'],
  ['/pricing', 'Simple pricing, no surprises'],
  ['/blog', 'Career advice and portfolio tips'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
  ['/about-us', 'We help people show their best work'],
  ['/contact-us', 'Contact us'],
  ['/verified-success', 'Email Verified!'],
];

const protectedPaths = [
  '/dashboard',
  '/profile',
  '/resume-upload',
  '/template-select?id=1',
  '/review?id=1',
  '/template-editor?id=1',
  '/preview?id=1',
  '/publish?id=1',
];

test('every public page has its heading, the header and the footer', async ({ page }) => {
  for (const [path, heading] of publicPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  }
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Features', '/features'],
    ['Templates', '/templates'],
    ['Pricing', '/pricing'],
    ['Contact Us', '/contact-us'],
    ['About', '/about-us'],
    ['Blog', '/blog'],
    ['Terms', '/terms-and-conditions'],
    ['Privacy', '/privacy'],
    ['Cookies', '/cookies'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
});

test('unknown addresses and /404 show the not-found page', async ({ page }) => {
  for (const path of ['/no-such-page', '/dashboard/extra', '/404']) {
    await page.goto(path);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Not a valid page')).toBeVisible();
  }
});

test('the landing page sends visitors to sign-up and to how it works', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(
    main.getByRole('link', { name: 'Create Your Portfolio', exact: true }),
  ).toHaveAttribute('href', '/auth?tab=register');
  await main.getByRole('link', { name: 'See How It Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
});

test('signed out, every protected route goes to /auth', async ({ page }) => {
  for (const path of protectedPaths) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});

// Screens named by the spec get their heading; the others must at least open with one.
const signedInHeadings: Record<string, string | RegExp> = {
  '/dashboard': 'Welcome, Jane Tester',
  '/profile': 'Profile',
  '/resume-upload': 'Upload Resume',
  '/preview': 'Preview & Customize',
  '/template-select': /.+/,
  '/review': 'Check Your Details',
  '/template-editor': /.+/,
  '/publish': /.+/,
};

// One test per route: each loads the whole app, and eight of them in one test outgrew its time
// budget on a loaded CI machine.
for (const path of protectedPaths) {
  const [route] = path.split('?') as [string];
  test(`signed in, ${route} opens with its heading`, async ({ page, request }) => {
    const { token } = await signIn(page, request);
    const created = await request.post('/api/portfolios', {
      data: { name: 'Shell Check' },
      headers: { Authorization: `Bearer ${token}` },
    });
    const { id } = (await created.json()) as { id: number };
    await page.goto(path.replace('id=1', `id=${id}`));
    await expect(page).toHaveURL(new RegExp(`${route}`));
    await expect(
      page.getByRole('heading', { level: 1, name: signedInHeadings[route] }),
    ).toBeVisible();
  });
}

test('signed in, a missing or bad id goes to the dashboard, and so does /auth', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  for (const path of ['/template-select', '/preview?id=abc', '/publish', '/template-editor?id=x']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the dashboard lists portfolios, or invites to create the first one', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/dashboard');
  const cta = page.getByRole('link', { name: 'Create Your First Portfolio' });
  await expect(cta).toHaveAttribute('href', '/resume-upload');

  await page.route('**/api/portfolios', (route) =>
    route.fulfill({
      json: [summary(7, 'Jane Doe', true), summary(8, 'Design Work')],
    }),
  );
  await page.reload();
  const cards = page.getByTestId('portfolio-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByTestId('portfolio-status')).toHaveText('Live');
  await expect(cards.first().getByRole('link', { name: /jane-doe\./ })).toBeVisible();
  await expect(cards.nth(1)).toContainText('Draft');
  await expect(cards.nth(1).getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    '/template-select?id=8',
  );
  await expect(cards.nth(1).getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    '/preview?id=8',
  );
});

test('the profile shows the account, plan, credits bar and upgrade link', async ({
  page,
  request,
}) => {
  const account = await signIn(page, request, 'Ada Byron');
  await page.goto('/profile');
  const main = page.getByRole('main');
  await expect(main).toContainText(account.username);
  await expect(main).toContainText(account.email);
  await expect(main).toContainText('Ada Byron');
  await expect(main).toContainText('Free');
  await expect(page.getByTestId('credits-value')).toHaveText('10 / 10');
  const bar = page.getByTestId('credits-bar');
  await expect(bar).toHaveAttribute('data-color', 'green');
  await expect(bar).toHaveAttribute('style', /width: 100%/);
  await expect(main.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );
});

test('Choose Template: straight to the only portfolio, else a picker', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const sidebar = page.getByRole('navigation', { name: 'App' });

  // No portfolio: the picker says so and links to the upload.
  await page.goto('/dashboard');
  await sidebar.getByRole('button', { name: 'Choose Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a portfolio' });
  await expect(dialog.getByRole('link', { name: 'Create Your First Portfolio' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Exactly one: straight to its template selection.
  let list = [summary(3, 'Only One')];
  await page.route('**/api/portfolios', (route) => route.fulfill({ json: list }));
  await page.goto('/profile');
  await sidebar.getByRole('button', { name: 'Choose Template' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=3$/);

  // Several: a scrolling list at most 15rem high.
  list = Array.from({ length: 12 }, (_, i) => summary(i + 10, `Portfolio ${i + 1}`));
  await page.goto('/profile');
  await sidebar.getByRole('button', { name: 'Choose Template' }).click();
  const picker = page.getByTestId('portfolio-picker-list');
  await expect(picker.getByRole('link')).toHaveCount(12);
  expect(await picker.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
  await picker.getByRole('link', { name: 'Portfolio 4' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=13$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the header turns opaque after 50 px of scrolling; routes open at the top', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-scrolled', 'true');

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the public menu has the four links and the sign-in actions', async ({ page, request }) => {
    await page.goto('/');
    // The page is prerendered: its button works once its script (the menu island) has run.
    await expect(page.locator('html[data-ready]')).toBeAttached();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const name of [
      'Features',
      'How it works',
      'Templates',
      'Pricing',
      'Log in',
      'Get Started',
    ]) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await page.mouse.click(5, 700); // outside the menu
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();

    await signIn(page, request);
    await page.goto('/');
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the app sidebar becomes a 300 px drawer', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'App' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('app-drawer');
    await expect(drawer).toBeVisible();
    await expectWidth(drawer, 300);
    await drawer.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('a page whose code cannot be loaded', () => {
  // React reports the error its route boundary caught, and Chromium the failed request: expected
  // here, and only those.
  test.use({
    failOnConsoleError: async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      const expected = /dynamically imported module|Failed to load resource/;
      expect(errors.filter((text) => !expected.test(text))).toEqual([]);
    },
  });

  test('says a new version is available; the header still leads elsewhere', async ({ page }) => {
    await page.route(/\/assets\/legal-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(
      failure.getByText('A new version of the app is available. Please reload the page.'),
    ).toBeVisible();
    await expect(failure.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(failure.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Simple pricing, no surprises' }),
    ).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});
