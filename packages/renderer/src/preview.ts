import type { PortfolioContent } from '@folio/core';
import { sampleContent } from './sample-content.ts';

/*
 * What previews and thumbnails show, the same in the browser (live preview, template gallery) and
 * on the server (the dashboard's thumbnails).
 */

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

/**
 * A rendered page without its executable scripts, for frames that run none (templates work
 * without theirs); the JSON-LD block stays.
 */
export function withoutScripts(html: string): string {
  return html.replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '');
}
