/**
 * The LinkedIn reader on positioned lines laid out as the export lays them (a sidebar at x 22,
 * the main column at x 224, LinkedIn's type sizes and spacing, "Page N of M" footers), and on
 * documents of the generated LinkedIn family printed by Chromium (skipped without it).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResumeData } from '@folio/core';
import { afterAll, describe, expect, it } from 'vitest';
import { familyByName } from '../../corpus/generator/families.ts';
import { generateCorpus } from '../../corpus/generator/generate.node.ts';
import { hasChromium } from '../../corpus/generator/render.node.ts';
import { parseResume } from '../index.ts';
import { nodePdfAssets } from '../pdf-assets.node.ts';
import { structure } from '../structure.ts';
import type { ExtractedDoc, Line } from '../types.ts';
import { linkedInLayout } from './layout.ts';

/** text, size, space above (points), and a link or a bullet. */
type Row = [string, number, number, { url?: string; bullet?: boolean }?];

const SIDE_X = 21.6;
const MAIN_X = 223.6;

function lines(rows: Row[], x: number, page: number, top: number): Line[] {
  let y = top;
  return rows.map(([text, size, dy, o], i) => {
    y = i === 0 ? top : y + dy;
    return {
      segs: [
        {
          text,
          x,
          x2: x + text.length * size * 0.5,
          size,
          bold: false,
          y,
          ...(o?.url ? { url: o.url } : {}),
        },
      ],
      page,
      y,
      gap: 1,
      bullet: !!o?.bullet,
      colX: x,
      colW: 400,
    };
  });
}

/** An export: page 1's sidebar and main column, the main column's next pages, the footers. */
function exportDoc(
  side: Row[],
  mains: Row[][],
  footer: ((n: number, of: number) => string) | null = (n, of) => `Page ${n} of ${of}`,
): ExtractedDoc {
  const out: Line[] = [...lines(side, SIDE_X, 1, 54.4)];
  mains.forEach((rows, i) => out.push(...lines(rows, MAIN_X, i + 1, i === 0 ? 65.5 : 53.4)));
  if (footer)
    for (let p = 1; p <= mains.length; p++)
      out.push(...lines([[footer(p, mains.length), 9, 0]], 384, p, 778.1));
  return { kind: 'pdf', lines: out, links: [] };
}

const LI = 'https://www.linkedin.com/in/jane-doe-12ab34';

const enSide: Row[] = [
  ['Contact', 13, 0],
  ['+1 555 0100 200 (Mobile)', 10.5, 19.4],
  ['jane.doe@example.com', 10.5, 12.6, { url: 'mailto:jane.doe@example.com' }],
  ['www.linkedin.com/in/jane-', 10.5, 24.4, { url: LI }],
  ['doe-12ab34 (LinkedIn)', 10.5, 12.6, { url: LI }],
  ['janedoe.dev/', 10.5, 12.6, { url: 'https://janedoe.dev/' }],
  ['(Portfolio)', 10.5, 12.6, { url: 'https://janedoe.dev/' }],
  ['Top Skills', 13, 35.3],
  ['Kubernetes', 10.5, 19.4],
  ['Go', 10.5, 17.9],
  ['Terraform', 10.5, 17.9],
  ['Languages', 13, 28.5],
  ['English (Native or Bilingual)', 10.5, 19.4],
  ['German (Limited', 10.5, 17.9],
  ['Working)', 10.5, 12.6],
  ['Certifications', 13, 28.5],
  ['Certified Kubernetes Administrator', 10.5, 19.4],
  ['AWS Certified Solutions Architect –', 10.5, 17.9],
  ['Associate', 10.5, 12.6],
  ['Honors-Awards', 13, 28.5],
  ['Hackathon winner 2021', 10.5, 19.4],
];

const enMain: Row[][] = [
  [
    ['Jane Doe', 26, 0],
    ['Platform Engineer | Cloud Infrastructure | Kubernetes | Site', 12, 21.2],
    ['Reliability', 12, 14.4],
    ['Berlin, Germany', 12, 15.4],
    ['Summary', 15.75, 37.6],
    ['I build platforms that teams trust. Reliability first.', 12, 25.5],
    ['Experience', 15.75, 53.8],
    ['Acme Cloud', 12, 30.5],
    ['3 years 2 months', 10.5, 16.5],
    ['Senior Platform Engineer', 11.5, 21.3],
    ['January 2024 - Present (1 year 11 months)', 10.5, 14.5],
    ['Berlin, Germany', 10.5, 14.7],
    ['Cut deploy time by half across', 10.5, 21, { bullet: true }],
    ['forty services.', 10.5, 17.9],
    ['Ran the on-call rotation.', 10.5, 17.9, { bullet: true }],
    ['Platform Engineer', 11.5, 33.8],
    ['October 2022 - December 2023 (1 year 3 months)', 10.5, 14.5],
    ['Built the CI pipeline. Wrote the runbooks.', 10.5, 21],
  ],
  [
    ['Beta GmbH', 12, 0],
    ['Developer', 11.5, 16.1],
    ['2019 - 2022 (3 years)', 10.5, 14.5],
    ['Education', 15.75, 41.8],
    ['TU Berlin', 12, 25.5],
    ['Master of Science - MS, Computer Science · (2017', 10.5, 16],
    ['- 2019)', 10.5, 17.9],
  ],
];

describe('a LinkedIn export, by its layout', () => {
  it('is recognised by its columns, type sizes and numbered footers', () => {
    expect(linkedInLayout(exportDoc(enSide, enMain))).toBeDefined();
    // the same text without its page footers, or with the name left of everything, is not one
    expect(linkedInLayout(exportDoc(enSide, enMain, null))).toBeUndefined();
    expect(linkedInLayout(exportDoc([], enMain))).toBeUndefined();
    // a footer that numbers the page but not the page count of the document
    expect(linkedInLayout(exportDoc(enSide, enMain, (n) => `Page ${n} of 9`))).toBeUndefined();
  });

  it('reads contact, headline, sidebar lists and summary as printed', () => {
    const d = structure(exportDoc(enSide, enMain));
    expect(d.contact).toEqual({
      name: 'Jane Doe',
      title: 'Platform Engineer | Cloud Infrastructure | Kubernetes | Site Reliability',
      location: 'Berlin, Germany',
      phone: '+1 555 0100 200',
      email: 'jane.doe@example.com',
      linkedin: 'www.linkedin.com/in/jane-doe-12ab34',
      portfolio: 'janedoe.dev/',
    });
    expect(d.summary).toBe('I build platforms that teams trust. Reliability first.');
    expect(d.skills).toEqual({
      technical: ['Kubernetes', 'Go', 'Terraform'],
      certifications: [
        'Certified Kubernetes Administrator',
        'AWS Certified Solutions Architect – Associate',
      ],
    });
    expect(d.verbal_languages).toEqual(['English', 'German']);
    expect(d.awards).toEqual(['Hackathon winner 2021']);
  });

  it('gives every role of a company that company and its own dates, never the duration', () => {
    const d = structure(exportDoc(enSide, enMain));
    expect(d.experience).toEqual([
      {
        company: 'Acme Cloud',
        position: 'Senior Platform Engineer',
        dates: 'January 2024 - Present',
        location: 'Berlin, Germany',
        description: [
          'Cut deploy time by half across forty services.',
          'Ran the on-call rotation.',
        ],
      },
      {
        company: 'Acme Cloud',
        position: 'Platform Engineer',
        dates: 'October 2022 - December 2023',
        description: ['Built the CI pipeline.', 'Wrote the runbooks.'],
      },
      { company: 'Beta GmbH', position: 'Developer', dates: '2019 - 2022' },
    ]);
    expect(d.education).toEqual([
      {
        institution: 'TU Berlin',
        degree: 'Master of Science - MS',
        field_of_study: 'Computer Science',
        dates: '2017 - 2019',
      },
    ]);
  });

  it('reads a Polish export: its headings, months and durations', () => {
    const side: Row[] = [
      ['Dane kontaktowe', 13, 0],
      ['anna.nowak@example.pl', 10.5, 19.4, { url: 'mailto:anna.nowak@example.pl' }],
      ['www.linkedin.com/in/anna-nowak', 10.5, 24.4, { url: 'https://li/anna' }],
      ['(LinkedIn)', 10.5, 12.6, { url: 'https://li/anna' }],
      ['Najważniejsze umiejętności', 13, 35.3],
      ['Zarządzanie projektami', 10.5, 19.4],
      ['Języki', 13, 28.5],
      ['Polski (Native or Bilingual)', 10.5, 19.4],
      ['Angielski (Full Professional)', 10.5, 17.9],
    ];
    const main: Row[][] = [
      [
        ['Anna Nowak', 26, 0],
        ['Kierownik projektu', 12, 21.2],
        ['Kraków, Małopolskie, Polska', 12, 15.4],
        ['Doświadczenie', 15.75, 37.6],
        ['Firma Budowlana S.A.', 12, 30.5],
        ['2 lata 3 miesiące', 10.5, 16.5],
        ['Kierownik projektu', 11.5, 21.3],
        ['styczeń 2025 - Present (1 rok 10 miesięcy)', 10.5, 14.5],
        ['Kraków, Polska', 10.5, 14.7],
        ['Inżynier budowy', 11.5, 33.8],
        ['wrzesień 2024 - grudzień 2024 (4 miesiące)', 10.5, 14.5],
        ['Wykształcenie', 15.75, 41.8],
        ['Politechnika Krakowska', 12, 25.5],
        ['Magister, Budownictwo · (październik 2019 - czerwiec 2021)', 10.5, 16],
      ],
    ];
    const d = structure(exportDoc(side, main, (n, of) => `Strona ${n} z ${of}`));
    expect(d.contact).toMatchObject({
      name: 'Anna Nowak',
      title: 'Kierownik projektu',
      location: 'Kraków, Małopolskie, Polska',
      linkedin: 'www.linkedin.com/in/anna-nowak',
    });
    expect(d.experience).toEqual([
      {
        company: 'Firma Budowlana S.A.',
        position: 'Kierownik projektu',
        dates: 'styczeń 2025 - Present',
        location: 'Kraków, Polska',
      },
      {
        company: 'Firma Budowlana S.A.',
        position: 'Inżynier budowy',
        dates: 'wrzesień 2024 - grudzień 2024',
      },
    ]);
    expect(d.education).toEqual([
      {
        institution: 'Politechnika Krakowska',
        degree: 'Magister',
        field_of_study: 'Budownictwo',
        dates: 'październik 2019 - czerwiec 2021',
      },
    ]);
    expect(d.skills?.technical).toEqual(['Zarządzanie projektami']);
    expect(d.verbal_languages).toEqual(['Polski', 'Angielski']);
  });

  it('joins a long name wrapped onto two lines', () => {
    const name: Row[] = [
      ['Jane Alexandra Maria', 26, 0],
      ['Doe-Montgomery', 26, 31],
    ];
    const main: Row[][] = [[...name, ...enMain[0]!.slice(1)], enMain[1]!];
    const d = structure(exportDoc(enSide, main));
    expect(d.contact?.name).toBe('Jane Alexandra Maria Doe-Montgomery');
    expect(d.contact?.title).toBe(
      'Platform Engineer | Cloud Infrastructure | Kubernetes | Site Reliability',
    );
    expect(d.experience).toHaveLength(3);
  });

  it('takes the line under a role as its dates by place when a word of it is unknown', () => {
    const main = enMain.map((rows) =>
      rows.map((r): Row =>
        r[0] === '2019 - 2022 (3 years)' ? ['Juni 2019 - jetzt (3 Jahre 4 Monate)', r[1], r[2]] : r,
      ),
    );
    const d = structure(exportDoc(enSide, main));
    expect(d.experience?.[2]).toEqual({
      company: 'Beta GmbH',
      position: 'Developer',
      dates: 'Juni 2019 - jetzt',
    });
  });

  it('joins a word broken after its hyphen and reads a stack line as technologies', () => {
    const main: Row[][] = [
      [
        ...enMain[0]!.slice(0, 1),
        ['Platform Engineer | Creative Problem-', 12, 21.2],
        ['Solver', 12, 14.4],
        ...enMain[0]!.slice(3),
      ],
      [
        ...enMain[1]!.slice(0, 3),
        ['Stack: Go, Terraform, AWS (EC2, S3)', 10.5, 21],
        ...enMain[1]!.slice(3),
      ],
    ];
    const d = structure(exportDoc(enSide, main));
    expect(d.contact?.title).toBe('Platform Engineer | Creative Problem-Solver');
    expect(d.experience?.[2]).toEqual({
      company: 'Beta GmbH',
      position: 'Developer',
      dates: '2019 - 2022',
      description: ['Stack: Go, Terraform, AWS (EC2, S3)'],
      technologies: ['Go', 'Terraform', 'AWS (EC2, S3)'],
    });
  });

  it('reads a section under a heading of no known word by its content', () => {
    const main = enMain.map((rows) =>
      rows.map((r): Row => (r[0] === 'Experience' ? ['Werdegang', r[1], r[2]] : r)),
    );
    const d = structure(exportDoc(enSide, main));
    expect(d.experience?.map((e) => [e.company, e.position])).toEqual([
      ['Acme Cloud', 'Senior Platform Engineer'],
      ['Acme Cloud', 'Platform Engineer'],
      ['Beta GmbH', 'Developer'],
    ]);
  });
});

describe('the generated LinkedIn family, printed by Chromium', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'folio-linkedin-test-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it.skipIf(!hasChromium())(
    'reads every field of each interface language as its gold has it',
    async () => {
      const family = familyByName('linkedin-save-to-pdf');
      await generateCorpus({ outDir: tmp, families: [family], perFamily: 8 });
      const dir = path.join(tmp, family.name);
      const docs = readdirSync(path.join(dir, 'docs')).sort();
      expect(docs.map((f) => f.replace(/^.*-(\w\w)\.pdf$/, '$1'))).toEqual([
        'en',
        'de',
        'fr',
        'es',
        'pt',
        'it',
        'nl',
        'pl',
      ]);
      for (const f of docs) {
        const gold = JSON.parse(
          readFileSync(path.join(dir, 'gold', f.replace(/\.pdf$/, '.gold.json')), 'utf8'),
        ) as ResumeData;
        const got = await parseResume(
          new Uint8Array(readFileSync(path.join(dir, 'docs', f))),
          nodePdfAssets(),
        );
        expect(got, f).toEqual(gold);
      }
    },
  );
});
