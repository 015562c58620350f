import type { PortfolioSummary } from '@folio/core';

/**
 * The live address of a published portfolio: its custom subdomain, else its automatic one, under
 * the sites domain (product.md, Addresses). Uses the page's protocol and port so the
 * local default `*.folio.localhost:5000` works.
 */
export function siteUrl(
  portfolio: Pick<PortfolioSummary, 'domain' | 'customDomain'>,
  sitesDomain: string,
): string | null {
  const label = portfolio.customDomain || portfolio.domain;
  if (!label) return null;
  const { protocol, port } = window.location;
  return `${protocol}//${label}.${sitesDomain}${port ? `:${port}` : ''}/`;
}
