import { describe, expect, it } from 'vitest';
import { groupRows, orderByColumns, type Box } from './columns.ts';

interface T extends Box {
  text: string;
}
const box = (text: string, x: number, y: number): T => ({
  text,
  x,
  x2: x + text.length * 5,
  y,
  size: 10,
});
const texts = (bands: ReturnType<typeof orderByColumns<T>>) =>
  bands.map((b) => b.rows.map((r) => r.items.map((i) => i.text).join(' | ')));

describe('columns over several pages', () => {
  // two headings side by side at the top, the right column shorter than the left
  const rows = groupRows([
    box('PAPERS', 40, 50),
    box('REFEREES', 330, 50),
    box('Books', 50, 70),
    box('Dr. A', 330, 70),
    box('A paper', 40, 90),
    box('Institute', 340, 90),
    box('Another paper', 40, 110),
  ]);
  it('keeps a centred-looking first row whole above the columns of a first page', () => {
    expect(texts(orderByColumns(rows, 300, 40, 400))[0]).toEqual(['PAPERS | REFEREES']);
  });
  it('splits it on a page whose columns go on from the page before', () => {
    expect(texts(orderByColumns(rows, 300, 40, 400, true))).toEqual([
      ['PAPERS', 'Books', 'A paper', 'Another paper'],
      ['REFEREES', 'Dr. A', 'Institute'],
    ]);
  });
});
