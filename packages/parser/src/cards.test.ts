import { describe, expect, it } from 'vitest';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

let y = 0;
/** A line of segments given as [text, x] pairs, in a column from x=40 to x=560. */
function line(
  parts: [string, number][],
  opts: { bold?: boolean; size?: number; gap?: number } = {},
): Line {
  const size = opts.size ?? 10;
  const segs: Segment[] = parts.map(([text, x]) => ({
    text,
    x,
    x2: x + text.length * size * 0.45,
    size,
    bold: !!opts.bold,
  }));
  y += 14;
  return { segs, page: 1, y, gap: opts.gap ?? 1.4, bullet: false, colX: 40, colW: 520 };
}

const head = (text: string) => line([[text, 40]], { bold: true, size: 13, gap: 3 });
const contactLines = [
  line([['Mara Quill', 40]], { size: 18, gap: 10 }),
  line([['mara@example.org', 40]]),
];

describe('cards side by side', () => {
  it('reads two project cards in one row as two projects', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Experience'),
        line([['Lumen Labs, Engineer, 2020 – 2023', 40]]),
        head('Projects'),
        line(
          [
            ['Tide Planner', 40],
            ['Wren Notes', 310],
          ],
          { bold: true, gap: 2.5 },
        ),
        line([
          ['Maintainer', 40],
          ['Contributor', 310],
        ]),
        line([
          ['Built a planner that schedules all the harbour', 40],
          ['Wrote a note app that syncs offline edits', 310],
        ]),
        line([
          ['traffic from live data.', 40],
          ['between phones for', 310],
        ]),
        line([['small teams.', 310]]),
      ],
    });
    expect(parsed.projects?.map((p) => p.name)).toEqual(['Tide Planner', 'Wren Notes']);
    expect(parsed.projects?.map((p) => p.description)).toEqual([
      ['Built a planner that schedules all the harbour traffic from live data.'],
      ['Wrote a note app that syncs offline edits between phones for small teams.'],
    ]);
  });

  it('reads two certificates in one row, each with its issuer and year, as two', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Skills'),
        line([['Go, SQL', 40]]),
        head('Certifications'),
        line(
          [
            ['Cloud Security Basics', 40],
            ['Data Modelling Professional', 310],
          ],
          { bold: true, gap: 2.5 },
        ),
        line(
          [
            ['2021', 270],
            ['2022', 530],
          ],
          { bold: true, gap: 0.8 },
        ),
        line(
          [
            ['Open Cloud Guild', 40],
            ['Schema Institute', 310],
          ],
          { gap: 0.8 },
        ),
      ],
    });
    expect(parsed.skills?.certifications).toEqual([
      'Cloud Security Basics',
      'Data Modelling Professional',
    ]);
  });

  it('keeps an entry head with a date and a place on the right as one entry', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Projects'),
        line(
          [
            ['Harbour Sensor Network', 40],
            ['2019 – 2021', 480],
          ],
          { bold: true, gap: 2.5 },
        ),
        line([
          ['Team Lead', 40],
          ['Oslo, Norway', 490],
        ]),
        line([['Deployed forty buoys that report water quality every hour.', 40]]),
      ],
    });
    expect(parsed.projects).toHaveLength(1);
    expect(parsed.projects?.[0]?.name).toBe('Harbour Sensor Network');
  });
});

describe('wrapped description lines', () => {
  it('joins a line ending in a function word with the next, even when that one looks like a head', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Projects'),
        line([['Kite Tracker', 40]], { bold: true, gap: 2.5 }),
        line([['Designed a flight logger that records wind data for a', 40]]),
        line([['Regional Sailing Club', 40]]),
      ],
    });
    expect(parsed.projects).toEqual([
      {
        name: 'Kite Tracker',
        description: [
          'Designed a flight logger that records wind data for a Regional Sailing Club',
        ],
      },
    ]);
  });
});

describe('a card whose name reads like a heading', () => {
  it('is no section label when no line starts where the card beside it starts', () => {
    // headings set like the text, as some templates do
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        line([['Skills', 40]], { gap: 3 }),
        line([['Go, SQL', 40]]),
        line([['Certifications', 40]], { gap: 3 }),
        line(
          [
            ['Web Technologies Foundations', 40],
            ['Applied Cryptography', 310],
          ],
          { gap: 1.5 },
        ),
        line(
          [
            ['2021', 270],
            ['2022', 530],
          ],
          { gap: 0.8 },
        ),
        line(
          [
            ['Open Web Guild', 40],
            ['Cipher Academy', 310],
          ],
          { gap: 0.8 },
        ),
      ],
    });
    expect(parsed.skills).toEqual({
      technical: ['Go', 'SQL'],
      certifications: ['Web Technologies Foundations', 'Applied Cryptography'],
    });
  });
});

describe('a long bold title with a date on its right', () => {
  it('heads its entry rather than reading as a sentence', () => {
    const bold = (t: string, x: number): Segment => ({
      text: t,
      x,
      x2: x + t.length * 4.5,
      size: 10,
      bold: true,
    });
    const first = line([
      [
        'Adaptive Caching Strategies for Globally Distributed Edge Inference Systems at Planetary Scale',
        40,
      ],
      ['June 2024', 515],
    ]);
    first.segs[0] = bold(first.segs[0]!.text, 40);
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Projects'),
        { ...first, gap: 2.5 },
        line([['Served cached model outputs from 40 regions at a tenth of the cost.', 40]]),
      ],
    });
    expect(parsed.projects).toEqual([
      {
        name: 'Adaptive Caching Strategies for Globally Distributed Edge Inference Systems at Planetary Scale',
        dates: 'June 2024',
        description: ['Served cached model outputs from 40 regions at a tenth of the cost.'],
      },
    ]);
  });
});

describe('a table of one entry per row', () => {
  it('is read row by row', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...contactLines,
        head('Awards'),
        line(
          [
            ['Regional Coding Cup, first place', 40],
            ['Northfield Tech Society', 310],
          ],
          { gap: 2.5 },
        ),
        line([
          ['Open Data Hackathon, finalist', 40],
          ['Civic Data Network', 310],
        ]),
        line([
          ['Student Research Prize', 40],
          ['Lakeshore University', 310],
        ]),
      ],
    });
    // one award per row, each still with its own issuer
    expect(parsed.awards).toHaveLength(3);
    expect(parsed.awards?.[0]).toMatch(/^Regional Coding Cup, first place\b.*Northfield/);
    expect(parsed.awards?.[1]).toMatch(/^Open Data Hackathon, finalist\b.*Civic/);
  });
});
