/**
 * Sharing a published site (the share card on /publish): copy the link, the QR code (on the page,
 * as SVG and as PNG, each read back with a QR decoder), the networks' share links, and the phone's
 * share sheet (navigator.share, stubbed here to record its call).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

const siteAddress = (baseURL: string, label: string) =>
  `http://${label}.folio.localhost:${new URL(baseURL).port}/`;

/** What a phone camera app would read from a PNG (jsQR on its pixels). */
function decodePng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

const portfolio = {
  name: 'Share E2E',
  content: { name: 'Jane Sharer', title: 'Product Designer', about: 'Designs calm software.' },
};

test('publish, then share: copy, QR as SVG and PNG, share links, the share sheet', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // Many steps on a shared two-core machine: publishing, reloads, three image decodes.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // The phone's share sheet: record what the page hands it.
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    Object.assign(window, { shareCalls: calls });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
  const { id } = await signedInWithPortfolio(page, portfolio);
  const url = siteAddress(baseURL!, 'share-e2e');

  await page.goto(`/publish?id=${id}`);
  // The first page of a fresh server on a loaded machine can take a while to get its data.
  await expect(page.getByRole('heading', { name: 'Domain Settings' })).toBeVisible({
    timeout: 30_000,
  });
  // Nothing to share before the site is live.
  await expect(page.getByTestId('share-card')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();

  // Once live, the share step appears with the site's address.
  const card = page.getByTestId('share-card');
  await expect(card.getByRole('heading', { name: 'Your portfolio is live: share it' })).toBeVisible(
    { timeout: 20_000 },
  );
  const field = card.getByRole('textbox', { name: "Your site's link" });
  await expect(field).toHaveValue(url);
  await page.screenshot({ path: testInfo.outputPath('share-1280.png'), fullPage: true });

  // Copy link, from the keyboard: "Copied", the clipboard holds the address, then back.
  await field.focus();
  await page.keyboard.press('Tab');
  const copy = card.getByTestId('copy-link');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(copy).toHaveText('Copied');
  await expect(card.getByRole('status')).toHaveText('Link copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(copy).toHaveText('Copy link');

  // Share links carry the encoded address.
  const href = async (name: string) =>
    new URL((await card.getByRole('link', { name }).getAttribute('href'))!);
  const linkedin = await href('LinkedIn');
  expect(linkedin.origin + linkedin.pathname).toBe(
    'https://www.linkedin.com/sharing/share-offsite/',
  );
  expect(linkedin.searchParams.get('url')).toBe(url);
  expect(linkedin.search).toContain(encodeURIComponent(url));
  const x = await href('X');
  expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
  expect(x.searchParams.get('url')).toBe(url);
  expect(x.searchParams.get('text')).toBe('Jane Sharer: my portfolio');
  await expect(card.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('target', '_blank');
  const mail = await card.getByRole('link', { name: 'E-mail' }).getAttribute('href');
  expect(mail).toMatch(/^mailto:\?/);
  const mailQuery = new URLSearchParams(mail!.slice('mailto:?'.length));
  expect(mailQuery.get('subject')).toBe('Jane Sharer: my portfolio');
  expect(mailQuery.get('body')).toBe(`Here is my portfolio: ${url}`);

  // The share sheet gets the address.
  await card.getByRole('button', { name: 'Share via…' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
    .toEqual([{ title: 'Jane Sharer: my portfolio', text: 'Jane Sharer: my portfolio', url }]);

  // The QR code drawn on the page reads as the address.
  const qr = card.getByRole('img', { name: `QR code for ${url}` });
  await expect(qr).toBeVisible();
  expect(decodePng(await qr.screenshot())).toBe(url);

  // SVG download: an SVG file that, drawn by the browser, reads as the address.
  const svg = await downloaded(page, 'Download SVG');
  expect(svg.name).toBe('share-e2e-qr-code.svg');
  const svgText = svg.bytes.toString('utf8');
  expect(svgText).toMatch(/^<\?xml[^>]*>\s*<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svgText).toContain(`<title>QR code for ${url}</title>`);
  const viewer = await context.newPage();
  await viewer.setContent(
    `<img alt="qr" style="width:400px;height:400px" src="data:image/svg+xml;base64,${svg.bytes.toString('base64')}">`,
  );
  await expect
    .poll(() => viewer.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth))
    .toBeGreaterThan(0);
  expect(decodePng(await viewer.locator('img').screenshot())).toBe(url);
  await viewer.close();

  // PNG download: a real PNG, square, print-sized, that reads as the address.
  const png = await downloaded(page, 'Download PNG');
  expect(png.name).toBe('share-e2e-qr-code.png');
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const image = PNG.sync.read(png.bytes);
  expect(image.width).toBe(image.height);
  expect(image.width).toBeGreaterThanOrEqual(1000);
  expect(image.width).toBeLessThanOrEqual(1200);
  expect(decodePng(png.bytes)).toBe(url);

  // Back later: the card is still there for a live site, greeting plainly.
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Share your portfolio' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(field).toHaveValue(url);
});

test('at 390 px: the card fits, and a refused clipboard says how to copy by hand', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A browser that refuses both ways of copying (no clipboard API, the copy command fails).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    document.execCommand = () => false;
  });
  const { id, auth } = await signedInWithPortfolio(page, { ...portfolio, name: 'Share Narrow' });
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
  const url = siteAddress(baseURL!, 'share-narrow');

  await page.goto(`/publish?id=${id}`);
  const card = page.getByTestId('share-card');
  await expect(card.getByRole('heading', { name: 'Share your portfolio' })).toBeVisible();
  await expect(card.getByRole('img', { name: `QR code for ${url}` })).toBeVisible();
  // Without a share sheet in this browser, no button for it.
  const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(card.getByRole('button', { name: 'Share via…' })).toHaveCount(hasShare ? 1 : 0);

  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(card.getByText('Your browser did not let us copy.')).toBeVisible();
  const field = card.getByRole('textbox', { name: "Your site's link" });
  await expect(field).toBeFocused();
  // The whole address is selected, ready for Ctrl+C.
  expect(
    await field.evaluate((i: HTMLInputElement) =>
      i.value.slice(i.selectionStart!, i.selectionEnd!),
    ),
  ).toBe(url);
  await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('share-390.png'), fullPage: true });
});
