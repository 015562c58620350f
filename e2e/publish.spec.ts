/**
 * Publishing: publish a portfolio, visit it at
 * `http://{label}.folio.localhost:{port}/` (Chromium resolves *.localhost to loopback), change the
 * subdomain with confirmation (Pro, bought through the local PayPal): the site moves at once and
 * the old address redirects (301) to the new one; "Live" / "Unpublished changes" everywhere.
 */
import { publishMessages } from '@folio/core';
import type { Page } from '@playwright/test';
import { buyProThroughPayPal, expect, newAccount, test, toast, withPayPal } from './fixtures.ts';
import type { FakePayPal } from '../apps/server/test/paypal-fake.ts';

const paid = withPayPal({
  JOB_POLL_MS: '200',
  // Where own domains point (shown as the records to add).
  SITES_HOST: 'sites.folio.test',
  SITES_IPV4: '203.0.113.10',
  SITES_IPV6: '2001:db8::10',
});

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
  'publish, visit the subdomain, change it: the site moves at once and the old address redirects',
  async ({ page, context, server, paypal }) => {
    const { id, auth } = await setUp(page, paypal, 'Jane Site E2E', 'Jane Doe Example');
    await page.goto(`/publish?id=${id}`);

    await expect(page.getByRole('heading', { name: 'Domain Settings' })).toBeVisible();
    // One subdomain field, holding the address in use.
    const subdomain = page.getByRole('textbox', { name: 'Subdomain', exact: true });
    await expect(subdomain).toHaveValue('jane-site-e2e');
    await expect(page.getByTestId('publish-summary')).toContainText('Ready to Publish.');
    await page.getByRole('button', { name: 'Publish Portfolio' }).click();
    // "Portfolio publishing started!" is followed by this one once the job is done.
    await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });
    const status = page.getByTestId('site-status');
    await expect(status.getByText('Live', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('publish-summary')).toContainText('Live.');
    await expect(page.getByText('Ready to Publish.')).toHaveCount(0);
    await expect(page.getByTestId('live-link')).toHaveText(
      'jane-site-e2e.folio.localhost:' + new URL(server.baseURL).port,
    );

    const visitor = await context.newPage();
    const first = await visitor.goto(siteAddress(server.baseURL, 'jane-site-e2e'));
    expect(first?.status()).toBe(200);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Jane Doe Example' }),
    ).toBeVisible();

    // Changing the subdomain: forced lowercase, availability as you type, then the confirmation.
    await subdomain.fill('Jane-Moved-E2E');
    await expect(subdomain).toHaveValue('jane-moved-e2e');
    await expect(page.getByText('jane-moved-e2e.folio.localhost is available')).toBeVisible();
    await page.getByRole('button', { name: 'Save Domain Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Domain Change' });
    await expect(dialog).toContainText('at once, with no republish');
    await dialog.getByRole('button', { name: 'Change Domain' }).click();
    await expect(toast(page, 'Domain updated')).toBeVisible();
    // Still live, at the new address, with nothing to republish.
    await expect(status.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByTestId('live-link')).toHaveText(
      'jane-moved-e2e.folio.localhost:' + new URL(server.baseURL).port,
    );
    await expect(page.getByRole('button', { name: 'Update & Republish' })).toBeEnabled();

    // The old address answers 301 to the new one, which answers 200: no republish.
    const old = await visitor.goto(siteAddress(server.baseURL, 'jane-site-e2e'));
    expect(old?.status()).toBe(200);
    expect(visitor.url()).toBe(siteAddress(server.baseURL, 'jane-moved-e2e'));
    const hop = old?.request().redirectedFrom();
    expect(hop?.url()).toBe(siteAddress(server.baseURL, 'jane-site-e2e'));
    expect((await hop?.response())?.status()).toBe(301);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Jane Doe Example' }),
    ).toBeVisible();

    // An edit after publishing: "Unpublished changes" on the publish page and the dashboard
    // until republished.
    const current = await page.request.get(`/api/portfolios/${id}`, { headers: auth });
    const { content, version } = (await current.json()) as {
      content: { data: Record<string, unknown> };
      version: number;
    };
    const edited = await page.request.patch(`/api/portfolios/${id}`, {
      headers: auth,
      data: { version, content: { ...content, data: { ...content.data, summary: 'New words.' } } },
    });
    expect(edited.status()).toBe(200);
    await page.reload();
    await expect(status.getByText('Unpublished changes')).toBeVisible();
    await expect(page.getByTestId('publish-summary')).toContainText('Unpublished changes.');
    await page.goto('/dashboard');
    const card = page.getByTestId('portfolio-card');
    await expect(card.getByTestId('portfolio-status')).toHaveText(/Live\s*Unpublished changes/);
    await expect(
      card.getByRole('link', { name: /jane-moved-e2e\.folio\.localhost/ }),
    ).toBeVisible();
    await expect(page.getByTestId('site-analytics')).toContainText('Jane Site E2E');

    await page.goto(`/publish?id=${id}`);
    await page.getByRole('button', { name: 'Update & Republish' }).click();
    await expect(page.getByTestId('publish-summary')).toContainText('Live.', { timeout: 20_000 });
    await expect(status.getByText('Unpublished changes')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(card.getByTestId('portfolio-status')).toHaveText('Live');

    // Back to the automatic address in one click (what a former Pro user does): moved at once.
    await page.goto(`/publish?id=${id}`);
    await page.getByTestId('use-automatic').click();
    await dialog.getByRole('button', { name: 'Change Domain' }).click();
    await expect(page.getByTestId('live-link')).toHaveText(
      'jane-site-e2e.folio.localhost:' + new URL(server.baseURL).port,
    );
    await expect(subdomain).toHaveValue('jane-site-e2e');
    const back = await visitor.goto(siteAddress(server.baseURL, 'jane-moved-e2e'));
    expect(back?.status()).toBe(200);
    expect(visitor.url()).toBe(siteAddress(server.baseURL, 'jane-site-e2e'));
  },
);

paid(
  'a former Pro user sees the custom subdomain kept, and moves back to the automatic one',
  async ({ page, context, server, paypal }) => {
    const { id, auth } = await setUp(page, paypal, 'Lapsed E2E', 'Lena Lapsed');
    const set = await page.request.patch(`/api/portfolios/${id}`, {
      headers: auth,
      data: { customDomain: 'lena-pro-e2e' },
    });
    expect(set.status()).toBe(200);
    expect((await page.request.post(`/api/publish/${id}`, { headers: auth })).status()).toBe(202);
    // The paid period as the browser sees it has ended (the server's rule is tested in
    // apps/server/test/publishing.test.ts): the plan in force is Free.
    await page.route('**/api/user', async (route) => {
      const res = await route.fetch();
      const user = (await res.json()) as Record<string, unknown>;
      await route.fulfill({
        response: res,
        json: { ...user, planExpiresAt: '2020-01-01T00:00:00Z' },
      });
    });
    await page.goto(`/publish?id=${id}`);
    await expect(page.getByTestId('site-status').getByText('Live', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    const subdomain = page.getByRole('textbox', { name: 'Subdomain', exact: true });
    await expect(subdomain).toHaveValue('lena-pro-e2e');
    await expect(subdomain).toHaveAttribute('readonly', '');
    await expect(page.getByText('Your automatic address is')).toContainText(
      'lapsed-e2e.folio.localhost',
    );
    await page.getByRole('button', { name: 'Use automatic address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Domain Change' });
    await dialog.getByRole('button', { name: 'Change Domain' }).click();
    await expect(page.getByTestId('live-link')).toHaveText(
      'lapsed-e2e.folio.localhost:' + new URL(server.baseURL).port,
    );
    await expect(subdomain).toHaveValue('lapsed-e2e');
    await expect(page.getByRole('button', { name: 'Use automatic address' })).toHaveCount(0);
    const visitor = await context.newPage();
    const old = await visitor.goto(siteAddress(server.baseURL, 'lena-pro-e2e'));
    expect(old?.status()).toBe(200);
    expect(visitor.url()).toBe(siteAddress(server.baseURL, 'lapsed-e2e'));
  },
);

paid(
  'own domain: the TXT record and the record pointing it at us, each with its state',
  async ({ page, paypal }) => {
    const { id } = await setUp(page, paypal, 'Own Domain E2E', 'Olga Own');
    await page.goto(`/publish?id=${id}`);
    // A name inside someone's network is no public host name: refused before any DNS lookup.
    await page.getByRole('textbox', { name: 'Host name' }).fill('db.corp.internal');
    await page.getByRole('button', { name: 'Add domain' }).click();
    // Said beside the field, and in a toast while it shows.
    await expect(page.getByText(publishMessages.ownDomainNotPublic).first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Host name' }).fill('www.olga-own-e2e.dev');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const records = page.getByRole('list', { name: 'DNS records' });
    const txt = records.getByTestId('dns-record-TXT');
    const cname = records.getByTestId('dns-record-CNAME');
    await expect(txt).toContainText('_folio-verify.www.olga-own-e2e.dev');
    await expect(txt).toContainText('folio-verify=');
    await expect(cname).toContainText('www.olga-own-e2e.dev');
    await expect(cname).toContainText('sites.folio.test');
    await expect(txt.getByTestId('dns-record-state')).toHaveText('Not checked yet');
    // Nothing is set up at a DNS provider for this name: both are missing.
    await page.getByRole('button', { name: 'Check DNS records' }).click();
    await expect(txt.getByTestId('dns-record-state')).toHaveText('Missing');
    await expect(cname.getByTestId('dns-record-state')).toHaveText('Missing');

    // An apex domain is pointed with A / AAAA records to the sites' addresses.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('textbox', { name: 'Host name' }).fill('olga-own-e2e.dev');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(records.getByTestId('dns-record-A')).toContainText('203.0.113.10');
    await expect(records.getByTestId('dns-record-AAAA')).toContainText('2001:db8::10');
    await expect(records.getByTestId('dns-record-CNAME')).toHaveCount(0);
  },
);

test('Free plan: the custom subdomain is locked with an upgrade link; analytics upsell', async ({
  page,
}) => {
  const { id } = await setUp(page, null, 'Free Site E2E', 'Sam Free');
  await page.goto(`/publish?id=${id}`);
  const subdomain = page.getByRole('textbox', { name: 'Subdomain', exact: true });
  await expect(subdomain).toHaveValue('free-site-e2e');
  await expect(subdomain).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save Domain Settings' })).toHaveCount(0);
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
