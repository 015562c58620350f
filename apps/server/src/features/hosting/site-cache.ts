import { LABEL_HOLD_DAYS } from '@folio/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, releasedLabels, siteVersions, sites } from '../../db/schema.ts';
import { uploadsIn } from '../../shared/upload-references.ts';
import { compressBodies } from '../../shared/compression.ts';
import { publishedSiteCsp } from './site-csp.ts';

/** A published site as served: the live version's HTML and its compressed bodies. */
export interface LiveSite {
  kind: 'live';
  portfolioId: number;
  label: string;
  versionId: number;
  etag: string;
  /** Its Content-Security-Policy, with the hashes of its inline style and script (site-csp.ts). */
  csp: string;
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The file name of the version's link-preview PNG (`og-image.{hash}.png`), if it has one. */
  ogImageName: string | null;
  /** The uploaded images the version shows (stored names), served from the site's own address. */
  uploads: ReadonlySet<string>;
  /** Epoch ms when hosting ends; null = unlimited. */
  expiresAt: number | null;
  loadedAt: number;
}

export interface MissingSite {
  kind: 'missing';
  loadedAt: number;
}

/**
 * A former address of a live site (product.md, Addresses): its portfolio's automatic label while a
 * custom one is in use, or a label the portfolio stopped using less than LABEL_HOLD_DAYS ago that
 * nobody else has taken since. Answered with 301 to `label`.
 */
export interface RedirectSite {
  kind: 'redirect';
  portfolioId: number;
  /** Where the site is now. */
  label: string;
  loadedAt: number;
}

export type CachedSite = LiveSite | MissingSite | RedirectSite;

export type SiteKey = { label: string } | { host: string };

export interface SiteCacheOptions {
  db: Db;
  /** How long a live entry is served before its pointer is checked again (a safety net for a
   * missed invalidation from another process). */
  revalidateMs: number;
  /** How long an unknown label or host is remembered. */
  missingMs?: number;
  maxEntries?: number;
}

/**
 * Published pages in memory (ADR 0009). Entries are dropped by `invalidate` when a site is
 * republished or taken down (in this process directly, from other processes through LISTEN/NOTIFY)
 * and re-checked against the database after `revalidateMs` in any case. Concurrent misses for the
 * same key share one load.
 */
export class SiteCache {
  private readonly entries = new Map<string, CachedSite>();
  private readonly loading = new Map<string, Promise<CachedSite>>();
  private readonly missingMs: number;
  private readonly maxEntries: number;
  /** Bumped by every invalidation: a load that started before one is not kept. */
  private generation = 0;
  private readonly ogImages = new WeakMap<LiveSite, Promise<Buffer | null>>();

  constructor(private readonly opts: SiteCacheOptions) {
    this.missingMs = opts.missingMs ?? 5000;
    this.maxEntries = opts.maxEntries ?? 2000;
  }

  private static keyOf(key: SiteKey) {
    return 'label' in key ? `l:${key.label}` : `h:${key.host}`;
  }

  /** The cached entry if fresh, else null (the caller then awaits `load`). */
  peek(key: SiteKey, now = Date.now()): CachedSite | null {
    const entry = this.entries.get(SiteCache.keyOf(key));
    if (!entry) return null;
    const ttl = entry.kind === 'missing' ? this.missingMs : this.opts.revalidateMs;
    return now - entry.loadedAt < ttl ? entry : null;
  }

  async get(key: SiteKey): Promise<CachedSite> {
    return this.peek(key) ?? this.load(key);
  }

  load(key: SiteKey): Promise<CachedSite> {
    const k = SiteCache.keyOf(key);
    const pending = this.loading.get(k);
    if (pending) return pending;
    const previous = this.entries.get(k);
    const generation = this.generation;
    const p = this.fetch(key, previous)
      .then((entry) => {
        if (generation !== this.generation) return entry; // invalidated meanwhile: not kept
        if (this.entries.size >= this.maxEntries && !this.entries.has(k)) {
          // Drop the oldest entry (Map keeps insertion order).
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(k, entry);
        return entry;
      })
      .finally(() => {
        if (this.loading.get(k) === p) this.loading.delete(k);
      });
    this.loading.set(k, p);
    return p;
  }

  private async fetch(key: SiteKey, previous: CachedSite | undefined): Promise<CachedSite> {
    const where =
      'label' in key
        ? eq(sites.label, key.label)
        : and(eq(sites.ownDomain, key.host), isNotNull(sites.ownDomainVerifiedAt));
    const [pointer] = await this.opts.db
      .select({
        portfolioId: sites.portfolioId,
        label: sites.label,
        versionId: sites.currentVersionId,
        expiresAt: sites.hostingExpiresAt,
      })
      .from(sites)
      .where(and(where, isNotNull(sites.currentVersionId), isNotNull(sites.label)));
    const now = Date.now();
    if (!pointer?.versionId || !pointer.label) {
      const moved = 'label' in key ? await this.movedTo(key.label) : null;
      return moved
        ? { kind: 'redirect', ...moved, loadedAt: now }
        : { kind: 'missing', loadedAt: now };
    }
    const expiresAt = pointer.expiresAt?.getTime() ?? null;
    // Same version as cached: keep the compressed bodies, refresh the rest.
    if (previous?.kind === 'live' && previous.versionId === pointer.versionId) {
      return { ...previous, expiresAt, label: pointer.label, loadedAt: now };
    }
    const [version] = await this.opts.db
      .select({
        html: siteVersions.html,
        br: siteVersions.br,
        gzip: siteVersions.gzip,
        etag: siteVersions.etag,
        ogImageName: siteVersions.ogImageName,
      })
      .from(siteVersions)
      .where(sql`${siteVersions.id} = ${pointer.versionId}`);
    if (!version) return { kind: 'missing', loadedAt: now };
    const html = Buffer.from(version.html, 'utf8');
    // Compressed when published; a version from before that is compressed here, once.
    const { gzip: gz, br } =
      version.br && version.gzip
        ? { gzip: version.gzip, br: version.br }
        : await compressBodies(html);
    return {
      kind: 'live',
      portfolioId: pointer.portfolioId,
      label: pointer.label,
      versionId: pointer.versionId,
      etag: version.etag,
      csp: publishedSiteCsp(version.html),
      ogImageName: version.ogImageName,
      uploads: new Set(uploadsIn(version.html)),
      html,
      gzip: gz,
      br,
      expiresAt,
      loadedAt: now,
    };
  }

  /** Where the live site that used to be at `label` is now (see RedirectSite), or null. */
  private async movedTo(label: string): Promise<{ portfolioId: number; label: string } | null> {
    const formerOwner = sql`(
      select ${portfolios.id} from ${portfolios} where ${portfolios.domain} = ${label}
      union all
      select r.portfolio_id from ${releasedLabels} r
       where r.label = ${label}
         and r.released_at > now() - make_interval(days => ${LABEL_HOLD_DAYS})
         and not exists (select 1 from ${portfolios} o
                          where o.id <> r.portfolio_id
                            and (o.domain = ${label} or o.custom_domain = ${label})))`;
    const [row] = await this.opts.db
      .select({ portfolioId: sites.portfolioId, label: sites.label })
      .from(sites)
      .where(
        and(
          isNotNull(sites.currentVersionId),
          isNotNull(sites.label),
          sql`${sites.label} <> ${label}`,
          sql`${sites.portfolioId} in ${formerOwner}`,
        ),
      )
      .limit(1);
    return row?.label ? { portfolioId: row.portfolioId, label: row.label } : null;
  }

  /**
   * The link-preview PNG of a live site's version (read when first asked for, then kept with the
   * cached entry; a new version is a new entry).
   */
  ogImage(site: LiveSite): Promise<Buffer | null> {
    let image = this.ogImages.get(site);
    if (!image) {
      image = this.opts.db
        .select({ ogImage: siteVersions.ogImage })
        .from(siteVersions)
        .where(eq(siteVersions.id, site.versionId))
        .then(([row]) => row?.ogImage ?? null);
      image.catch(() => this.ogImages.delete(site));
      this.ogImages.set(site, image);
    }
    return image;
  }

  /** Drops what is cached for a portfolio, a label or a host (this process only). */
  invalidate(key: { portfolioId?: number; label?: string | null; host?: string | null }) {
    this.generation += 1;
    for (const k of [...this.loading.keys()]) this.loading.delete(k);
    if (key.label) this.entries.delete(`l:${key.label}`);
    if (key.host) this.entries.delete(`h:${key.host}`);
    if (key.portfolioId !== undefined) {
      for (const [k, entry] of this.entries) {
        if (entry.kind !== 'missing' && entry.portfolioId === key.portfolioId) {
          this.entries.delete(k);
        }
      }
    }
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}
