/**
 * The answer to a GET or HEAD of a live site's page: its headers (built once per cached version
 * and address form), 304 for a matching ETag, the body compressed as asked, and the visit
 * counted. Shared by the Fastify hook and the fast path.
 */
import { deviceClass } from '@folio/core';
import type { IncomingHttpHeaders } from 'node:http';
import { pickEncoding } from '../../shared/compression.ts';
import type { ViewCounter } from './analytics.ts';
import type { LiveSite } from './site-cache.ts';

/**
 * Added to a site's policy where it is served in the path form, on the app's own origin: the page
 * gets an opaque origin, so its scripts cannot read the app's storage (the session token) or
 * call the API as the visitor; its forms, scripts and links still work.
 */
const PATH_FORM_SANDBOX =
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

export interface PageAnswer {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** A page answerer counting visits in `views`. */
export function sitePageAnswer(views: ViewCounter) {
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

  /** `pathForm`: asked for at /s/{label}/ on the app's origin (sandboxed). */
  return function pageAnswer(
    site: LiveSite,
    pathForm: boolean,
    method: string,
    headers: IncomingHttpHeaders,
    hostname: string,
    clientAddress: () => string,
  ): PageAnswer {
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
        views.site(site.portfolioId, refHost, device, { address, userAgent: userAgent ?? '' });
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
  };
}
