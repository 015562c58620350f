/**
 * Which site a request is for: host names as sites are looked up by, the label of a
 * `{label}.{SITES_DOMAIN}` host, the path form `/s/{label}/` on the app's own host, and where a
 * former address of a moved site sends its visitors.
 */
import { reservedLabels, siteUrlFor } from '@folio/core';
import type { RedirectSite, SiteKey } from './site-cache.ts';

/**
 * A host name as sites are looked up by: lower case, without the final dot of a fully qualified
 * name (`x.folio.localhost.` is `x.folio.localhost`, for host routing and the TLS proxy's
 * question alike).
 */
export function siteHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** The host name of a Host header, without the port, normalised ('' when missing). */
export function hostnameOf(host: string | undefined): string {
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
export interface SiteRequest {
  key: SiteKey;
  /** Shown on the "no site here" page. */
  address: string;
  /** Path within the site ("/" is the home page). */
  path: string;
  /** Prefix of the site's own links ("" on a host, "/s/{label}" in the path form). */
  base: string;
}

/** The settings the address of a site request depends on. */
export interface SiteAddressSettings {
  APP_URL: string;
  SITES_DOMAIN: string;
}

/** Headers of the 301 a former address of a site answers. */
export const MOVED_HEADERS = {
  // Never kept by browsers: the site may move back (a kept 301 would then loop), and the label
  // may be taken by someone else once the hold ends.
  'cache-control': 'no-store',
  'content-type': 'text/plain; charset=utf-8',
  'x-content-type-options': 'nosniff',
};

/** Classifies requests by host and path, for the app at `settings.APP_URL`. */
export function siteRequests(settings: SiteAddressSettings) {
  const appHost = siteHostname(new URL(settings.APP_URL).hostname);
  const pathFormHosts = new Set([appHost, 'localhost', '127.0.0.1', '[::1]']);

  /** The site a request is for by its host and path; null: none (maybe an own domain). */
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

  return { appHost, classify, movedLocation };
}
