/**
 * One catalogue, one name: every page a visitor or a signed-in user can reach names the
 * product by APP_NAME and the sites domain by SITES_DOMAIN (here "Acme Pages" and acme.test, so
 * no "Folio" may remain), prerendered HTML included; and everything each page says about plans
 * agrees with the plan catalogue (e2e/plan-facts.ts reads the page text sentence by sentence).
 */
import type { Locator, Page } from '@playwright/test';
import { startServer } from '../scripts/lib/server-process.ts';
import { expect, newAccount, test as base, type RunningServer } from './fixtures.ts';
import { planFactProblems } from './plan-facts.ts';

const APP_NAME = 'Acme Pages';
const SITES_DOMAIN = 'acme.test';
const SUPPORT_EMAIL = 'help@acme.test';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ APP_NAME, SITES_DOMAIN, SUPPORT_EMAIL });
      await use({
        baseURL: server.baseURL,
        dataDir: server.dataDir,
        mailedLink: () => Promise.reject(new Error('no mail in these tests')),
      });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

const publicPages = [
  '/',
  '/features',
  '/how-it-works',
  '/templates',
  '/pricing',
  '/about-us',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy',
  '/cookies',
  '/blog',
  '/blog/custom-domain-or-subdomain',
  '/blog/choosing-a-portfolio-template',
  '/blog/portfolio-tips-for-students-and-career-changers',
  '/auth',
  '/no-such-page',
];

const oldName = /\bFolio\b/;
const placeholders = /FOLIO_APP_NAME|folio-sites-domain\.invalid|folio-support-email\.invalid/;

/** Everything the page shows, with every FAQ answer and disclosure opened. */
async function visibleText(page: Page): Promise<string> {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  return page.locator('body').innerText();
}

async function expectBrandAndFacts(page: Page, path: string) {
  const text = await visibleText(page);
  expect(text, `${path}: the old name`).not.toMatch(oldName);
  expect(text, `${path}: a placeholder`).not.toMatch(placeholders);
  expect(await page.title(), `${path}: title`).toContain(APP_NAME);
  expect(planFactProblems(text), `${path}: plan facts`).toEqual([]);
}

test('the checker flags the plan copy the audit found', () => {
  for (const wrong of [
    'Every portfolio gets a free subdomain. Pro and Lifetime plans add a custom subdomain and your own domain.',
    'Pro and Business plans',
    'Upgrade to Pro or Business plan to use premium templates.',
    'The Free plan includes 1 portfolio, 5 resume parsing credits and the free templates.',
    'Lifetime: 4 portfolios.',
    'Lifetime costs $24.99 once.',
    // Pro is a paid period that does not renew by itself.
    'Hosting while subscribed + 3 months',
    'Pro: a monthly or yearly subscription with up to 3 portfolios.',
    'You can cancel a subscription at any time.',
    'Pro ends when its period does: cancel any time.',
  ]) {
    expect(planFactProblems(wrong), wrong).not.toEqual([]);
  }
  // What the catalogue and the terms say now passes.
  for (const right of [
    'Hosting for the paid period + 3 months',
    'Pro: a month or a year paid in advance, which does not renew by itself, with up to 3 portfolios.',
    'Nothing renews by itself: we charge you only when you buy.',
  ]) {
    expect(planFactProblems(right), right).toEqual([]);
  }
});

test('prerendered pages carry the configured name and domain before any script runs', async ({
  request,
}) => {
  for (const path of publicPages.filter((p) => p !== '/auth')) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(oldName);
    expect(html, path).not.toMatch(placeholders);
    expect(html, path).toContain(`<meta name="application-name" content="${APP_NAME}" />`);
  }
  const home = await (await request.get('/')).text();
  expect(home).toContain(`jane-doe.${SITES_DOMAIN}`);
  expect(home).toContain(`<meta property="og:site_name" content="${APP_NAME}" />`);
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain(`<title>${APP_NAME} blog</title>`);
  expect(rss).not.toMatch(oldName);
  // The app shell of every other page, too.
  const shell = await (await request.get('/dashboard')).text();
  expect(shell).toContain(`<title>${APP_NAME}: resume to portfolio website</title>`);
  expect(shell).not.toMatch(placeholders);
});

test('every public page shows the configured name and only catalogue plan facts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const path of publicPages) {
    await page.goto(path);
    await expectBrandAndFacts(page, path);
  }
  await page.goto('/');
  await expect(page.getByRole('link', { name: `${APP_NAME} home` }).first()).toBeVisible();
  await expect(page.getByText(`jane-doe.${SITES_DOMAIN}`)).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} ${APP_NAME}.`)).toBeVisible();
  // The support address (SUPPORT_EMAIL) in the footer, on the contact page and in the pricing FAQ.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: SUPPORT_EMAIL }),
  ).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await page.goto('/contact-us');
  await expect(page.getByRole('main').getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
  await page.goto('/pricing');
  await page.getByText('How do I reach support?').click();
  await expect(page.getByText(`Write to ${SUPPORT_EMAIL}`)).toBeVisible();
});

test('every signed-in page shows the configured name and only catalogue plan facts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: { name: 'Catalogue Check', content: { contact: { name: 'Ada Lovelace' } } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);

  // Each page with what it shows once its data has arrived (the account, the portfolio, the
  // templates): states to wait for, not a quiet network (thumbnails' frames keep loading fonts).
  const pages: [string, Locator][] = [
    ['/dashboard', page.getByTestId('portfolio-card')],
    ['/profile', page.getByTestId('credits-value')],
    ['/resume-upload', page.getByRole('button', { name: 'Upload and Parse Resume' })],
    [`/template-select?id=${id}`, page.getByTestId('template-card').first()],
    [`/publish?id=${id}`, page.getByRole('heading', { name: 'Domain Settings' })],
    ['/pricing', page.getByTestId('plan-card-pro')],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(loaded).toBeVisible();
    await expectBrandAndFacts(page, path);
  }
  // The premium lock names the plans that include every template.
  await page.goto(`/template-select?id=${id}`);
  await expect(page.getByText('Pro, Lifetime and Business').first()).toBeVisible();
});
