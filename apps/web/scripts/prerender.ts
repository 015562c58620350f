/**
 * Prerender step of `npm run build` (ADR 0010). Renders every public route to HTML with the
 * server bundle (dist-ssr/entry-server.js), writes it with its own <head> (title, description,
 * canonical, Open Graph, modulepreload of the page's chunk) to dist/_pages/, together with
 * sitemap.xml, rss.xml, robots.txt and a manifest the server reads (apps/server/src/plugins/web-app.ts).
 * Absolute URLs use the placeholder origin below; the server swaps in APP_URL when it serves them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  render as renderPage,
  routePatterns as routePatternsOf,
} from '../src/entry-server.tsx';
import { planNames, plansWhere } from '@folio/core';
import { brandPlaceholders } from '../src/lib/brand.ts';
import { DEFAULT_IMAGE, headTags, type PageMeta } from '../src/lib/page-meta.ts';
import { readPosts } from './blog-markdown.ts';
import { writeCard } from './og-cards.ts';

export const ORIGIN_PLACEHOLDER = 'https://folio-origin.invalid';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(dist, '_pages');

interface RouteSpec {
  path: string;
  /** The route module (for modulepreload of its chunk). */
  module: string;
  /** Used when the page itself reports no meta (pages owned elsewhere). */
  fallback?: PageMeta;
  /** Listed in sitemap.xml. */
  sitemap?: boolean;
  status?: number;
  /**
   * How the page comes alive (ADR 0010). Default `islands`: the islands script only, the app
   * loaded for a signed-in visitor. `on-interaction`: islands, and the app at the first button
   * press or while a sale runs. `app`: the page is a form or a gallery, hydrated by the app at once.
   */
  mode?: 'islands' | 'on-interaction' | 'app';
}

const posts = readPosts();
const tagSet = new Map<string, string>();
for (const p of posts) for (const t of p.meta.tags) tagSet.set(t.toLowerCase(), t);

const routes: RouteSpec[] = [
  { path: '/', module: 'src/app/routes/home.tsx' },
  { path: '/features', module: 'src/app/routes/features.tsx' },
  { path: '/how-it-works', module: 'src/app/routes/how-it-works.tsx' },
  {
    path: '/templates',
    module: 'src/app/routes/templates.tsx',
    mode: 'app',
    fallback: {
      title: 'Templates',
      description:
        'Ten portfolio website templates, from minimal to playful. Preview each one with real content, then make it yours.',
    },
  },
  {
    path: '/pricing',
    module: 'src/app/routes/pricing.tsx',
    mode: 'on-interaction',
    fallback: {
      title: 'Pricing',
      description: `${planNames(plansWhere((p) => p.id === 'free' || p.soldOnline))} plans for your portfolio website. Start free with no credit card; 7-day money-back guarantee on paid plans.`,
    },
  },
  { path: '/about-us', module: 'src/app/routes/about-us.tsx' },
  { path: '/contact-us', module: 'src/app/routes/contact-us.tsx', mode: 'app' },
  { path: '/terms-and-conditions', module: 'src/app/routes/legal.tsx' },
  { path: '/privacy', module: 'src/app/routes/legal.tsx' },
  { path: '/cookies', module: 'src/app/routes/legal.tsx' },
  { path: '/blog', module: 'src/app/routes/blog.tsx' },
  ...posts.map((p) => ({ path: `/blog/${p.meta.slug}`, module: 'src/app/routes/blog.tsx' })),
  ...[...tagSet.keys()].map((t) => ({
    path: `/blog/tags/${encodeURIComponent(t)}`,
    module: 'src/app/routes/blog.tsx',
  })),
  { path: '/404', module: 'src/app/routes/not-found.tsx', sitemap: false, status: 404 },
];

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;

/** The chunk of a route module and every chunk it imports statically. */
function chunksOf(key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((k) => chunksOf(k, seen))];
}
const entryChunks = new Set(chunksOf('index.html'));
const appEntry = manifest['index.html']?.file;
const islandsChunks = chunksOf('src/islands/main.ts');
if (!appEntry || !islandsChunks.length) throw new Error('vite manifest: no app or islands entry');

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html: no empty #root');
/** The app's script tags (its entry and the modulepreloads Vite added for it). */
const appScripts = /\s*<(?:script type="module"|link rel="modulepreload")[^>]*>(?:<\/script>)?/g;
const islandsTemplate = template.replace(appScripts, '').replace(
  '</head>',
  `  <script type="module" crossorigin src="/${islandsChunks[0]}"></script>
    ${islandsChunks
      .slice(1)
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
      .join('\n    ')}
  </head>`,
);
if (islandsTemplate.includes(appEntry))
  throw new Error('islands pages: the app entry is still linked');

const { render, routePatterns } = (await import(
  pathToFileURL(path.join(webDir, 'dist-ssr', 'entry-server.js')).href
)) as { render: typeof renderPage; routePatterns: typeof routePatternsOf };

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const pages: Record<string, { file: string; status: number }> = {};
// The default link-preview image (DEFAULT_IMAGE): the tagline.
await writeCard(dist, DEFAULT_IMAGE.slice(1), '', '');
const lastmod = new Date().toISOString().slice(0, 10);

for (const route of routes) {
  const rendered = await render(route.path);
  // React puts resource hints (e.g. the preload of a high-priority image) first: move them to <head>.
  const hints = /^(?:<link [^>]*\/>)+/.exec(rendered.html)?.[0] ?? '';
  const html = rendered.html.slice(hints.length);
  const reported = rendered.meta;
  const pageMeta = reported ?? route.fallback;
  if (!pageMeta) throw new Error(`${route.path}: the page reports no meta (usePageMeta)`);
  // Each page's link preview is a PNG (crawlers skip SVG): its own card, drawn here.
  const card = `og/${route.path === '/' ? 'home' : route.path.slice(1).replace(/[^a-z0-9-]+/gi, '-')}.png`;
  let meta = pageMeta;
  if (!pageMeta.image || pageMeta.image.endsWith('.svg')) {
    await writeCard(dist, card, route.path === '/' ? '' : pageMeta.title, pageMeta.description);
    meta = { ...pageMeta, image: `/${card}` };
  }
  if (!html.includes('<main')) throw new Error(`${route.path}: rendered without a <main>`);
  const mode = route.mode ?? 'islands';
  // Islands pages load the app only when needed (islands/main.ts): nothing of it is preloaded.
  const preload =
    mode === 'app'
      ? chunksOf(route.module)
          .filter((f) => !entryChunks.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
      : [];
  const rootAttributes =
    mode === 'app'
      ? ''
      : ` data-app="/${appEntry}"${mode === 'on-interaction' ? ' data-hydrate="on-interaction"' : ''}`;
  const page = (mode === 'app' ? template : islandsTemplate)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(
      '</head>',
      `  ${hints}${headTags(meta, ORIGIN_PLACEHOLDER, route.path === '/404' ? '/404' : route.path)}\n    ${preload.join('\n    ')}\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${route.path}"${rootAttributes}>${html}</div>`,
    );
  const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`;
  fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
  fs.writeFileSync(path.join(outDir, file), page);
  pages[route.path] = { file, status: route.status ?? 200 };
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const sitemapUrls = routes
  .filter((r) => r.sitemap !== false)
  .map((r) => {
    const post = posts.find((p) => `/blog/${p.meta.slug}` === r.path);
    return `  <url><loc>${ORIGIN_PLACEHOLDER}${r.path}</loc><lastmod>${post?.meta.date ?? lastmod}</lastmod></url>`;
  });
fs.writeFileSync(
  path.join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapUrls.join('\n')}\n</urlset>\n`,
);

const items = posts.map(
  ({ meta }) => `    <item>
      <title>${xml(meta.title)}</title>
      <link>${ORIGIN_PLACEHOLDER}/blog/${meta.slug}</link>
      <guid isPermaLink="true">${ORIGIN_PLACEHOLDER}/blog/${meta.slug}</guid>
      <pubDate>${new Date(`${meta.date}T09:00:00Z`).toUTCString()}</pubDate>
      <dc:creator>${xml(meta.author)}</dc:creator>
${meta.tags.map((t) => `      <category>${xml(t)}</category>`).join('\n')}
      <description>${xml(meta.excerpt)}</description>
    </item>`,
);
fs.writeFileSync(
  path.join(outDir, 'rss.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${brandPlaceholders.appName} blog</title>
    <link>${ORIGIN_PLACEHOLDER}/blog</link>
    <atom:link href="${ORIGIN_PLACEHOLDER}/rss.xml" rel="self" type="application/rss+xml" />
    <description>Career advice and portfolio tips from the ${brandPlaceholders.appName} team.</description>
    <language>en</language>
${items.join('\n')}
  </channel>
</rss>
`,
);

const privatePaths = [
  '/dashboard',
  '/profile',
  '/resume-upload',
  '/template-select',
  '/template-editor',
  '/preview',
  '/publish',
  '/api/',
  '/s/',
];
fs.writeFileSync(
  path.join(outDir, 'robots.txt'),
  `User-agent: *\n${privatePaths.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${ORIGIN_PLACEHOLDER}/sitemap.xml\n`,
);

fs.writeFileSync(
  path.join(outDir, 'manifest.json'),
  JSON.stringify(
    {
      origin: ORIGIN_PLACEHOLDER,
      pages,
      // The app's client routes (router.tsx): any other address is answered with the 404 page.
      routes: routePatterns(),
      files: { '/sitemap.xml': 'sitemap.xml', '/rss.xml': 'rss.xml', '/robots.txt': 'robots.txt' },
    },
    null,
    2,
  ),
);
console.log(
  `prerendered ${routes.length} pages, sitemap.xml, rss.xml and robots.txt into dist/_pages`,
);
