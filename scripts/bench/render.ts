import { templateIds } from '@folio/core';
import { render, sampleContent } from '@folio/renderer';
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
  return rows;
}
