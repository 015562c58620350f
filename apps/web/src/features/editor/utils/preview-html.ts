import type { PortfolioContent, TemplateId } from '@folio/core';
import { render } from '@folio/renderer';

/**
 * The page the preview frame shows, rendered in the browser from the draft. Executable scripts
 * are left out: the frame runs none (templates work without theirs); the JSON-LD block stays.
 */
export function previewHtml(content: PortfolioContent, template: TemplateId): string {
  const { html } = render(content, { template, mode: 'preview' });
  return html.replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '');
}

/** Replaces a loaded document with a new page in place, keeping its scroll position. */
export function patchDocument(doc: Document, html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const win = doc.defaultView;
  const [x, y] = [win?.scrollX ?? 0, win?.scrollY ?? 0];
  doc.replaceChild(doc.importNode(next.documentElement, true), doc.documentElement);
  win?.scrollTo(x, y);
}
