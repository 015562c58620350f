import { useContext, useEffect } from 'react';
import { DEFAULT_IMAGE, fullTitle, HeadContext, type PageMeta } from '../lib/page-meta.ts';

function setTag(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attr, value);
}

const metaTag = (key: 'name' | 'property', name: string) => () => {
  const el = document.createElement('meta');
  el.setAttribute(key, name);
  return el;
};

/**
 * A public page's title, description, canonical URL and Open Graph tags: written into the
 * prerendered HTML at build time, and kept up to date in the browser on client-side navigation.
 */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(HeadContext);
  collector?.set(meta);
  const { title, description, image = DEFAULT_IMAGE, type = 'website' } = meta;
  useEffect(() => {
    const { origin, pathname } = window.location;
    const url = `${origin}${pathname}`;
    document.title = fullTitle(title);
    setTag('meta[name="description"]', metaTag('name', 'description'), 'content', description);
    setTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
    setTag('meta[property="og:title"]', metaTag('property', 'og:title'), 'content', title);
    setTag(
      'meta[property="og:description"]',
      metaTag('property', 'og:description'),
      'content',
      description,
    );
    setTag('meta[property="og:url"]', metaTag('property', 'og:url'), 'content', url);
    setTag('meta[property="og:type"]', metaTag('property', 'og:type'), 'content', type);
    setTag(
      'meta[property="og:image"]',
      metaTag('property', 'og:image'),
      'content',
      `${origin}${image}`,
    );
  }, [title, description, image, type]);
}
