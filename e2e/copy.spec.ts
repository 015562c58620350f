/**
 * Small things a user reads (issues 16 and 17): page views counted for every page the spec names,
 * deleting the account warns that a paid plan goes with it, "1 view", and the sites-domain suffix
 * of the publish page stays on one line on a phone.
 */
import type { Page } from '@playwright/test';
import { trackedPages } from '@folio/core';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

/** Shows the page this account with some fields of /api/user changed. */
async function asUser(page: Page, changes: Record<string, unknown>) {
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), ...changes } });
  });
}

test('a view is counted for the dashboard, profile, upload, preview and publish pages', async ({
  page,
}) => {
  const { id } = await signedInWithPortfolio(page, { name: 'Counted Views' });
  for (const [path, name] of [
    ['/dashboard', 'dashboard'],
    ['/profile', 'profile'],
    ['/resume-upload', 'resume-parse'],
    [`/preview?id=${id}`, 'template-preview'],
    [`/publish?id=${id}`, 'template-publish'],
  ] as const) {
    const sent = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/track-page') &&
        (r.postDataJSON() as { page?: string } | null)?.page === name,
    );
    await page.goto(path);
    const response = await (await sent).response();
    expect(response?.status(), name).toBe(204);
  }
  // Every page the spec names, and no other.
  expect(new Set(trackedPages)).toEqual(
    new Set(['dashboard', 'profile', 'resume-parse', 'template-preview', 'template-publish']),
  );
});

test('deleting the account warns that a paid plan is lost with it; a Free one is not warned', async ({
  page,
}) => {
  await signedInWithPortfolio(page, { name: 'Paid Plan' });
  await asUser(page, { plan: 'lifetime', planExpiresAt: null });
  await page.goto('/profile');
  await page.getByTestId('account-data').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByTestId('paid-plan-warning')).toContainText(
    'You lose your Lifetime plan.',
  );

  await page.unrouteAll();
  await page.reload();
  await page.getByTestId('account-data').getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('paid-plan-warning')).toHaveCount(0);
});

test('one visit reads "1 view"', async ({ page }) => {
  const { id } = await signedInWithPortfolio(page, { name: 'One Visit' });
  await asUser(page, {
    plan: 'pro',
    planExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await page.route('**/api/portfolios', async (route) => {
    const res = await route.fetch();
    const list = (await res.json()) as Record<string, unknown>[];
    await route.fulfill({
      response: res,
      json: list.map((p) => ({
        ...p,
        status: 'live',
        liveUrl: 'http://one-visit.folio.localhost/',
      })),
    });
  });
  await page.route(`**/api/portfolios/${id}/analytics**`, (route) =>
    route.fulfill({
      json: { days: [{ day: '2026-11-24', views: 1 }], referrers: [], devices: [], total: 1 },
    }),
  );
  await page.goto('/dashboard');
  const stats = page.getByTestId('site-analytics');
  await expect(stats).toContainText('1 view · 30 days');
  await expect(stats).not.toContainText('1 views');
});

test('the sites-domain suffix of the publish page stays on one line on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { id } = await signedInWithPortfolio(page, { name: 'Suffix Check' });
  await page.goto(`/publish?id=${id}`);
  const suffix = page.getByText('.folio.localhost', { exact: true }).first();
  await expect(suffix).toBeVisible();
  // The suffix's text lays out as one line box, not two or more.
  const lines = await suffix.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});
