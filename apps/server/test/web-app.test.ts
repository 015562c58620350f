/**
 * Serving the built web app (plugins/web-app.ts): prerendered pages and the app shell go out
 * compressed as the browser asks (brotli, gzip, or none), with this server's address in them.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

const ORIGIN = 'https://folio-origin.invalid';
let ctx: TestContext;
let home: string;
let precompressed: Buffer;
let precompressedBr: Buffer;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'folio-web-'));
  fs.mkdirSync(path.join(dist, '_pages', 'blog'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1);\n'.repeat(200));
  // Compressed by the build (apps/web/scripts/precompress.ts), at a strength the server never uses.
  precompressed = Buffer.from('console.log(2);\n'.repeat(200));
  fs.writeFileSync(path.join(dist, 'assets', 'app-def.js'), precompressed);
  precompressedBr = zlib.brotliCompressSync(precompressed, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  fs.writeFileSync(path.join(dist, 'assets', 'app-def.js.br'), precompressedBr);
  fs.writeFileSync(path.join(dist, 'assets', 'app-def.js.gz'), zlib.gzipSync(precompressed));
  // A page big enough to be worth compressing, with absolute links to rewrite.
  home = `<!doctype html><link rel="canonical" href="${ORIGIN}/" />${'<p>Turn your resume into a website.</p>'.repeat(100)}`;
  fs.writeFileSync(path.join(dist, '_pages', 'index.html'), home);
  fs.writeFileSync(path.join(dist, '_pages', '404.html'), '<h1>Page Not Found</h1>');
  fs.writeFileSync(path.join(dist, '_pages', 'blog', 'a-post.html'), '<h1>A post</h1>');
  fs.writeFileSync(
    path.join(dist, '_pages', 'sitemap.xml'),
    `<urlset><loc>${ORIGIN}/</loc></urlset>`,
  );
  fs.writeFileSync(
    path.join(dist, '_pages', 'manifest.json'),
    JSON.stringify({
      origin: ORIGIN,
      pages: {
        '/': { file: 'index.html', status: 200 },
        '/blog/a-post': { file: 'blog/a-post.html', status: 200 },
        '/404': { file: '404.html', status: 404 },
      },
      files: { '/sitemap.xml': 'sitemap.xml' },
      routes: ['/', '/pricing', '/dashboard', '/template-editor', '/blog', '/blog/:slug', '/404'],
    }),
  );
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(() => ctx.close());

const get = (url: string, encoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('prerendered pages', () => {
  it('go out as brotli, gzip or plain, each the same page with this server’s address', async () => {
    const expected = home.replaceAll(ORIGIN, 'http://folio.test');
    const br = await get('/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(expected.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(expected);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
    expect(plain.headers['content-type']).toContain('text/html');
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown post is the not-found page with a 404; other addresses get the app shell', async () => {
    const missing = await get('/blog/no-such-post', 'br');
    expect(missing.statusCode).toBe(404);
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString()).toContain('Page Not Found');

    const shell = await get('/dashboard', 'br');
    expect(shell.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toContain('<div id="root">');

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://folio.test/</loc>');
  });

  it('an address that is no client route is the not-found page with a 404, for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/no-such-page', '/dashboard/extra', '/pricing.php?x=1']) {
        const res = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        if (method === 'GET') expect(res.body).toContain('Page Not Found');
      }
      for (const url of ['/dashboard', '/Pricing', '/template-editor?id=3', '/dashboard/']) {
        const res = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        if (method === 'GET') expect(res.body).toContain('<div id="root">');
      }
    }
  });

  it('hashed assets are cached for a year and compressed', async () => {
    const asset = await get('/assets/app-abc.js', 'br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBe('br');
  });

  it('assets compressed by the build are sent as built, brotli or gzip as the browser asks', async () => {
    const br = await get('/assets/app-def.js', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload).toEqual(precompressedBr);

    const gzip = await get('/assets/app-def.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload)).toEqual(precompressed);

    const plain = await get('/assets/app-def.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(precompressed);

    const missing = await ctx.app.inject({
      url: '/assets/app-missing.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the product name and sites domain (APP_NAME, SITES_DOMAIN)', () => {
  it('replace the build’s placeholders in the shell and every prerendered page, escaped', async () => {
    const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'folio-web-'));
    fs.mkdirSync(path.join(dist, '_pages'));
    const placeholders = (body: string) =>
      `<!doctype html><meta name="application-name" content="FOLIO_APP_NAME" /><title>FOLIO_APP_NAME</title>${body}`;
    fs.writeFileSync(path.join(dist, 'index.html'), placeholders('<div id="root"></div>'));
    fs.writeFileSync(
      path.join(dist, '_pages', 'index.html'),
      placeholders('<p>jane-doe.folio-sites-domain.invalid</p>'),
    );
    fs.writeFileSync(
      path.join(dist, '_pages', 'manifest.json'),
      JSON.stringify({
        origin: ORIGIN,
        pages: { '/': { file: 'index.html', status: 200 } },
        files: {},
      }),
    );
    const branded = await createTestContext({
      WEB_DIST: dist,
      APP_NAME: 'Ben & Jerry <Pages>',
      SITES_DOMAIN: 'bj.example',
    });
    try {
      const home = await branded.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(home.body).toContain('<title>Ben &amp; Jerry &lt;Pages&gt;</title>');
      expect(home.body).toContain('content="Ben &amp; Jerry &lt;Pages&gt;"');
      expect(home.body).toContain('<p>jane-doe.bj.example</p>');
      for (const url of ['/dashboard', '/index.html']) {
        const shell = await branded.app.inject({ url, headers: { accept: 'text/html' } });
        expect(shell.statusCode, url).toBe(200);
        expect(shell.body, url).toContain('<title>Ben &amp; Jerry &lt;Pages&gt;</title>');
        expect(shell.body, url).not.toContain('FOLIO_APP_NAME');
      }
    } finally {
      await branded.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
