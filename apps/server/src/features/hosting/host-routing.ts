/**
 * Serves published sites from the same server (product.md, Addresses): the request hook that
 * answers every request for a site (pages, images, fonts, robots.txt, the contact form, moved
 * and expired sites) before the app's routes. Which site a request is for: site-requests.ts; the
 * page answer: site-page-answer.ts; the Node-level fast path: fast-path.ts; the contact form:
 * site-contact.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ViewCounter } from './analytics.ts';
import { sitesFastPath, type SitesFastPath } from './fast-path.ts';
import { FONT_PATH_PATTERN, sendFont } from './fonts.ts';
import { expiredPage, notFoundPage, pageNotFound, sendPage, type PageContext } from './pages.ts';
import type { LiveSite, SiteCache } from './site-cache.ts';
import { siteContact } from './site-contact.ts';
import { sitePageAnswer } from './site-page-answer.ts';
import { MOVED_HEADERS, siteHostname, siteRequests } from './site-requests.ts';

export type { SitesFastPath } from './fast-path.ts';
export { siteHostname, siteLabelOf } from './site-requests.ts';

/** `/uploads/<sha256>.<ext>` inside a site: one of the images its live version shows. */
const SITE_UPLOAD = /^\/uploads\/([0-9a-f]{64}\.(webp|ico))$/;
const uploadTypes: Record<string, string> = { webp: 'image/webp', ico: 'image/x-icon' };

export interface HostRoutingOptions {
  cache: SiteCache;
  views: ViewCounter;
  /** Receives the fast path, for the Node server to try before Fastify (app.ts). */
  onFastPath?: (fastPath: SitesFastPath) => void;
}

/**
 * `{label}.{SITES_DOMAIN}`, verified own domains, and `/s/{label}/` on the app's own host. Runs
 * as the first request hook, so a site request never goes through the app's routes, session
 * lookup or headers.
 */
export const hostRouting = fp((app: FastifyInstance, opts: HostRoutingOptions) => {
  const { settings } = app;
  const requests = siteRequests(settings);
  const { appHost, classify, movedLocation } = requests;
  const ctx: PageContext = { appName: settings.APP_NAME, appUrl: settings.APP_URL };
  const pageAnswer = sitePageAnswer(opts.views);
  const contact = siteContact(app, ctx);

  function serveSite(
    request: FastifyRequest,
    reply: FastifyReply,
    site: LiveSite,
    pathForm: boolean,
  ) {
    const answer = pageAnswer(
      site,
      pathForm,
      request.method,
      request.headers,
      siteHostname(request.hostname),
      () => request.ip,
    );
    reply.status(answer.status).headers(answer.headers);
    return answer.body ? reply.send(answer.body) : reply.send();
  }

  opts.onFastPath?.(
    sitesFastPath({ trustProxy: settings.TRUST_PROXY, cache: opts.cache, requests, pageAnswer }),
  );

  app.addHook('onRequest', async (request, reply) => {
    const hostname = siteHostname(request.hostname);
    let target = classify(hostname, request.url);
    if (!target) {
      // Any other host may be a verified own domain; unknown ones fall through to the app.
      if (
        !hostname ||
        hostname === appHost ||
        hostname === 'localhost' ||
        /^[\d.]+$|:/.test(hostname)
      )
        return;
      const cached = await opts.cache.get({ host: hostname });
      if (cached.kind !== 'live') return;
      const q = request.url.indexOf('?');
      target = {
        key: { host: hostname },
        address: hostname,
        path: q === -1 ? request.url : request.url.slice(0, q),
        base: '',
      };
    }
    const site = opts.cache.peek(target.key) ?? (await opts.cache.load(target.key));
    if (site.kind === 'redirect') {
      return reply
        .status(301)
        .headers({ ...MOVED_HEADERS, location: movedLocation(site, target, request.url) })
        .send();
    }
    if (site.kind !== 'live') return sendPage(reply, 404, notFoundPage(ctx, target.address));
    if (site.expiresAt !== null && site.expiresAt <= Date.now()) {
      return sendPage(reply, 410, expiredPage(ctx));
    }
    const { path, base } = target;
    // HEAD answers as GET does (without the body), on every path of a site.
    if (path === '' && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(`${base}/`, 301);
    }
    if (path === '/contact' && request.method === 'POST')
      return contact(request, reply, site, base);
    // The form's action is `/s/{label}/contact`, the same for every address of the site.
    if (base === '' && path === `/s/${site.label}/contact` && request.method === 'POST') {
      return contact(request, reply, site, base);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(405).header('allow', 'GET, HEAD').send();
    }
    if (path === '/' || path === '/index.html') return serveSite(request, reply, site, base !== '');
    const upload = SITE_UPLOAD.exec(path);
    if (upload && site.uploads.has(upload[1]!)) {
      const file = await app.blobs.get(upload[1]!);
      if (file) {
        return reply
          .header('content-type', uploadTypes[upload[2]!] ?? file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.bytes);
      }
    }
    if (site.ogImageName && path === `/${site.ogImageName}`) {
      const png = await opts.cache.ogImage(site);
      if (png) {
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(png);
      }
    }
    const font = FONT_PATH_PATTERN.exec(path);
    if (font) {
      const sent = sendFont(reply, font[1]!);
      if (sent) return sent;
    }
    if (path === '/robots.txt') {
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send('User-agent: *\nAllow: /\n');
    }
    return sendPage(reply, 404, pageNotFound(ctx, `${base}/`));
  });
});
