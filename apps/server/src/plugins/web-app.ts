import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@folio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compressBodies, pickEncoding, type CompressedBodies } from '../shared/compression.ts';

/** dist/_pages/manifest.json, written by apps/web/scripts/prerender.ts (ADR 0010). */
interface PagesManifest {
  /** Placeholder origin in absolute URLs (canonical, Open Graph, sitemap, RSS), swapped for APP_URL. */
  origin: string;
  pages: Record<string, { file: string; status: number }>;
  files: Record<string, string>;
  /**
   * The app's client route patterns (apps/web/src/app/router.tsx, e.g. `/blog/:slug`); an address
   * matching none is answered with the not-found page and a 404. Absent in older builds.
   */
  routes?: string[];
}

/** A matcher for client route patterns: `:name` is one segment, case-insensitive as in the app. */
export function routeMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const source = patterns
    .map((p) =>
      p === '/'
        ? ''
        : p
            .split('/')
            .map((seg) =>
              seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('/'),
    )
    .join('|');
  const re = new RegExp(`^(?:${source})/?$`, 'i');
  return (pathname) => re.test(pathname);
}

/**
 * Written into the app shell and the prerendered pages at build time in place of the product name
 * the sites domain and the support address (apps/web/src/lib/brand.ts); swapped here for APP_NAME,
 * SITES_DOMAIN and SUPPORT_EMAIL.
 */
const brandPlaceholders = {
  appName: 'FOLIO_APP_NAME',
  sitesDomain: 'folio-sites-domain.invalid',
  supportEmail: 'support@folio-support-email.invalid',
};

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The app shell (dist/index.html, beside _pages/), served for every page not prerendered. */
const SHELL = path.join('..', 'index.html');

interface Encoded extends CompressedBodies {
  identity: Buffer;
}

const fileTypes: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Serves the built web app: prerendered HTML for each public page (and sitemap.xml, rss.xml,
 * robots.txt), the SPA shell for every other page, long-lived caching for hashed assets.
 * Without a build, a short page says how to make one.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      distDir: string;
      appUrl: string;
      appName: string;
      sitesDomain: string;
      supportEmail: string;
    },
  ) => {
    const index = path.join(opts.distDir, 'index.html');
    const built = fs.existsSync(index);
    const pagesDir = path.join(opts.distDir, '_pages');
    const manifestFile = path.join(pagesDir, 'manifest.json');
    const manifest: PagesManifest | null =
      built && fs.existsSync(manifestFile)
        ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PagesManifest)
        : null;
    const isClientRoute = manifest?.routes ? routeMatcher(manifest.routes) : () => true;

    /**
     * Prerendered files (and the app shell) with this server's origin in them, read and
     * compressed once: brotli and gzip bodies are sent as they are, with no work per request.
     */
    const cache = new Map<string, Promise<Encoded>>();
    const prerendered = (file: string): Promise<Encoded> => {
      let encoded = cache.get(file);
      if (encoded === undefined) {
        let text = fs.readFileSync(path.join(pagesDir, file), 'utf8');
        if (manifest) text = text.replaceAll(manifest.origin, opts.appUrl);
        text = text
          .replaceAll(brandPlaceholders.appName, escapeHtml(opts.appName))
          .replaceAll(brandPlaceholders.sitesDomain, escapeHtml(opts.sitesDomain))
          .replaceAll(brandPlaceholders.supportEmail, escapeHtml(opts.supportEmail));
        const identity = Buffer.from(text);
        encoded = compressBodies(identity).then((bodies) => ({ identity, ...bodies }));
        cache.set(file, encoded);
      }
      return encoded;
    };
    const sendPrerendered = async (
      request: FastifyRequest,
      reply: FastifyReply,
      file: string,
      status = 200,
    ) => {
      const encoded = await prerendered(file);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type(fileTypes[path.extname(file)] ?? 'text/html; charset=utf-8');
      if (!encoding) return reply.send(encoded.identity);
      return reply.header('content-encoding', encoding).send(encoded[encoding]);
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes each asset's brotli and gzip beside it (apps/web/scripts/precompress.ts):
        // sent as they are, smaller than compressing each response here. Files without them (a
        // build from before, or public/) are compressed on the way out by @fastify/compress.
        preCompressed: true,
        // The shell is sent only with this server's name and domain in it (below).
        allowedPath: (pathName) =>
          !pathName.startsWith('/_pages/') &&
          !pathName.startsWith('/.vite/') &&
          pathName !== '/index.html',
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'public, max-age=3600');
          }
        },
      });
      if (manifest) {
        for (const [url, file] of Object.entries(manifest.files)) {
          app.get(url, { config: { access: 'public' } }, (request, reply) =>
            sendPrerendered(request, reply, file),
          );
        }
      }
    } else {
      app.log.warn(`web app not built (${index} missing): run "npm run build"`);
    }

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '';
      const looksLikeFile = /\.[a-z0-9]+$/i.test(urlPath);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !urlPath.startsWith('/api/') &&
        (!looksLikeFile || (request.headers.accept ?? '').includes('text/html'));
      if (!isPage)
        throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url} not found`);
      if (!built) {
        return reply
          .type('text/plain')
          .send('The web app is not built yet. Run "npm run build", then start the server again.');
      }
      if (manifest) {
        let pathname = urlPath;
        try {
          pathname = decodeURIComponent(urlPath);
        } catch {
          // keep it encoded: it matches no page
        }
        pathname = pathname.replace(/(.)\/$/, '$1');
        const page = manifest.pages[pathname] ?? manifest.pages[pathname.toLowerCase()];
        if (page) return sendPrerendered(request, reply, page.file, page.status);
        // Every post is prerendered: any other /blog/{slug} does not exist (tag pages of unknown
        // tags are real pages, with the "No posts found" message).
        const notFound = manifest.pages['/404'];
        if (notFound && (/^\/blog\/(?!tags$)[^/]+$/.test(pathname) || !isClientRoute(pathname)))
          return sendPrerendered(request, reply, notFound.file, 404);
      }
      return sendPrerendered(request, reply, SHELL);
    });
  },
);
