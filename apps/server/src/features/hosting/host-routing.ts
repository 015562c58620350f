import {
  contactFormMessages,
  contactInputSchema,
  refuseUnstorableText,
  deviceClass,
  reservedLabels,
  siteUrlFor,
} from '@folio/core';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitClient } from '../../shared/rate-limit-store.ts';
import { contactMessages, portfolios, users } from '../../db/schema.ts';
import { pickEncoding } from '../../shared/compression.ts';
import type { ViewCounter } from './analytics.ts';
import { FONT_PATH_PATTERN, sendFont } from './fonts.ts';
import {
  contactResultPage,
  expiredPage,
  notFoundPage,
  pageNotFound,
  type PageContext,
} from './pages.ts';
import type { LiveSite, RedirectSite, SiteCache, SiteKey } from './site-cache.ts';

/** `/uploads/<sha256>.<ext>` inside a site: one of the images its live version shows. */
const SITE_UPLOAD = /^\/uploads\/([0-9a-f]{64}\.(webp|ico))$/;
const uploadTypes: Record<string, string> = { webp: 'image/webp', ico: 'image/x-icon' };

export interface HostRoutingOptions {
  cache: SiteCache;
  views: ViewCounter;
  /** Receives the fast path, for the Node server to try before Fastify (app.ts). */
  onFastPath?: (fastPath: SitesFastPath) => void;
}

/** Answers a request for a cached site's page on the Node server; false to let Fastify answer. */
export type SitesFastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

type TrustFn = (address: string, hop: number) => boolean;
interface ProxyAddr {
  (req: IncomingMessage, trust: TrustFn): string;
  compile(values: string[]): TrustFn;
}
/**
 * Fastify's own resolver of client addresses (a dependency of fastify, loaded from there), so
 * the fast path finds the same visitor address as `request.ip` does for the same TRUST_PROXY.
 */
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))(
  '@fastify/proxy-addr',
) as ProxyAddr;

/** TRUST_PROXY as Fastify reads it (true, false, or a comma-separated list). */
function trustFunction(trust: string | boolean): TrustFn {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  return proxyAddr.compile(trust.split(',').map((v) => v.trim()));
}

/**
 * A host name as sites are looked up by: lower case, without the final dot of a fully qualified
 * name (`x.folio.localhost.` is `x.folio.localhost`, for host routing and the TLS proxy's
 * question alike).
 */
export function siteHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** The host name of a Host header, without the port, normalised ('' when missing). */
function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  const h = host.toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return siteHostname(colon === -1 ? h : h.slice(0, colon));
}

/**
 * The label of a site host `{label}.{SITES_DOMAIN}` (`hostname` normalised), or null when the
 * host is not one: the app's own host, `www` and the other reserved names, deeper names.
 */
export function siteLabelOf(hostname: string, sitesDomain: string, appHost: string): string | null {
  const suffix = `.${sitesDomain.toLowerCase()}`;
  if (hostname === appHost || !hostname.endsWith(suffix)) return null;
  const label = hostname.slice(0, -suffix.length);
  // www.{SITES_DOMAIN} and other reserved names belong to the app (e.g. a marketing host).
  return reservedLabels.has(label) || label.includes('.') ? null : label;
}

/** Where a request for a site comes from: the site's key and the path inside the site. */
interface SiteRequest {
  key: SiteKey;
  /** Shown on the "no site here" page. */
  address: string;
  /** Path within the site ("/" is the home page). */
  path: string;
  /** Prefix of the site's own links ("" on a host, "/s/{label}" in the path form). */
  base: string;
}

const CONTACT_BODY_LIMIT = 32 * 1024;
/** Per visitor address and site: at most this many messages per window. */
const CONTACT_LIMIT = 5;
const CONTACT_WINDOW_MS = 10 * 60_000;

/**
 * Added to a site's policy where it is served in the path form, on the app's own origin: the page
 * gets an opaque origin, so its scripts cannot read the app's storage (the session token) or
 * call the API as the visitor; its forms, scripts and links still work.
 */
const PATH_FORM_SANDBOX =
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Serves published sites from the same server (product.md, Addresses):
 * `{label}.{SITES_DOMAIN}`, verified own domains, and `/s/{label}/` on the app's own host. Runs as the first
 * request hook, so a site request never goes through the app's routes, session lookup or headers.
 */
export const hostRouting = fp((app: FastifyInstance, opts: HostRoutingOptions) => {
  const { settings } = app;
  const appHost = siteHostname(new URL(settings.APP_URL).hostname);
  const pathFormHosts = new Set([appHost, 'localhost', '127.0.0.1', '[::1]']);
  const ctx: PageContext = { appName: settings.APP_NAME, appUrl: settings.APP_URL };

  function classify(hostname: string, url: string): SiteRequest | null {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const siteLabel = siteLabelOf(hostname, settings.SITES_DOMAIN, appHost);
    if (siteLabel !== null) return { key: { label: siteLabel }, address: hostname, path, base: '' };
    // The path form belongs to the app's own host (and loopback, for set-ups without DNS): on a
    // site's host or an own domain it would show another user's site under that owner's address.
    if (path.startsWith('/s/') && pathFormHosts.has(hostname)) {
      const rest = path.slice(3);
      const slash = rest.indexOf('/');
      // A label is plain ASCII: an escape in it (well-formed or not) names no site.
      const label = (slash === -1 ? rest : rest.slice(0, slash)).toLowerCase();
      if (!/^[a-z0-9-]{1,63}$/.test(label)) return null;
      return {
        key: { label },
        address: `${settings.APP_URL}/s/${label}/`,
        path: slash === -1 ? '' : rest.slice(slash),
        base: `/s/${label}`,
      };
    }
    return null;
  }

  /**
   * Where a former address of a site sends its visitors (301): the same path and query at the
   * site's new label, in the form it was asked for (`{label}.SITES_DOMAIN` or `/s/{label}/`).
   */
  function movedLocation(moved: RedirectSite, target: SiteRequest, url: string) {
    const q = url.indexOf('?');
    const rest = `${target.path || '/'}${q === -1 ? '' : url.slice(q)}`;
    if (target.base) return `/s/${moved.label}${rest}`;
    return `${siteUrlFor(moved.label, settings.SITES_DOMAIN, settings.APP_URL).slice(0, -1)}${rest}`;
  }
  const MOVED_HEADERS = {
    // Never kept by browsers: the site may move back (a kept 301 would then loop), and the label
    // may be taken by someone else once the hold ends.
    'cache-control': 'no-store',
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
  };

  function html(reply: FastifyReply, status: number, body: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(body);
  }

  /** Response headers of a site version, built once per cached version and address form. */
  const siteHeaders = new WeakMap<LiveSite, Record<string, string>>();
  const pathFormHeaders = new WeakMap<LiveSite, Record<string, string>>();
  function headersOf(site: LiveSite, pathForm: boolean) {
    const cache = pathForm ? pathFormHeaders : siteHeaders;
    let h = cache.get(site);
    if (!h) {
      h = {
        etag: site.etag,
        'cache-control': 'public, max-age=0, must-revalidate',
        vary: 'accept-encoding',
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': pathForm ? `${site.csp}; ${PATH_FORM_SANDBOX}` : site.csp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      };
      cache.set(site, h);
    }
    return h;
  }

  /**
   * The answer to a GET or HEAD of a site's page (its headers, 304 for a matching ETag, the body
   * compressed as asked), counting the visit. Shared by the Fastify hook and the fast path.
   * `pathForm`: asked for at /s/{label}/ on the app's origin (sandboxed).
   */
  function pageAnswer(
    site: LiveSite,
    pathForm: boolean,
    method: string,
    headers: IncomingHttpHeaders,
    hostname: string,
    clientAddress: () => string,
  ): { status: number; headers: Record<string, string | number>; body: Buffer | null } {
    if (method === 'GET') {
      const referer = headers.referer;
      let refHost = '';
      if (referer) {
        try {
          refHost = new URL(referer).hostname.toLowerCase();
        } catch {
          refHost = '';
        }
      }
      if (refHost === hostname) refHost = '';
      const userAgent = headers['user-agent'];
      const device = deviceClass(userAgent);
      let address: string | undefined;
      try {
        if (device !== 'bot') address = clientAddress();
      } catch {
        address = undefined; // the connection is already gone: nobody to count
      }
      if (address) {
        opts.views.site(site.portfolioId, refHost, device, { address, userAgent: userAgent ?? '' });
      }
    }
    const base = headersOf(site, pathForm);
    const inm = headers['if-none-match'];
    if (inm && (inm === site.etag || inm.split(',').some((t) => t.trim() === site.etag))) {
      return { status: 304, headers: base, body: null };
    }
    const encoding = pickEncoding(headers['accept-encoding']);
    const body = encoding === 'br' ? site.br : encoding === 'gzip' ? site.gzip : site.html;
    return {
      status: 200,
      headers: {
        ...base,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': body.length,
      },
      body,
    };
  }

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

  /**
   * The fast path (ADR 0009): a GET or HEAD of the page of a site this process has cached is
   * answered on the Node server directly, before Fastify builds a request, routes or logs it.
   * Anything else (a cold cache, another path, a proxy-forwarded host) returns false and goes
   * through the hook below, which gives the same answer.
   */
  const trust = trustFunction(settings.TRUST_PROXY);
  const fastPath = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? '';
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (settings.TRUST_PROXY && req.headers['x-forwarded-host']) return false;
    const hostname = hostnameOf(req.headers.host);
    if (!hostname) return false;
    const url = req.url ?? '/';
    let key: SiteKey;
    let pathForm = false;
    const target = classify(hostname, url);
    if (target) {
      const cached = opts.cache.peek(target.key);
      if (cached?.kind === 'redirect') {
        res.writeHead(301, { ...MOVED_HEADERS, location: movedLocation(cached, target, url) });
        res.end();
        return true;
      }
      if (target.path !== '/' && target.path !== '/index.html') return false;
      key = target.key;
      pathForm = target.base !== '';
    } else {
      if (hostname === appHost || hostname === 'localhost' || /^[\d.]+$|:/.test(hostname))
        return false;
      const path = url.split('?')[0];
      if (path !== '/' && path !== '/index.html') return false;
      key = { host: hostname };
    }
    const site = opts.cache.peek(key);
    if (site?.kind !== 'live') return false;
    if (site.expiresAt !== null && site.expiresAt <= Date.now()) return false;
    const answer = pageAnswer(site, pathForm, method, req.headers, hostname, () =>
      proxyAddr(req, trust),
    );
    res.writeHead(answer.status, answer.headers);
    res.end(method === 'HEAD' ? undefined : answer.body);
    return true;
  };
  opts.onFastPath?.(fastPath);

  async function readForm(request: FastifyRequest): Promise<Record<string, string>> {
    const type = request.headers['content-type'] ?? '';
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request.raw) {
      size += (chunk as Buffer).length;
      if (size > CONTACT_BODY_LIMIT) throw new Error('too large');
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    if (type.includes('application/json')) return JSON.parse(raw) as Record<string, string>;
    return Object.fromEntries(new URLSearchParams(raw));
  }

  /**
   * Site contact messages per visitor address (IPv6 by /64) and site, counted in the API's
   * rate-limit store (app.ts: Redis, else PostgreSQL, else this process's memory), so every
   * process counts the same messages. Made at the first message: @fastify/rate-limit is
   * registered after this hook.
   */
  const contactSite = new WeakMap<FastifyRequest, number>();
  let contactLimiter: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  async function contactAllowed(request: FastifyRequest, portfolioId: number) {
    contactLimiter ??= app.createRateLimit({
      max: CONTACT_LIMIT,
      timeWindow: CONTACT_WINDOW_MS,
      keyGenerator: (req) =>
        `site-contact:${contactSite.get(req)}:${rateLimitClient(req.ip ?? '')}`,
    });
    contactSite.set(request, portfolioId);
    const limit = await contactLimiter(request);
    return limit.isAllowed || !limit.isExceeded;
  }

  async function contact(
    request: FastifyRequest,
    reply: FastifyReply,
    site: LiveSite,
    base: string,
  ) {
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const back = `${base}/`;
    const answer = (status: number, ok: boolean, message: string) =>
      wantsJson
        ? reply.status(status).header('cache-control', 'no-store').send({ message, success: ok })
        : html(reply, status, contactResultPage(ctx, ok, message, back));
    let form: Record<string, string>;
    try {
      form = await readForm(request);
    } catch {
      return answer(400, false, 'The message could not be read. Please try again.');
    }
    const parsed = refuseUnstorableText(contactInputSchema).safeParse(form);
    if (!parsed.success)
      return answer(400, false, parsed.error.issues[0]?.message ?? 'Invalid form');
    if (!(await contactAllowed(request, site.portfolioId))) {
      return answer(429, false, 'Too many messages. Please wait a few minutes and try again.');
    }
    const input = parsed.data;
    const [stored] = await app.db
      .insert(contactMessages)
      .values({ portfolioId: site.portfolioId, ...input })
      .returning({ id: contactMessages.id });
    // Mail the owner after answering: the message is already stored, nothing is lost. Only to
    // an address the owner has proven (verified): anyone can register with someone else's
    // address, and the form would then mail that person for any visitor. An unverified owner
    // reads the message in the app (it stays `stored`).
    void (async () => {
      const [owner] = await app.db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt, name: portfolios.name })
        .from(portfolios)
        .innerJoin(users, eq(users.id, portfolios.userId))
        .where(eq(portfolios.id, site.portfolioId));
      if (!owner?.verifiedAt) return;
      try {
        await app.mailer.send({
          to: owner.email,
          replyTo: input.email,
          kind: 'site-contact',
          subject: `[${owner.name}] ${input.subject}`,
          text: `${input.name} <${input.email}> wrote through the contact form of your portfolio "${owner.name}" (${site.label}):\n\n${input.message}\n`,
        });
        await app.db
          .update(contactMessages)
          .set({ status: 'delivered' })
          .where(eq(contactMessages.id, stored!.id));
      } catch (err) {
        app.log.warn({ err, message: stored!.id }, 'site contact mail failed');
        await app.db
          .update(contactMessages)
          .set({ status: 'failed', error: String(err) })
          .where(eq(contactMessages.id, stored!.id))
          .catch(() => {});
      }
    })().catch((err: unknown) => app.log.error({ err }, 'site contact follow-up failed'));
    return answer(200, true, contactFormMessages.sent);
  }

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
    if (site.kind !== 'live') return html(reply, 404, notFoundPage(ctx, target.address));
    if (site.expiresAt !== null && site.expiresAt <= Date.now()) {
      return html(reply, 410, expiredPage(ctx));
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
    return html(reply, 404, pageNotFound(ctx, `${base}/`));
  });
});
