/**
 * Self-hosted web fonts (ADR 24): a published site's text is drawn in the template's own faces
 * (not whatever the visitor's system has, DejaVu on Linux), at `{label}.SITES_DOMAIN` and at
 * `/s/{label}/`, Latin Extended letters included; and the app's previews of a page (template
 * thumbnails) load the same faces. A font the page's policy refused would be a console error,
 * which fails the test (fixtures).
 */
import type { Frame, Page } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

const content = {
  data: {
    contact: { name: 'Zofia Łęcka', title: 'Type designer' },
    summary: 'I draw letters for screens and paper.',
    experience: [{ company: 'Glyph & Co', position: 'Designer', description: ['Drew a face.'] }],
  },
};

/** The self-hosted faces the page has loaded, by family (after the page's fonts settle). */
async function loadedFaces(target: Page | Frame): Promise<string[]> {
  return target.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.status === 'loaded')
      .map((f) => f.family.replace(/^["']|["']$/g, ''))
      .sort();
  });
}

/** The fonts Chromium drew an element's own text with (DevTools protocol), by family. */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => f.familyName);
  } finally {
    await cdp.detach();
  }
}

test('a published site is drawn in its own web fonts at both addresses', async ({
  page,
  baseURL,
}) => {
  const { id, auth } = await signedInWithPortfolio(page, {
    name: 'Font Site E2E',
    template: 'splitscreen',
    content,
  });
  expect((await page.request.post(`/api/publish/${id}`, { headers: auth })).status()).toBe(202);
  const site = async () =>
    (await (await page.request.get(`/api/portfolios/${id}/site`, { headers: auth })).json()) as {
      status: string;
      label: string | null;
    };
  await expect.poll(async () => (await site()).status, { timeout: 20_000 }).toBe('live');
  const { label } = await site();

  const { port } = new URL(baseURL!);
  for (const address of [`http://${label}.folio.localhost:${port}/`, `${baseURL}/s/${label}/`]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Zofia Łęcka' })).toBeVisible();
    await expect
      .poll(() => loadedFaces(page), { message: address })
      .toEqual(
        // Latin and Latin Extended of each face: 'Łę' is drawn from the second file.
        ['Figtree', 'Figtree', 'Instrument Serif', 'Instrument Serif'],
      );
    expect(await page.evaluate(() => document.fonts.check('16px "Figtree"'))).toBe(true);
    // What the visitor sees: the name in the display face, the rest in the body face.
    // (A variable face reports its default instance's name, e.g. 'Figtree Light'.)
    const name = await drawnWith(page, 'h1.name');
    const role = await drawnWith(page, 'p.role');
    expect(name.length).toBeGreaterThan(0);
    expect(role.length).toBeGreaterThan(0);
    for (const family of name) expect(family).toMatch(/^Instrument Serif\b/);
    for (const family of role) expect(family).toMatch(/^Figtree\b/);
  }
});

test('the template thumbnails of the app load the same faces as the published page', async ({
  page,
}) => {
  const { id } = await signedInWithPortfolio(page, { name: 'Font Thumbs E2E', content });
  await page.goto(`/template-select?id=${id}`);
  const box = page
    .getByRole('article', { name: 'Terminal', exact: true })
    .getByTestId('template-thumbnail');
  await box.scrollIntoViewIfNeeded();
  const frame = box.locator('iframe').contentFrame();
  await expect(frame.getByText('Zofia Łęcka').first()).toBeVisible();
  const handle = await box.locator('iframe').elementHandle();
  const drawn = await handle?.contentFrame();
  expect(drawn).toBeTruthy();
  await expect.poll(() => loadedFaces(drawn!)).toContain('Geist Mono');
});
