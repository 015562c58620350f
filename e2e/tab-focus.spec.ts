/**
 * Tabs ring only for the keyboard: a tab clicked with the mouse is selected without the focus
 * outline (Radix focuses it from script on mouse down, which Chromium used to ring after every
 * click, seen on the editor screenshots); a tab reached with the arrow keys shows the outline.
 */
import type { Locator } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

const outline = (tab: Locator) => tab.evaluate((el) => getComputedStyle(el).outlineStyle);

test('a tab clicked in Preview & Customize shows no focus ring; one reached by arrow key does', async ({
  page,
}) => {
  const { id } = await signedInWithPortfolio(page, {
    name: 'Tab Focus',
    content: { name: 'Ada Park', title: 'Engineer', about: 'Builds things.' },
  });
  await page.goto(`/preview?id=${id}`);
  const resume = page.getByRole('tab', { name: 'Resume', exact: true });
  await resume.click();
  await expect(resume).toHaveAttribute('aria-selected', 'true');
  await expect(resume).toBeFocused();
  expect(await outline(resume)).toBe('none');

  await page.keyboard.press('ArrowRight');
  const customize = page.getByRole('tab', { name: 'Customize', exact: true });
  await expect(customize).toBeFocused();
  await expect(customize).toHaveAttribute('aria-selected', 'true');
  expect(await outline(customize)).toBe('solid');
});

test('the log-in and register tabs show no focus ring after a click', async ({ page }) => {
  await page.goto('/auth');
  const register = page.getByRole('tab', { name: 'Register' });
  await register.click();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(register).toBeFocused();
  expect(await outline(register)).toBe('none');
});
