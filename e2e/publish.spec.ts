/**
 * Publishing (spec §2 Publish, §4, §5, §8): publish a portfolio, visit it at
 * `http://{label}.folio.localhost:{port}/` (Chromium resolves *.localhost to loopback), change the
 * custom subdomain with confirmation (Pro, bought through the local PayPal), see the old address
 * stop answering and the new one serve after publishing again.
 */
import type { Page } from '@playwright/test';
import { buyProThroughPayPal, expect, newAccount, test, toast, withPayPal } from './fixtures.ts';
import type { FakePayPal } from '../apps/server/test/paypal-fake.ts';

const paid = withPayPal({ JOB_POLL_MS: '200' });

/** A signed-in account owning one portfolio; Pro when `pro` (paid through the local PayPal). */
async function setUp(page: Page, paypal: FakePayPal | null, name: string, person: string) {
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: {
      name,
      content: { name: person, title: 'Product Designer', about: 'Designs calm software.' },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (paypal) await buyProThroughPayPal(page.request, auth, paypal);
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);
  return { id, auth };
}

const siteAddress = (baseURL: string, label: string) => {
  const { port } = new URL(baseURL);
  return `http://${label}.folio.localhost:${port}/`;
};

paid(
  'publish, visit the subdomain, change it with confirmation, publish again',
  async ({ page, context, server, paypal }) => {
    const { id } = await setUp(page, paypal, 'Jane Site E2E', 'Jane Doe Example');
    await page.goto(`/publish?id=${id}`);

    await expect(page.getByRole('heading', { name: 'Domain Settings' })).toBeVisible();
    await expect(page.getByTestId('auto-subdomain')).toHaveValue('jane-site-e2e');
    await expect(page.getByText('Ready to Publish.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subdomain', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
    await page.getByRole('button', { name: 'Publish Portfolio' }).click();
    // "Portfolio publishing started!" is followed by this one once the job is done.
    await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('site-status').getByText('Live')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('live-link')).toHaveText(
      'jane-site-e2e.folio.localhost:' + new URL(server.baseURL).port,
    );

    const visitor = await context.newPage();
    const first = await visitor.goto(siteAddress(server.baseURL, 'jane-site-e2e'));
    expect(first?.status()).toBe(200);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Jane Doe Example' }),
    ).toBeVisible();

    // Custom subdomain: forced lowercase, availability as you type, then the confirmation.
    const custom = page.getByTestId('custom-subdomain');
    await custom.fill('Jane-Moved-E2E');
    await expect(custom).toHaveValue('jane-moved-e2e');
    await expect(page.getByText('jane-moved-e2e.folio.localhost is available')).toBeVisible();
    await page.getByRole('button', { name: 'Save Domain Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Domain Change' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('takes the current site down');
    await dialog.getByRole('button', { name: 'Change Domain' }).click();
    await expect(toast(page, 'Domain updated')).toBeVisible();
    await expect(page.getByTestId('site-status').getByText('Draft')).toBeVisible();

    // The old address stops answering at once; the new one waits for the next publish.
    const old = await visitor.goto(siteAddress(server.baseURL, 'jane-site-e2e'));
    expect(old?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'There is no site here' })).toBeVisible();
    const early = await visitor.goto(siteAddress(server.baseURL, 'jane-moved-e2e'));
    expect(early?.status()).toBe(404);

    await page.getByRole('button', { name: 'Publish Portfolio' }).click();
    await expect(page.getByTestId('site-status').getByText('Live')).toBeVisible({
      timeout: 20_000,
    });
    const moved = await visitor.goto(siteAddress(server.baseURL, 'jane-moved-e2e'));
    expect(moved?.status()).toBe(200);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Jane Doe Example' }),
    ).toBeVisible();
    expect((await visitor.goto(siteAddress(server.baseURL, 'jane-site-e2e')))?.status()).toBe(404);

    // The dashboard shows it live at the new address, with analytics for Pro.
    await page.goto('/dashboard');
    const card = page.getByTestId('portfolio-card');
    await expect(card.getByTestId('portfolio-status')).toHaveText('Published');
    await expect(
      card.getByRole('link', { name: /jane-moved-e2e\.folio\.localhost/ }),
    ).toBeVisible();
    await expect(page.getByTestId('site-analytics')).toContainText('Jane Site E2E');
  },
);

test('Free plan: the custom subdomain is locked with an upgrade link; analytics upsell', async ({
  page,
}) => {
  const { id } = await setUp(page, null, 'Free Site E2E', 'Sam Free');
  await page.goto(`/publish?id=${id}`);
  await expect(page.getByTestId('custom-subdomain')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Domain Settings' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' }).first()).toHaveAttribute(
    'href',
    '/pricing',
  );
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(page.getByTestId('site-status').getByText('Live')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Update & Republish' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByTestId('analytics-card')).toContainText(
    'Visitor analytics are available on the Pro plan and above.',
  );
});

test('a non-numeric id goes back to the dashboard; a missing portfolio says so', async ({
  page,
}) => {
  await setUp(page, null, 'Lonely E2E', 'Lonely');
  await page.goto('/publish?id=abc');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/publish?id=999999');
  await expect(page.getByText('Portfolio not found. Please go back and try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
