/**
 * A LinkedIn "Save to PDF" profile (ADR 34): a PDF printed at test time by the generator's
 * LinkedIn family (sidebar and main column, roles grouped under a company, durations, wrapped
 * sidebar items, "Page N of M" footers; here the German interface), uploaded on the upload page,
 * reviewed with nothing marked to check, published: the live site shows the headline and each
 * role beside its company, and no duration is taken for a date.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResumeData } from '@folio/core';
import { familyByName } from '../packages/parser/corpus/generator/families.ts';
import { generateCorpus } from '../packages/parser/corpus/generator/generate.node.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;

test('a LinkedIn profile PDF: uploaded, nothing to check, published with every role', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(180_000);
  // Two profiles of the family: English, then German (the family's interface languages in turn).
  const family = familyByName('linkedin-save-to-pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-linkedin-'));
  try {
    await generateCorpus({ outDir: dir, families: [family], perFamily: 2, seed: 'e2e-linkedin' });
    const docs = path.join(dir, family.name, 'docs');
    const file = fs.readdirSync(docs).find((f) => f.endsWith('-de.pdf'))!;
    const gold = JSON.parse(
      fs.readFileSync(
        path.join(dir, family.name, 'gold', file.replace(/\.pdf$/, '.gold.json')),
        'utf8',
      ),
    ) as ResumeData;
    const bytes = fs.readFileSync(path.join(docs, file));

    const auth = await signedIn(page);
    await page.goto('/resume-upload');
    await page.getByLabel('Portfolio Name').fill('LinkedIn Profile');
    await page.getByLabel('Resume file', { exact: true }).setInputFiles({
      name: 'Profile.pdf',
      mimeType: 'application/pdf',
      buffer: bytes,
    });

    await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect(toast(page, 'Resume uploaded successfully')).toBeVisible();
    await expect(page.getByTestId('review-status')).toContainText('Nothing is marked to check');
    await expect(page.getByTestId('check-this')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(gold.contact!.name!);
    await expect(page.getByRole('textbox', { name: 'Professional Title' })).toHaveValue(
      gold.contact!.title!,
    );
    if (shots) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/review-linkedin-pdf-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    // What was read is what the profile prints: every role with its company and its dates.
    const portfolio = (await (
      await page.request.get(`/api/portfolios/${id}`, { headers: auth })
    ).json()) as { domain: string; content: { data: ResumeData } };
    expect(portfolio.content.data.experience?.map((e) => [e.company, e.position, e.dates])).toEqual(
      gold.experience?.map((e) => [e.company, e.position, e.dates]),
    );

    await page.getByRole('button', { name: 'Continue to templates' }).click();
    await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
    await page.getByRole('button', { name: 'Continue to Preview' }).click();
    await expect(page).toHaveURL(/\/preview\?id=\d+$/);
    await page.getByRole('link', { name: 'Continue to Publish' }).click();
    await page.getByRole('button', { name: 'Publish Portfolio' }).click();
    await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });

    const { port } = new URL(server.baseURL);
    const visitor = await context.newPage();
    await visitor.goto(`http://${portfolio.domain}.folio.localhost:${port}/`);
    await expect(visitor.getByText(gold.contact!.title!).first()).toBeVisible();
    for (const role of gold.experience!) {
      const entry = visitor
        .locator('article, li, section > div')
        .filter({ hasText: role.position! })
        .filter({ hasText: role.company! });
      await expect(entry.first(), `${role.position} at ${role.company}`).toBeVisible();
    }
    await visitor.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
