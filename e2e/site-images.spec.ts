/**
 * Uploaded images on a published site (ADR 20): the profile photo and the favicon a user
 * uploaded show on the live site at `{label}.SITES_DOMAIN` and at `/s/{label}/` (the site's CSP
 * allows its own images), and og:image names an address on the site's host that answers.
 * (An own domain needs a DNS record; apps/server/test/site-images.test.ts covers that form.)
 */
import sharp from 'sharp';
import { expect, newAccount, test } from './fixtures.ts';

test('the uploaded photo and favicon show on the live site in both address forms', async ({
  page,
  baseURL,
}) => {
  const registered = await page.request.post('/api/register', { data: newAccount() });
  const { token } = (await registered.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const png = (r: number, g: number, b: number) =>
    sharp({ create: { width: 96, height: 96, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const upload = async (bytes: Buffer) => {
    const res = await page.request.post('/api/upload', {
      headers: auth,
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: bytes } },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };
  const photo = await upload(await png(220, 60, 60));
  const favicon = await upload(await png(60, 160, 60));
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: {
      name: 'Iris Image E2E',
      content: {
        data: { contact: { name: 'Iris Image', title: 'Illustrator' }, summary: 'Draws.' },
        settings: { ogImage: photo, faviconUrl: favicon },
      },
    },
  });
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/publish/${id}`, { headers: auth })).status()).toBe(202);
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/portfolios/${id}/site`, { headers: auth })
          ).json()) as { status: string }
        ).status,
      { timeout: 20_000 },
    )
    .toBe('live');

  const { port } = new URL(baseURL!);
  // Opens the addresses the page names, as the browser would (*.localhost is the browser's own).
  const visit = await page.context().newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  for (const address of [
    `http://iris-image-e2e.folio.localhost:${port}/`,
    `${baseURL}/s/iris-image-e2e/`,
  ]) {
    await page.goto(address);
    const img = page.getByRole('img', { name: 'Photo of Iris Image' });
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
        message: address,
      })
      .toBe(96);
    // The favicon the browser asks for comes from the site's own address and is an image.
    const icon = await page.locator('link[rel="icon"]').evaluate((l: HTMLLinkElement) => l.href);
    expect(icon.startsWith(address)).toBe(true);
    const iconRes = await visit.goto(icon);
    expect(iconRes?.status()).toBe(200);
    expect(await iconRes?.headerValue('content-type')).toBe('image/webp');
    // og:image: absolute on the site's host, and it answers.
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toMatch(new RegExp(`^http://iris-image-e2e\\.folio\\.localhost:${port}/uploads/`));
    expect((await visit.goto(og!))?.status()).toBe(200);
  }
  expect(violations).toEqual([]);
});
