import { describe, expect, it } from 'vitest';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

let y = 0;
function line(
  parts: string | [string, number][],
  colX: number,
  opts: { page?: number; bold?: boolean; size?: number; gap?: number; bullet?: boolean } = {},
): Line {
  const size = opts.size ?? 10;
  const segs: Segment[] = (
    typeof parts === 'string' ? [[parts, colX] as [string, number]] : parts
  ).map(([text, x]) => ({ text, x, x2: x + text.length * size * 0.45, size, bold: !!opts.bold }));
  y += 13;
  return {
    segs,
    page: opts.page ?? 1,
    y,
    gap: opts.gap ?? 1.2,
    bullet: !!opts.bullet,
    colX,
    colW: colX < 300 ? 330 : 170,
  };
}
const heading = (t: string, colX: number, page = 1) =>
  line(t, colX, { page, bold: true, size: 12, gap: 2.4 });

describe('a main column that goes on over the next page, after a sidebar', () => {
  it('keeps the entry cut by the page break whole, in its section', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Noor Adeyemi', 30, { size: 18, gap: 10 }),
        line('noor@example.org', 30),
        heading('EXPERIENCE', 30),
        line('Staff Engineer', 30, { bold: true }),
        line('Harbor Metrics', 30),
        line(
          [
            ['03/2019 - Present', 30],
            ['Boston, MA', 115],
          ],
          30,
        ),
        line('Led the ingestion rewrite for twelve data feeds.', 30, { bullet: true }),
        line('Backend Engineer', 30, { bold: true, gap: 2.3 }),
        line('Quayside Labs', 30),
        // the sidebar of page 1, read after the main column
        heading('INTERESTS', 400),
        line('Rowing, chess and film photography.', 400),
        // page 2: the main column goes on with the dates of the role above
        line(
          [
            ['01/2015 - 02/2019', 30],
            ['Providence, RI', 115],
          ],
          30,
          { page: 2, gap: 10 },
        ),
        line('Built the billing service used by every team.', 30, { page: 2, bullet: true }),
        heading('EDUCATION', 30, 2),
        line('B.S. in Physics, Brown University, 2014', 30, { page: 2 }),
      ],
    });
    expect(parsed.experience).toEqual([
      {
        company: 'Harbor Metrics',
        position: 'Staff Engineer',
        location: 'Boston, MA',
        dates: '03/2019 - Present',
        description: ['Led the ingestion rewrite for twelve data feeds.'],
      },
      {
        company: 'Quayside Labs',
        position: 'Backend Engineer',
        location: 'Providence, RI',
        dates: '01/2015 - 02/2019',
        description: ['Built the billing service used by every team.'],
      },
    ]);
  });
});

describe('an entry that starts at the top of the next page', () => {
  it('is an entry of its own, though its head is indented like the items above it', () => {
    const head = (role: string, date: string, page = 1, gap = 2.5) =>
      line(
        [
          [role, 56],
          [date, 480],
        ],
        50,
        { page, gap },
      );
    const item = (text: string, page = 1) => line(`${text}`, 56, { page, bullet: true, gap: 1.7 });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 50, { size: 18, gap: 10 }),
        heading('Experience', 50),
        head('Research Intern, Apple ML Research – Cupertino, CA', 'May 2020 – Aug 2020'),
        item('Created an on-device compression pipeline deployed across 50M devices'),
        item('Filed two patents on model quantization for edge inference'),
        head('Research Intern, Microsoft Research – Redmond, WA', 'May 2019 – Aug 2019', 2, 10),
        item('Implemented a self-supervised learning framework for low-resource languages', 2),
      ],
    });
    expect(parsed.experience?.map((e) => [e.company, e.dates])).toEqual([
      ['Apple ML Research', 'May 2020 – Aug 2020'],
      ['Microsoft Research', 'May 2019 – Aug 2019'],
    ]);
  });
});
