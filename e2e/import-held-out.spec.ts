/**
 * Generated held-out families (ADR 16), as a user sees them: a resume of a generated layout family held out from parser work
 * (never looked at while changing the parser) is imported, the fields the parser is unsure of are
 * marked "Check this", one is fixed on the review, and the published site shows the fix.
 * The document is generated here, deterministically, like the corpus (`corpus/generator`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { families } from '../packages/parser/corpus/generator/families.ts';
import { generateCorpus } from '../packages/parser/corpus/generator/generate.node.ts';
import { isHeldOut } from '../packages/parser/corpus/generator/split.ts';
import { parseResumeWithConfidence } from '../packages/parser/src/index.ts';
import { nodePdfAssets } from '../packages/parser/src/pdf-assets.node.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;

test('a held-out generated resume: "Check this" marks, one fixed on the review, published', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(180_000);
  // Documents of the held-out families printed by Chromium, generated here; the first the
  // parser has doubts about is the one a user would have to check.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-held-out-'));
  const heldOut = families.filter((f) => isHeldOut(f.name) && f.output === 'pdf-chromium');
  expect(heldOut.length, 'held-out families printed by Chromium').toBeGreaterThan(0);
  const { docs } = await generateCorpus({ outDir, families: heldOut, perFamily: 2 });
  let file: string | undefined;
  for (const d of docs) {
    const f = path.join(outDir, d.family.name, 'docs', `${d.name}.${d.ext}`);
    const { uncertain } = await parseResumeWithConfidence(
      new Uint8Array(fs.readFileSync(f)),
      nodePdfAssets(),
    );
    if (uncertain.length) {
      file = f;
      break;
    }
  }
  expect(file, 'a held-out document with fields to check').toBeTruthy();

  const auth = await signedIn(page);
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Held-out Import');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(file!);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // What was read, with the doubtful fields marked in words.
  await expect(page.getByRole('textbox', { name: 'Full Name' })).not.toHaveValue('');
  const markers = page.getByTestId('check-this');
  await expect(markers.first()).toBeVisible();
  const count = await markers.count();
  await expect(page.getByTestId('review-status')).toContainText(
    `${count} ${count === 1 ? 'place is' : 'places are'} marked “Check this”`,
  );

  // Fix what the first marker is on (a field, or an entry marked whole): the marker goes with
  // the edit.
  const field = markers.first().locator('xpath=ancestor::*[self::fieldset or @data-check-this][1]');
  const marked = field.getByRole('textbox').first();
  const input = page.locator(`[id="${await marked.getAttribute('id')}"]`);
  await field.scrollIntoViewIfNeeded();
  if (shots)
    await page.screenshot({ path: `${shots}/held-out-review-${page.viewportSize()?.width}.png` });
  const fixed = 'Checked by hand';
  await input.fill(fixed);
  await expect(markers).toHaveCount(count - 1);

  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await page.getByRole('button', { name: 'Continue to Preview' }).click();
  await page.getByRole('link', { name: 'Continue to Publish' }).click();
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });

  // The live site shows the value fixed on the review.
  const res = await page.request.get(`/api/portfolios/${id}`, { headers: auth });
  const { domain } = (await res.json()) as { domain: string };
  const { port } = new URL(server.baseURL);
  const visitor = await context.newPage();
  await visitor.goto(`http://${domain}.folio.localhost:${port}/`);
  await expect(visitor.getByText(fixed).first()).toBeVisible();
  if (shots) await visitor.screenshot({ path: `${shots}/held-out-site.png`, fullPage: true });
  await visitor.close();
  fs.rmSync(outDir, { recursive: true, force: true });
});
