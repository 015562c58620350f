/**
 * Fixing an import in place: a bullet is edited where it stands and moved by keyboard, a project
 * is moved to Experience (its name becomes the position), a removal is undone, and the live site
 * shows exactly the result.
 */
import type { Page } from '@playwright/test';
import { generatedResume } from './generated-resume.ts';
import type { Persona } from '../packages/parser/corpus/generator/persona.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/fix-${name}.png` });
};

const BULLETS = [
  'Rebuilt the billing pipeline for three product lines',
  'Mentored four engineers through their first launches',
  'Reduced cloud spend by a third across two regions',
];
const EDITED = 'Cut release time from two days to one hour';
const PROJECT = 'Harbour Tide Mapper';
const PROJECT_BULLET = 'Charted tide levels for twelve harbours in real time';

/** A generated resume whose one job has the three BULLETS, and the given projects (else its own). */
const resumeWithOneJob = (seed: string, projects?: Persona['projects']) =>
  generatedResume(seed, {
    edit: (p) => ({
      ...p,
      experience: [
        {
          position: 'Platform Engineer',
          company: 'Northwind Logistics',
          dates: '2019 – 2024',
          bullets: BULLETS,
        },
      ],
      ...(projects ? { projects } : {}),
    }),
  });

test('a bullet edited and moved, a project moved to Experience, a removal undone: the site shows it', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(240_000);
  const resume = await resumeWithOneJob('fix-in-place-1', [
    { name: PROJECT, dates: '2022', bullets: [PROJECT_BULLET] },
  ]);
  const auth = await signedIn(page);
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Fix In Place');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // Edit the first bullet where it stands, then move it down with Alt+ArrowDown.
  const bullet = (n: number) =>
    page.getByRole('textbox', { name: `Description bullets: item ${n} of 3`, exact: true });
  await expect(bullet(1)).toHaveValue(BULLETS[0]!);
  await bullet(1).fill(EDITED);
  await bullet(1).press('Alt+ArrowDown');
  await expect(bullet(2)).toHaveValue(EDITED);
  await expect(bullet(2)).toBeFocused();
  await expect(bullet(1)).toHaveValue(BULLETS[1]!);
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved to position 2 of 3' }),
  ).toHaveCount(1);

  // Move the project to Experience: its name becomes the position.
  await page
    .getByRole('combobox', { name: `Move ${PROJECT} to another section` })
    .selectOption('experience');
  await expect(toast(page, 'Moved to Experience')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Position', exact: true }).nth(1)).toHaveValue(
    PROJECT,
  );
  await expect(page.getByRole('textbox', { name: 'Project name', exact: true })).toHaveCount(0);

  // Remove a bullet, then undo that one step: it is back where it was.
  await page.getByRole('button', { name: `Remove ${BULLETS[2]}` }).click();
  await expect(bullet(3)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await expect(bullet(3)).toHaveValue(BULLETS[2]!);
  await expect(bullet(2)).toHaveValue(EDITED);
  await expect(page.getByRole('textbox', { name: 'Position', exact: true }).nth(1)).toHaveValue(
    PROJECT,
  );

  await bullet(2).scrollIntoViewIfNeeded();
  await shot(page, 'review-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await bullet(2).scrollIntoViewIfNeeded();
  await shot(page, 'review-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('combobox', { name: /^Move .* to another section$/ })
    .first()
    .scrollIntoViewIfNeeded();
  await shot(page, 'entry-1280');
  await page.getByRole('list', { name: 'Current technical skills' }).scrollIntoViewIfNeeded();
  await shot(page, 'skills-1280');

  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await page.getByRole('button', { name: 'Continue to Publish' }).click();
  await expect(page).toHaveURL(/\/publish\?id=\d+$/);
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });

  // The live site: the edited bullet second, the project an experience entry, no Projects.
  const live = await page.request.get(`/api/portfolios/${id}`, { headers: auth });
  const { domain } = (await live.json()) as { domain: string };
  const { port } = new URL(server.baseURL);
  const visitor = await context.newPage();
  await visitor.goto(`http://${domain}.folio.localhost:${port}/`);
  const experience = visitor.getByRole('region', { name: 'Experience' });
  // Entries are list items; their bullets are the list items inside them.
  await expect(experience.getByRole('listitem').getByRole('listitem')).toHaveText([
    BULLETS[1]!,
    EDITED,
    BULLETS[2]!,
  ]);
  // A single line of description shows as a paragraph.
  await expect(experience.getByText(PROJECT_BULLET)).toBeVisible();
  await expect(experience.getByText(PROJECT)).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Projects' })).toHaveCount(0);
  await expect(visitor.getByText(BULLETS[0]!)).toHaveCount(0);
  await visitor.close();
});

test('a bullet dragged by its handle below the next one, then one Undo puts it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const resume = await resumeWithOneJob('fix-in-place-drag');
  await signedIn(page);
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Drag In Place');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });

  const bullet = (n: number) =>
    page.getByRole('textbox', { name: `Description bullets: item ${n} of 3`, exact: true });
  await expect(bullet(1)).toHaveValue(BULLETS[0]!);
  const handle = page.getByRole('button', { name: `Drag to reorder “${BULLETS[0]}”` });
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(handle).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/drag-1280.png` });

  // Down on the handle, move in steps past the middle of the second bullet, up.
  const from = (await handle.boundingBox())!;
  const first = (await bullet(1).boundingBox())!;
  const second = (await bullet(2).boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  // The dragged bullet's middle ends a little past the second bullet's middle.
  const by = second.y + second.height / 2 - (first.y + first.height / 2) + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 5 });
  await page.mouse.move(x, y + by, { steps: 10 });
  await page.mouse.up();

  await expect(bullet(1)).toHaveValue(BULLETS[1]!);
  await expect(bullet(2)).toHaveValue(BULLETS[0]!);
  await expect(bullet(3)).toHaveValue(BULLETS[2]!);
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved to position 2 of 3' }),
  ).toHaveCount(1);

  // One Undo restores the order.
  await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await expect(bullet(1)).toHaveValue(BULLETS[0]!);
  await expect(bullet(2)).toHaveValue(BULLETS[1]!);

  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await bullet(1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${shots}/drag-390.png` });
    await page
      .getByRole('button', { name: /^Drag to reorder Platform Engineer/ })
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${shots}/drag-entry-390.png` });
  }
});
