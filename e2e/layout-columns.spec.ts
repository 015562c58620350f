/**
 * Reading order on the review screen: a Google Docs resume with a right column (contact, skills,
 * education) and a Canva-like page of text boxes written out of order over a coloured panel, both
 * generated here by the corpus generator (`corpus/generator/free-layouts.ts`), are imported; the
 * review shows every experience entry whole (its employer, all its bullets, in the printed order)
 * and the education entries in order, nothing of the side column mixed into them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { familyByName } from '../packages/parser/corpus/generator/families.ts';
import { generateCorpus } from '../packages/parser/corpus/generator/generate.node.ts';
import { expect, signedIn, test } from './fixtures.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const family of ['gdocs-right-sidebar', 'canva-boxes-panel']) {
  test(`${family}: experience and education come out whole and in order`, async ({ page }) => {
    test.setTimeout(180_000);
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-layout-'));
    const { docs } = await generateCorpus({
      outDir,
      families: [familyByName(family)],
      perFamily: 1,
    });
    const doc = docs[0]!;
    const file = path.join(outDir, family, 'docs', `${doc.name}.${doc.ext}`);
    const { experience, education } = doc.persona;
    expect(experience.length, 'the resume has experience').toBeGreaterThan(0);
    expect(education.length, 'the resume has education').toBeGreaterThan(0);

    await signedIn(page);
    await page.goto('/resume-upload');
    await page.getByLabel('Portfolio Name').fill('Layout Import');
    await page.getByLabel('Resume file', { exact: true }).setInputFiles(file);
    await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Check Your Details', level: 1 })).toBeVisible();

    // Every role, in the printed order, with its employer and all its bullets.
    const exp = page.getByRole('region', { name: 'Experience' });
    const companies = exp.getByRole('textbox', { name: 'Company', exact: true });
    await expect(companies).toHaveCount(experience.length);
    const bullets = exp.getByRole('textbox', { name: /^Description bullets: item \d+ of \d+$/ });
    await expect(bullets).toHaveCount(experience.reduce((n, e) => n + e.bullets.length, 0));
    let b = 0;
    for (const [i, e] of experience.entries()) {
      await expect(companies.nth(i)).toHaveValue(new RegExp(escape(e.company)));
      for (const bullet of e.bullets) await expect(bullets.nth(b++)).toHaveValue(bullet);
    }

    // Every school, in the printed order, with its dates.
    const edu = page.getByRole('region', { name: 'Education' });
    const schools = edu.getByRole('textbox', { name: 'Institution', exact: true });
    await expect(schools).toHaveCount(education.length);
    const eduDates = edu.getByRole('textbox', { name: 'Dates', exact: true });
    for (const [i, e] of education.entries()) {
      await expect(schools.nth(i)).toHaveValue(e.institution);
      await expect(eduDates.nth(i)).toHaveValue(new RegExp(`^${escape(e.dates)}$`, 'i'));
    }
    if (process.env.SHOTS_DIR)
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/layout-${family}.png`,
        fullPage: true,
      });
  });
}
