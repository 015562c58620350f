import { DEFAULT_TEMPLATE, normalizeContent, templateIdSchema, type Portfolio } from '@folio/core';
import type { PortfolioRow } from '../db/schema.ts';

/**
 * A portfolio row as the API shows it: canonical content, dates as ISO strings. Content is shown as
 * stored, even over a size cap (saved before the caps): writes check the caps, reads never fail on them.
 */
export function toPortfolio(row: PortfolioRow): Portfolio {
  const content = normalizeContent(row.content, { enforceCaps: false });
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    template: templateIdSchema.catch(DEFAULT_TEMPLATE).parse(row.template),
    published: row.published,
    domain: row.domain,
    customDomain: row.customDomain,
    content,
    toCheck: content.settings.uncertain?.length ?? 0,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
