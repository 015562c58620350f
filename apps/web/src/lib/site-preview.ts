import type { PortfolioContent, TemplateId } from '@folio/core';
import { render, sampleContent } from '@folio/renderer';

/**
 * The page a preview frame or thumbnail shows, rendered in the browser by the same renderer as
 * publishing. Executable scripts are left out: the frames run none (templates work without
 * theirs); the JSON-LD block stays.
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
  win?.scrollTo({ left: x, top: y, behavior: 'instant' });
}

const filled = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.trim() !== ''
    : Array.isArray(value)
      ? value.some(filled)
      : value !== null && typeof value === 'object'
        ? Object.values(value).some(filled)
        : false;

/** Whether the resume holds anything of the user's own (a name, a summary, any entry or skill). */
export function hasOwnContent(content: PortfolioContent | null | undefined): boolean {
  const data = content?.data;
  if (!data) return false;
  return filled(data.contact?.name) || filled(data.summary) || filled(Object.values(data));
}

/**
 * What thumbnails and template previews show: the user's own content, or the sample persona
 * (with the user's styles) while there is none yet.
 */
export function contentToShow(content: PortfolioContent | null | undefined): PortfolioContent {
  if (content && hasOwnContent(content)) return content;
  return content ? { ...sampleContent, styles: content.styles } : sampleContent;
}
