/**
 * The fast path (ADR 0009): a GET or HEAD of the page of a site this process has cached is
 * answered on the Node server directly, before Fastify builds a request, routes or logs it.
 * Anything else (a cold cache, another path, a proxy-forwarded host) returns false and goes
 * through the host-routing hook, which gives the same answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { SiteCache, SiteKey } from './site-cache.ts';
import type { sitePageAnswer } from './site-page-answer.ts';
import { hostnameOf, MOVED_HEADERS, type siteRequests } from './site-requests.ts';

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

export interface FastPathOptions {
  trustProxy: string | boolean;
  cache: SiteCache;
  requests: ReturnType<typeof siteRequests>;
  pageAnswer: ReturnType<typeof sitePageAnswer>;
}

export function sitesFastPath(o: FastPathOptions): SitesFastPath {
  const { appHost, classify, movedLocation } = o.requests;
  const trust = trustFunction(o.trustProxy);
  return (req, res) => {
    const method = req.method ?? '';
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (o.trustProxy && req.headers['x-forwarded-host']) return false;
    const hostname = hostnameOf(req.headers.host);
    if (!hostname) return false;
    const url = req.url ?? '/';
    let key: SiteKey;
    let pathForm = false;
    const target = classify(hostname, url);
    if (target) {
      const cached = o.cache.peek(target.key);
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
    const site = o.cache.peek(key);
    if (site?.kind !== 'live') return false;
    if (site.expiresAt !== null && site.expiresAt <= Date.now()) return false;
    const answer = o.pageAnswer(site, pathForm, method, req.headers, hostname, () =>
      proxyAddr(req, trust),
    );
    res.writeHead(answer.status, answer.headers);
    res.end(method === 'HEAD' ? undefined : answer.body);
    return true;
  };
}
