import { createContext } from 'react';
import { brand } from './brand.ts';

/** What a page says about itself in <head>: title, description, canonical URL, Open Graph. */
export interface PageMeta {
  /** The page's own title; the app name is appended ("Features · Folio"). */
  title: string;
  description: string;
  /** Site-absolute path of the share image; the default one when absent. */
  image?: string;
  type?: 'website' | 'article';
  /** Published date of an article (ISO). */
  publishedTime?: string;
}

/** Drawn at build (scripts/og-cards.ts); each prerendered page gets its own card besides. */
export const DEFAULT_IMAGE = '/og-image.png';

export function fullTitle(title: string): string {
  const { appName } = brand();
  return title ? `${title} · ${appName}` : appName;
}

/**
 * Set while prerendering (src/entry-server.tsx): pages report their meta into it during render,
 * and the prerender step writes it into the page's <head>. In the browser it is absent.
 */
export interface HeadCollector {
  set(meta: PageMeta): void;
}
export const HeadContext = createContext<HeadCollector | null>(null);

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <head> tags of a page; `origin` is the site's public origin (no trailing slash). */
export function headTags(meta: PageMeta, origin: string, pathname: string): string {
  const url = `${origin}${pathname}`;
  const image = `${origin}${meta.image ?? DEFAULT_IMAGE}`;
  const tags = [
    `<title>${escapeAttr(fullTitle(meta.title))}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    `<meta property="og:site_name" content="${escapeAttr(brand().appName)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title || brand().appName)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (meta.publishedTime)
    tags.push(`<meta property="article:published_time" content="${meta.publishedTime}" />`);
  return tags.join('\n    ');
}
