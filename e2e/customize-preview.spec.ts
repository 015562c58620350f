import type { Page } from '@playwright/test';
import { expect, expectWidth, signedInWithPortfolio, test } from './fixtures.ts';

/**
 * Customize shows what changes: on desktop a large preview beside the controls (desktop page
 * scaled to fit, or phone width) that scrolls to the section changed; on a phone a full-screen
 * preview sheet. The theme colour reaches the skill chips.
 */

const content = {
  data: {
    contact: { name: 'Ada Park', title: 'Engineer', email: 'ada@example.com' },
    summary: 'I build reliable systems.',
    // Enough entries that the later sections start well below the first screen of the preview.
    experience: Array.from({ length: 8 }, (_, i) => ({
      company: `Company ${i + 1}`,
      position: 'Software Engineer',
      dates: `${2016 + i} – ${2017 + i}`,
      description: [
        'Built the billing platform.',
        'Ran the on-call rota.',
        'Mentored two juniors.',
      ],
    })),
    education: [{ institution: 'State University', degree: 'BSc' }],
    projects: [{ name: 'Ledger', description: ['A double-entry ledger.'] }],
    skills: { technical: ['TypeScript', 'Rust', 'PostgreSQL'] },
  },
};

/** The ids of the page's sections, in order. */
const frameSections = (page: Page) =>
  page
    .frameLocator('iframe[title="Portfolio preview"]')
    .locator('main')
    .evaluate((main) => [...main.querySelectorAll('section.section')].map((s) => s.id));

/** Whether an `rgb(r, g, b)` colour is clearly red (the theme colour used below is #e11d48). */
function reddish(colour: string): boolean {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return r > 120 && r > g * 2 && r > b * 1.5;
}

const chipColours = (page: Page) =>
  page
    .frameLocator('iframe[title="Portfolio preview"]')
    .locator('#skills .tags li')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.backgroundColor} / ${style.color}`;
    });

test('desktop: a large preview beside the controls follows the theme colour and the section order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { id } = await signedInWithPortfolio(page, { name: 'Ada', content });
  await page.goto(`/preview?id=${id}`);
  await page.getByRole('tab', { name: 'Customize' }).click();

  const frame = page.locator('iframe[title="Portfolio preview"]');
  await expect(frame).toBeVisible();
  // A desktop page, drawn at desktop width and scaled into the column: wider than the controls.
  await expect(frame).toHaveAttribute('data-scale', /^0\.\d+$/);
  const controls = await page.getByRole('tabpanel', { name: 'Customize' }).boundingBox();
  const preview = await frame.boundingBox();
  expect(preview!.width).toBeGreaterThan(controls!.width);
  expect(preview!.height).toBeGreaterThan(600);

  // Theme colour: the skill chips take it.
  const before = await chipColours(page);
  await page.getByLabel('Theme colour', { exact: true }).fill('#e11d48');
  await expect.poll(() => chipColours(page)).not.toBe(before);
  // The chip text takes the theme's hue too (shaded where needed to read on the tinted chip).
  await expect.poll(async () => reddish((await chipColours(page)).split(' / ')[1]!)).toBe(true);

  // Reordering: Skills up one place; the preview's sections follow and Skills comes into view.
  // Before the move, Skills is below the first screen of the preview.
  const frameHeight = await page
    .frameLocator('iframe[title="Portfolio preview"]')
    .locator('html')
    .evaluate((el) => el.clientHeight);
  const skillsTop = () =>
    page
      .frameLocator('iframe[title="Portfolio preview"]')
      .locator('#skills')
      .evaluate((el) => Math.round(el.getBoundingClientRect().top));
  expect(await skillsTop()).toBeGreaterThan(frameHeight);
  const start = await frameSections(page);
  const skillsAt = start.indexOf('skills');
  expect(skillsAt).toBeGreaterThan(1);
  const handle = page.getByRole('button', { name: 'Drag to reorder Skills' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId(`section-${start[skillsAt - 1]}`)).toHaveAttribute(
    'style',
    /translate3d\(0px, [1-9]/,
  );
  await page.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  const expected = [...start];
  expected.splice(skillsAt, 1);
  expected.splice(skillsAt - 1, 0, 'skills');
  await expect.poll(() => frameSections(page)).toEqual(expected);
  await expect.poll(skillsTop).toBeLessThan(frameHeight - 100);
  expect(await skillsTop()).toBeGreaterThanOrEqual(-2);

  // Device toggle: the phone width.
  await page
    .getByRole('tabpanel', { name: 'Preview' })
    .getByRole('button', { name: 'Mobile' })
    .click();
  await expect(frame).toHaveAttribute('data-device', 'mobile');
  await expectWidth(frame, 375);
});

test('phone: Customize opens the live preview in a full-screen sheet', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { id } = await signedInWithPortfolio(page, { name: 'Ada', content });
  await page.goto(`/preview?id=${id}`);
  await page.getByRole('tab', { name: 'Customize' }).click();
  // No preview squeezed beside the controls on a phone.
  await expect(page.locator('iframe[title="Portfolio preview"]')).toBeHidden();

  await page.getByLabel('Theme colour', { exact: true }).fill('#e11d48');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Live preview' });
  await expect(sheet).toBeVisible();
  const frame = sheet.locator('iframe[title="Portfolio preview"]');
  await expectWidth(sheet, 390);
  await expect(frame.contentFrame().getByRole('heading', { name: 'Ada Park' })).toBeVisible();
  const chip = frame.contentFrame().locator('#skills .tags li').first();
  await expect
    .poll(async () => reddish(await chip.evaluate((el) => getComputedStyle(el).color)))
    .toBe(true);
  await sheet.getByRole('button', { name: 'Close preview' }).click();
  await expect(sheet).toBeHidden();
});
