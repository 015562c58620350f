import type { PortfolioContent, TemplateId } from '@folio/core';
import { contentToShow, render, withoutScripts } from '@folio/renderer';

/**
 * The page a preview frame or thumbnail shows, rendered in the browser by the same renderer as
 * publishing. Executable scripts are left out: the frames run none (templates work without
 * theirs); the JSON-LD block stays.
 */
export function previewHtml(content: PortfolioContent, template: TemplateId): string {
  return withoutScripts(render(content, { template, mode: 'preview' }).html);
}

/** A thumbnail's page: the user's content, or the sample persona while there is none yet. */
export function thumbnailHtml(content: PortfolioContent, template: TemplateId): string {
  return previewHtml(contentToShow(content), template);
}

/** Replaces a loaded document with a new page in place, keeping its scroll position. */
export function patchDocument(doc: Document, html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const win = doc.defaultView;
  const [x, y] = [win?.scrollX ?? 0, win?.scrollY ?? 0];
  doc.replaceChild(doc.importNode(next.documentElement, true), doc.documentElement);
  win?.scrollTo({ left: x, top: y, behavior: 'instant' });
}
