import { templateIds } from '@folio/core';
import { render, sampleContent } from '@folio/renderer';
import { siteCardPng } from '@folio/renderer/og-card.node';
import { timeMs, type BenchRow } from './types.ts';

/** Render time of each template with the sample persona, against JSON.stringify of the same content. */
export async function renderBench(): Promise<BenchRow[]> {
  const reference = await timeMs(() => JSON.stringify(sampleContent), 200);
  const rows: BenchRow[] = [];
  for (const template of templateIds) {
    const ms = await timeMs(() => render(sampleContent, { template }), 50);
    const bytes = render(sampleContent, { template }).html.length;
    rows.push({
      section: 'render',
      name: `${template} (${(bytes / 1024).toFixed(1)} KB)`,
      value: ms,
      unit: 'ms',
      reference: { name: 'JSON.stringify', value: reference },
      goal: '< 5 ms',
      met: ms < 5,
    });
  }
  // The link-preview card drawn with each publish (og-card.node.ts), fonts already loaded:
  // against rendering the page itself, the other work a publish does per site.
  const page = await timeMs(() => render(sampleContent, { template: 'modern' }), 50);
  for (const template of ['modern', 'splitscreen'] as const) {
    const ms = await timeMs(
      () => siteCardPng({ content: sampleContent, template, address: 'jane.folio.page' }),
      10,
    );
    rows.push({
      section: 'render',
      name: `og:image card, ${template} (1200×630 PNG)`,
      value: ms,
      unit: 'ms',
      reference: { name: 'render modern page', value: page },
      goal: '< 300 ms',
      met: ms < 300,
    });
  }
  return rows;
}
