import { describe, expect, it } from 'vitest';
import {
  isAuthorList,
  isSpokenLanguageRow,
  parseLanguages,
  parsePublications,
  parseTitledList,
} from './lists.ts';
import { splitSections } from './sections.ts';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

let y = 0;
/** A line of segments given as [text, x] pairs (or one text at the column edge). */
function line(
  parts: string | [string, number][],
  opts: { bold?: boolean; size?: number; gap?: number; bullet?: boolean } = {},
): Line {
  const size = opts.size ?? 10;
  const segs: Segment[] = (
    typeof parts === 'string' ? [[parts, 50] as [string, number]] : parts
  ).map(([text, x]) => ({ text, x, x2: x + text.length * size * 0.5, size, bold: !!opts.bold }));
  y += 14;
  return { segs, page: 1, y, gap: opts.gap ?? 1.3, bullet: !!opts.bullet, colX: 50, colW: 500 };
}

describe('languages', () => {
  it('reads "Language: level (details)" rows as the language, not a label', () => {
    const lines = [
      line('German: Native language.'),
      line('French: Fluent (reading, writing).'),
      line('Italian: Basic (speaking); intermediate (reading).'),
    ];
    expect(parseLanguages(lines)).toEqual(['German', 'French', 'Italian']);
  });
  it('still drops a category label before a list', () => {
    expect(parseLanguages([line('Spoken: Dutch, Polish')])).toEqual(['Dutch', 'Polish']);
  });
});

describe('language rows with a level and a note', () => {
  /** A row of cells given as [text, x, size, bold]. */
  const row = (cells: [string, number, number, boolean?][], gap = 1.6): Line => {
    y += 14;
    return {
      segs: cells.map(([text, x, size, bold]) => ({
        text,
        x,
        x2: x + text.length * size * 0.5,
        size,
        bold: !!bold,
      })),
      page: 1,
      y,
      gap,
      bullet: false,
      colX: 50,
      colW: 500,
    };
  };
  const parsed = structure({
    kind: 'pdf',
    links: [],
    lines: [
      row([['Ada Park', 50, 24]], 10),
      row([['ada@example.org', 50, 10]]),
      row([['Languages', 140, 14]], 2),
      row([
        ['French', 100, 10],
        ['Native', 140, 11, true],
      ]),
      row([
        ['Dutch', 100, 10],
        ['Near-native', 140, 11, true],
        ['Primary school in Ghent', 300, 9],
      ]),
    ],
  });
  it('names the language, not its level or the note in smaller type', () => {
    expect(parsed.verbal_languages).toEqual(['French', 'Dutch']);
  });
  it('drops a cell that only says “level”', () => {
    const template = structure({
      kind: 'pdf',
      links: [],
      lines: [
        row([['王小明', 50, 24]], 10),
        row([['语言技能', 140, 14]], 2),
        ...['英语', '日语'].map((lang) =>
          row([
            [lang, 100, 10],
            ['水平', 140, 10, true],
          ]),
        ),
      ],
    });
    expect(template.verbal_languages).toEqual(['英语', '日语']);
  });
  it('names a template’s numbered placeholder, not its level or comment', () => {
    const template = structure({
      kind: 'pdf',
      links: [],
      lines: [
        row([['John Doe', 50, 24]], 10),
        row([['Languages', 140, 14]], 2),
        ...[1, 2].map((n) =>
          row([
            [`Language ${n}: Skill level`, 100, 10],
            ['Comment', 300, 9],
          ]),
        ),
      ],
    });
    expect(template.verbal_languages).toEqual(['Language 1', 'Language 2']);
  });
});

describe('language rows in a skills list', () => {
  it('tells spoken languages from programming languages by their levels', () => {
    const spoken = line('Languages: Fluent in Portuguese, conversational Korean');
    expect(isSpokenLanguageRow(spoken)).toBe(true);
    expect(isSpokenLanguageRow(line('Languages: TypeScript, Go, Rust'))).toBe(false);
    expect(isSpokenLanguageRow(line('Tools: fluent in Figma'))).toBe(false);
    expect(parseLanguages([line('Language: Fluent in Portuguese')])).toEqual(['Portuguese']);
  });
});

describe('rail headings', () => {
  it('takes content beside a heading label in a left rail as the section body', () => {
    const lines = [
      line([['Experience', 50]], { bold: true }),
      line([['Acme Corp', 160]]),
      line(
        [
          ['Languages', 50],
          ['Dutch', 160],
          ['Polish', 300],
        ],
        { bold: true, gap: 3 },
      ),
      line([
        ['Fluent', 160],
        ['Beginner', 300],
      ]),
    ];
    const { sections } = splitSections(lines);
    const langs = sections.find((s) => s.kind === 'languages');
    expect(langs?.title).toBe('Languages');
    expect(parseLanguages(langs?.lines ?? [])).toEqual(['Dutch', 'Polish']);
  });
});

describe('publications', () => {
  it('tells author lists from titles', () => {
    expect(isAuthorList('Ana Ruiz, B. K. Osei and Lee Chan')).toBe(true);
    expect(isAuthorList('Ana Ruiz, Lee Chan, et al.')).toBe(true);
    expect(isAuthorList('Graph Sampling for Sparse Sensor Networks')).toBe(false);
    expect(isAuthorList('Learning to Route: a Study, Part 2')).toBe(false);
  });
  it('keeps the authors and DOI lines with the title above them', () => {
    const lines = [
      line(
        [
          ['Graph Sampling for Sparse Sensor Networks', 50],
          ['Mar 2021', 480],
        ],
        { bold: true },
      ),
      line('Ana Ruiz, Lee Chan'),
      line('10.5555/sensys.2021.0042 (SenSys 2021)'),
      line(
        [
          ['Fast Routing on Meshes', 50],
          ['Jan 2020', 480],
        ],
        { bold: true, gap: 2.5 },
      ),
      line('Lee Chan, Ana Ruiz'),
      line('10.5555/mobicom.2020.0007 (MobiCom 2020)'),
    ];
    const pubs = parsePublications(lines);
    expect(pubs.map((p) => p.title)).toEqual([
      'Graph Sampling for Sparse Sensor Networks',
      'Fast Routing on Meshes',
    ]);
    expect(pubs[0]?.venue).toBe('SenSys 2021');
  });
  it('keeps a numbered citation whole over a hanging line with its date', () => {
    const lines = [
      line([['[2] M. Lind, “Roots under drought,” in Proceedings of the Soil', 60]]),
      line([['Workshop, Oslo, Norway, May 2017.', 80]], { gap: 1.2 }),
      line([['[1] M. Lind, “Leaf litter,” in Proceedings of the Forest', 60]]),
      line([['Meeting, Bergen, Norway, Jun 2016.', 80]], { gap: 1.2 }),
    ];
    expect(parsePublications(lines).map((p) => p.title)).toEqual([
      'Roots under drought',
      'Leaf litter',
    ]);
  });
  it('reads sub-headings as kinds of publication and citations wrapped over a year', () => {
    const lines = [
      line([['Book Chapters', 60]], { bold: true, size: 12 }),
      line([['R. Okafor and M. Lind, Soil Carbon Budgets. Field Press, Lagos,', 50]], {
        bullet: true,
      }),
      line([['Nigeria, 2015.', 62]], { gap: 1 }),
      line([['Journal Articles', 60]], { bold: true, size: 12, gap: 3 }),
      line([['M. Lind and R. Okafor, “Roots under drought,” Plant Letters, vol. 4,', 50]], {
        bullet: true,
      }),
      line([['2019.', 62]], { gap: 1 }),
    ];
    expect(parsePublications(lines)).toEqual([
      { title: 'Soil Carbon Budgets', venue: 'Field Press, Lagos, Nigeria' },
      { title: 'Roots under drought', venue: 'Plant Letters' },
    ]);
  });
});

describe('a numbered list of citations', () => {
  it('reads each citation without its number: the authors are no title', () => {
    const lines = [
      line('1. R. Okafor, M. Lind. Roots under drought. Plant Letters, 2019.', { gap: 1.8 }),
      line('2. M. Lind, T. Aro, R. Okafor. Soil carbon at scale. Field Review, 2021.', {
        gap: 1.5,
      }),
    ];
    expect(parsePublications(lines)).toEqual([
      { title: 'Roots under drought', venue: 'Plant Letters' },
      { title: 'Soil carbon at scale', venue: 'Field Review' },
    ]);
  });
});

describe('awards', () => {
  it('joins a title that ends in a comma with the next line', () => {
    const lines = [
      line(
        [
          ['Regional Robotics Prize,', 60],
          ['Jun 2019', 480],
        ],
        { bullet: true },
      ),
      line([['Northern Engineering and Design Foundation', 70]]),
      line([['Given for a line-following robot built from scrap parts.', 70]]),
      line(
        [
          ['School Chess Cup', 60],
          ['Mar 2018', 480],
        ],
        { bullet: true },
      ),
      line([['Won the final round held during the open day.', 70]]),
    ];
    expect(parseTitledList(lines, 'awards')).toEqual([
      'Regional Robotics Prize, Northern Engineering and Design Foundation',
      'School Chess Cup',
    ]);
  });
  it('does not take a wrapped sentence under a title for another award', () => {
    const lines = [
      line('Faster Checkout', { bold: true, gap: 2.4 }),
      line('Cut the time to pay at the till by'),
      line('a third for all stores.'),
      line('Open Data Portal', { bold: true, gap: 2.4 }),
      line('Published the city budget as'),
      line('open data for everyone.'),
    ];
    expect(parseTitledList(lines, 'awards')).toEqual(['Faster Checkout', 'Open Data Portal']);
  });
});

describe('stacked certificates', () => {
  it('reads title / issuer / year entries one after another as separate certificates', () => {
    const lines = [
      line('Kubernetes Administrator', { gap: 2 }),
      line('Cloud Native Foundation', { gap: 1.4 }),
      line('2022', { gap: 1.7 }),
      line('Scrum Master', { gap: 2.1 }),
      line('Agile Alliance', { gap: 1.7 }),
      line('2020', { gap: 1.6 }),
    ];
    expect(parseTitledList(lines, 'activities')).toEqual([
      'Kubernetes Administrator',
      'Scrum Master',
    ]);
  });
  it('keeps an issuer printed after the year with its certificate', () => {
    const lines = [
      line('Kubernetes Administrator', { gap: 2 }),
      line('2022', { gap: 1.4 }),
      line('Cloud Native Foundation', { gap: 1.4 }),
    ];
    expect(parseTitledList(lines, 'activities')).toEqual(['Kubernetes Administrator']);
  });
});

describe('conference venues', () => {
  it('drop the place and date printed after the proceedings', () => {
    const pubs = parsePublications([
      line(
        'M. Ortiz and L. Chen, “Tidal models,” in Proceedings of the Coastal Workshop, Porto, Portugal, Sep 2014.',
      ),
    ]);
    expect(pubs).toEqual([
      {
        title: 'Tidal models',
        venue: 'Proceedings of the Coastal Workshop',
      },
    ]);
  });
  it('keep a venue whose last part is no place', () => {
    const pubs = parsePublications([
      line('M. Ortiz, “Wave energy at scale,” in Marine Letters, Special Issue, 2016.'),
    ]);
    expect(pubs[0]?.venue).toBe('Marine Letters, Special Issue');
  });
});

describe('awards grouped under bold sub-headings, each with its year and place', () => {
  it('lists the awards only, without the place set apart after them', () => {
    const lines = [
      line('International Awards', { bold: true, gap: 2 }),
      line(
        [
          ['2021', 50],
          ['2nd Place, Cloud GameDay', 100],
          ['Online', 450],
        ],
        { gap: 1.6 },
      ),
      line(
        [
          ['2020', 50],
          ['Finalist, Open Hacking Final', 100],
          ['Las Vegas, NV', 430],
        ],
        { gap: 1.6 },
      ),
      line('Community', { bold: true, gap: 2 }),
      line(
        [
          ['2022', 50],
          ['Organizer of the Terraform User Group, HashiCorp', 100],
        ],
        { gap: 1.6 },
      ),
    ];
    expect(parseTitledList(lines, 'awards')).toEqual([
      '2nd Place, Cloud GameDay',
      'Finalist, Open Hacking Final',
      'Organizer of the Terraform User Group, HashiCorp',
    ]);
  });
});

describe('a citation led by its author', () => {
  it('takes the title after the author, and leaves "Authors, Title. Venue" as it was', () => {
    expect(
      parsePublications([
        line('Jane Roe. Tidal Models for Small Harbours, 2019.', { bullet: true }),
        line('Jane Roe and Ada Park. Coastal Survey Methods. Harbour Press, 2nd edition, 2017.', {
          bullet: true,
        }),
        line('E. Someone and T. Lim, A Fictional Research. Somewhere, Some Place, 2010.', {
          bullet: true,
        }),
      ]).map((p) => p.title),
    ).toEqual([
      'Tidal Models for Small Harbours',
      'Coastal Survey Methods',
      'A Fictional Research',
    ]);
  });
});

describe('memberships set apart on one line', () => {
  it('are one item each', () => {
    expect(
      parseTitledList(
        [line('Harbour Society • Tide Club • Coastal Guild • Open Data Circle')],
        'activities',
      ),
    ).toEqual(['Harbour Society', 'Tide Club', 'Coastal Guild', 'Open Data Circle']);
  });
});

describe('a group of languages under a label in the skills section’s rail', () => {
  it('gives spoken languages, and no skills', () => {
    const seg = (text: string, x: number) => ({
      text,
      x,
      x2: x + text.length * 5,
      size: 10,
      bold: false,
    });
    let y = 500;
    const row = (segs: ReturnType<typeof seg>[], gap = 1.2) => ({
      segs,
      page: 1,
      y: (y += 14),
      gap,
      bullet: false,
      colX: 40,
      colW: 520,
    });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        row([seg('Jonas Berger', 40)], 10),
        row([seg('jonas@example.org', 40)]),
        row([{ ...seg('Special Skills', 40), size: 13 }], 3),
        row([seg('Languages', 40), seg('Spanish: fluent in speech and writing', 160)]),
        row([seg('Portuguese: reading knowledge', 160)]),
        row([seg('Medicine', 40), seg('Anatomy, Surgery', 160)]),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Spanish', 'Portuguese']);
    expect(parsed.skills?.technical).toContain('Anatomy');
    expect(parsed.skills?.technical?.join(' ')).not.toMatch(/Spanish|Portuguese/);
  });
});

describe('a "Languages:" row of the skills that gives levels as codes', () => {
  it('names spoken languages ("Lingue: Inglese (C1), Francese (B1)")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Giulia Ferraresi', { size: 20 }),
        line('giulia@example.it'),
        line('Competenze', { bold: true, size: 13, gap: 2 }),
        line('Informatiche: SAP, Excel, Zucchetti'),
        line('Lingue: Inglese (C1), Francese (B1)'),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Inglese', 'Francese']);
    expect(parsed.skills?.technical?.join(' ')).not.toMatch(/Inglese|Francese/);
  });
});

describe('the name at the top of the main column, read after a sidebar', () => {
  it("goes to the header, not to the sidebar's last section", () => {
    const side = (l: Line): Line => ({ ...l, colX: 40, colW: 150 });
    const main = (l: Line): Line => ({
      ...l,
      segs: l.segs.map((g) => ({ ...g, x: g.x + 170, x2: g.x2 + 170 })),
      colX: 210,
      colW: 350,
    });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        side(line('Contacto', { bold: true, size: 11, gap: 10 })),
        side(line('carmen.vidal@example.es')),
        side(line('Idiomas', { bold: true, size: 11, gap: 2 })),
        side(line('Español – nativo')),
        side(line('Inglés – B2')),
        main(line('Carmen Vidal Ortega', { bold: true, size: 20, gap: 10 })),
        main(line('Ejecutiva de ventas', { gap: 1.5 })),
        main(line('Experiencia laboral', { bold: true, size: 11, gap: 2 })),
        main(line('Ejecutiva de cuentas, Distribuciones Giralda S.L., Sevilla')),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Español', 'Inglés']);
    expect(parsed.contact?.name).toBe('Carmen Vidal Ortega');
  });
});

describe('a cover letter after the CV', () => {
  const onPage = (l: Line, page: number): Line => ({ ...l, page });
  it('leaves the pages from its salutation to its closing out', () => {
    const lines = [
      line('Mara Quill', { size: 20 }),
      line('Publications', { bold: true, size: 13, gap: 2 }),
      line('Mara Quill. Tidal Mills of the North, 2019.'),
      onPage(line('Harbour Works Ltd.', { gap: 10 }), 2),
      onPage(line('Dear Hiring Committee,', { gap: 3 }), 2),
      onPage(line('I write to apply for the post of archivist at your museum.'), 2),
      onPage(line('Kind regards,', { gap: 2 }), 2),
      onPage(line('Mara Quill', { gap: 3 }), 2),
    ];
    const parsed = structure({ kind: 'pdf', lines, links: [] });
    expect(parsed.publications?.map((p) => p.title)).toEqual(['Tidal Mills of the North']);
  });
});

describe('levels of spoken languages in every language', () => {
  it('drops the level in parentheses ("Engels (Redelijk)", "Italienisch (Gute Kenntnisse)")', () => {
    expect(
      parseLanguages([
        line('Nederlands (Moedertaal), Engels (Redelijk), Duits (Basis)'),
        line('Italienisch (Gute Kenntnisse), Inglese (Buono), Inglês (Intermediário)'),
      ]),
    ).toEqual(['Nederlands', 'Engels', 'Duits', 'Italienisch', 'Inglese', 'Inglês']);
  });
});
