import type { Page } from '@playwright/test';
import {
  expect,
  expectWidth,
  signedInWithPortfolio,
  test,
  toast,
  type SignedInPortfolio,
} from './fixtures.ts';

type Setup = SignedInPortfolio;

/** A new signed-in account with one portfolio; the page is signed in. */
async function setUp(page: Page): Promise<Setup> {
  return signedInWithPortfolio(page, {
    name: 'Editor Portfolio',
    template: 'modern',
    content: {
      data: {
        contact: { name: 'Ada Park', title: 'Engineer', email: 'ada@example.com' },
        summary: 'I build reliable systems.',
      },
    },
  });
}

test('a non-numeric id goes to the dashboard; an unknown one is not found', async ({ page }) => {
  await setUp(page);
  await page.goto('/template-editor?id=abc');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/template-editor?id=999999');
  await expect(page.getByRole('heading', { name: 'Portfolio not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/**
 * Records, from the page itself, when the loading spinner and the preview frame first appear, so
 * the one-second delay is checked however slowly the test runner polls.
 */
async function recordPreviewTimes(page: Page) {
  await page.addInitScript(() => {
    const seen: { loading?: number; preview?: number } = {};
    Object.assign(window, { previewTimes: seen });
    new MutationObserver(() => {
      const now = performance.now();
      if (seen.loading === undefined && document.querySelector('[aria-label="Loading preview"]')) {
        seen.loading = now;
      }
      if (
        seen.preview === undefined &&
        document.querySelector('iframe[title="Portfolio preview"]')
      ) {
        seen.preview = now;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('top bar, delayed real preview and device toggles', async ({ page }) => {
  const { id } = await setUp(page);
  await recordPreviewTimes(page);
  await page.goto(`/template-editor?id=${id}`);
  await expect(page.getByTestId('editor-portfolio-name')).toHaveText('Editor Portfolio');
  await expect(page.getByText('Modern', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Templates' })).toHaveAttribute(
    'href',
    `/template?id=${id}`,
  );
  await expect(page.getByRole('link', { name: 'Publish Portfolio' })).toHaveAttribute(
    'href',
    `/publish?id=${id}`,
  );

  // The rendered template appears after the spec's 1 second delay.
  const iframe = page.locator('iframe[title="Portfolio preview"]');
  await expect(iframe).toBeVisible();
  const times = await page.evaluate(
    () =>
      (window as unknown as { previewTimes: { loading?: number; preview?: number } }).previewTimes,
  );
  expect(times.loading, 'a loading spinner shows before the preview').toBeDefined();
  expect(times.preview! - times.loading!).toBeGreaterThanOrEqual(950);
  await expect(
    page.frameLocator('iframe').getByRole('heading', { name: 'Ada Park' }),
  ).toBeVisible();
  await expect(iframe).toHaveAttribute('sandbox', 'allow-same-origin');

  expect((await iframe.boundingBox())?.width).toBeGreaterThan(800);
  await page.getByRole('button', { name: 'Tablet' }).click();
  await expect(iframe).toHaveAttribute('data-device', 'tablet');
  await expectWidth(iframe, 768);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(iframe).toHaveAttribute('data-device', 'mobile');
  await expectWidth(iframe, 375);
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(iframe).toHaveAttribute('data-device', 'desktop');
  expect((await iframe.boundingBox())?.width).toBeGreaterThan(800);
});

test('content form: spec messages, then a valid save shows in the preview', async ({ page }) => {
  const setup = await setUp(page);
  await page.goto(`/template-editor?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Content' }).click();
  const form = page.getByRole('form', { name: 'Portfolio content' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ada Park');

  await form.getByLabel('Name', { exact: true }).fill('A');
  await form.getByLabel('Title', { exact: true }).fill('B');
  await form.getByLabel('Email', { exact: true }).fill('not-an-email');
  await form.getByLabel('About', { exact: true }).fill('Too short');
  await form.getByLabel('GitHub', { exact: true }).fill('github dot com');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Title must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByText('About section must be at least 10 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid URL')).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await form.getByLabel('Title', { exact: true }).fill('Rear Admiral');
  await form.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await form.getByLabel('About', { exact: true }).fill('Wrote the first compiler.');
  await form.getByLabel('GitHub', { exact: true }).fill('https://github.com/grace');
  await form.getByLabel('Twitter', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Content updated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.frameLocator('iframe').getByRole('heading', { name: 'Grace Hopper' }),
  ).toBeVisible();

  const res = await page.request.get(`/api/portfolios/${setup.id}`, { headers: setup.auth });
  const saved = (await res.json()) as {
    content: { data: { contact: Record<string, string>; summary: string } };
  };
  expect(saved.content.data.contact).toMatchObject({
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    email: 'grace@example.com',
    github: 'https://github.com/grace',
  });
  expect(saved.content.data.contact.twitter).toBeUndefined();
  expect(saved.content.data.summary).toBe('Wrote the first compiler.');

  // Cancel drops unsaved edits.
  await page.getByRole('tab', { name: 'Content' }).click();
  await form.getByLabel('Name', { exact: true }).fill('Nobody');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper');
});

test('design and settings tabs save font and SEO; domain and publish links', async ({ page }) => {
  const setup = await setUp(page);
  await page.goto(`/template-editor?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByRole('radio', { name: 'Monospace' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Appearance updated')).toBeVisible();
  await expect
    .poll(() =>
      page
        .frameLocator('iframe')
        .locator('body')
        .evaluate((el) => getComputedStyle(el).fontFamily),
    )
    .toMatch(/mono/i);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const config = (await (await page.request.get('/api/config')).json()) as { sitesDomain: string };
  const { domain } = (await (
    await page.request.get(`/api/portfolios/${setup.id}`, { headers: setup.auth })
  ).json()) as { domain: string };
  await expect(page.getByTestId('current-domain')).toHaveText(`${domain}.${config.sitesDomain}`);
  await expect(page.getByRole('link', { name: 'Configure Domain' })).toHaveAttribute(
    'href',
    `/publish?id=${setup.id}`,
  );
  const seo = page.getByRole('switch', { name: 'SEO optimization' });
  await expect(seo).toHaveAttribute('aria-checked', 'false');
  await seo.click();
  await expect(toast(page, 'Portfolio updated')).toBeVisible();
  await expect(seo).toHaveAttribute('aria-checked', 'true');

  const res = await page.request.get(`/api/portfolios/${setup.id}`, { headers: setup.auth });
  const saved = (await res.json()) as {
    content: {
      styles: { global: { fontFamily?: string } };
      settings: { metaTitle?: string | null };
    };
  };
  expect(saved.content.styles.global.fontFamily).toBe('Monospace');
  expect(saved.content.settings.metaTitle).toBe('Ada Park – Engineer');
});
