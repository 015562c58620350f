/**
 * Building a published page: rendered in the render pool from content and template, for an
 * address, with its images served from the site's address, compressed once, with its etag.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_TEMPLATE, templateIdSchema, type TemplateId } from '@folio/core';
import { siteCardPng } from '@folio/renderer/og-card.node';
import { eq } from 'drizzle-orm';
import { siteVersions, type PortfolioRow, type SiteRow } from '../../db/schema.ts';
import { compressBodies } from '../../shared/compression.ts';
import { siteRelativeUploads } from '../../shared/upload-references.ts';
import { siteUrl, type PublishingOptions, type Queryable } from './context.ts';

/** A published page, built and compressed; `key` names what it was built from. */
export interface Page {
  key: string;
  /** The content and template it shows (kept with the version). */
  content: unknown;
  template: TemplateId;
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  nonce: string;
  /** The link-preview PNG and its file name on the site; null where the owner set their own. */
  ogImage: Buffer | null;
  ogImageName: string | null;
}

/** The owner's own link-preview image (`settings.ogImage`), if any. */
function ownOgImage(content: unknown): boolean {
  const settings = (content as { settings?: { ogImage?: unknown } } | null)?.settings;
  return typeof settings?.ogImage === 'string' && settings.ogImage.trim() !== '';
}

/** What a published page is built from, and a key that changes when any of it does. */
export function pageInputs(
  opts: PublishingOptions,
  portfolio: PortfolioRow,
  site: SiteRow,
  label: string,
) {
  const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(portfolio.template);
  const url = siteUrl(opts, label);
  const canonical = site.ownDomain && site.ownDomainVerifiedAt ? `https://${site.ownDomain}/` : url;
  const key = JSON.stringify([portfolio.version, template, url, canonical, label]);
  return { template, url, canonical, key };
}

/** The page of a portfolio, built in the render pool and compressed (slow: no locks held). */
export function buildPage(
  opts: PublishingOptions,
  portfolio: PortfolioRow,
  site: SiteRow,
  label: string,
): Promise<Page> {
  const { template, key } = pageInputs(opts, portfolio, site, label);
  return renderPage(opts, portfolio.content, template, site, label, key);
}

async function renderPage(
  opts: PublishingOptions,
  content: unknown,
  template: TemplateId,
  site: SiteRow,
  label: string,
  key: string,
): Promise<Page> {
  const url = siteUrl(opts, label);
  const canonical = site.ownDomain && site.ownDomainVerifiedAt ? `https://${site.ownDomain}/` : url;
  const nonce = randomBytes(16).toString('base64url');
  // The link-preview card, drawn once here (never per request) unless the owner uploaded one.
  const ogImage = ownOgImage(content)
    ? null
    : await siteCardPng({ content, template, address: new URL(canonical).host });
  const ogImageName = ogImage
    ? `og-image.${createHash('sha256').update(ogImage).digest('hex').slice(0, 12)}.png`
    : null;
  const rendered = await opts.render(content, {
    template,
    siteUrl: url,
    canonicalUrl: canonical,
    contactFormAction: `/s/${label}/contact`,
    mode: 'publish',
    nonce,
    ogImageUrl: ogImageName ? new URL(ogImageName, canonical).href : null,
  });
  // Its images are served from the site's own address (hosting), in every address form.
  const html = siteRelativeUploads(rendered);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  // Compressed once here, so no visitor (in any process) waits for it.
  const { br, gzip } = await compressBodies(Buffer.from(html, 'utf8'));
  return { key, content, template, html, br, gzip, etag, nonce, ogImage, ogImageName };
}

/**
 * The live version of a site rebuilt for `label` (its content and template, not the draft's), or
 * null when nothing is live or the version predates kept content (it then moves unchanged).
 */
export async function movedPage(
  opts: PublishingOptions,
  site: SiteRow | null,
  label: string,
  db: Queryable = opts.db,
) {
  if (!site?.currentVersionId) return null;
  const [live] = await db
    .select({
      id: siteVersions.id,
      content: siteVersions.content,
      template: siteVersions.template,
    })
    .from(siteVersions)
    .where(eq(siteVersions.id, site.currentVersionId));
  if (!live?.content) return null;
  const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(live.template);
  const key = JSON.stringify(['move', live.id, label, site.ownDomain, site.ownDomainVerifiedAt]);
  return renderPage(opts, live.content, template, site, label, key);
}
