import { describe, expect, it } from 'vitest';
import { takeDate } from './dates.ts';
import { parseResume } from './index.ts';
import { structure } from './structure.ts';
import { docx } from './testing.node.ts';
import type { Line, Segment } from './types.ts';

/*
 * Signals of layout that hold across documents: icons before headings and between head parts,
 * dates written in lower case, the page header of a Word file, and one layout per section.
 */

let y = 0;
function line(
  parts: [string, number][],
  opts: { bold?: boolean; size?: number; gap?: number; bullet?: boolean } = {},
): Line {
  const size = opts.size ?? 10;
  const segs: Segment[] = parts.map(([text, x]) => ({
    text,
    x,
    x2: x + text.length * size * 0.45,
    size,
    bold: !!opts.bold,
  }));
  y += 13;
  return { segs, page: 1, y, gap: opts.gap ?? 1.1, bullet: !!opts.bullet, colX: 40, colW: 520 };
}
const at = (text: string, opts: Parameters<typeof line>[1] = {}) => line([[text, 40]], opts);
const resume = (lines: Line[]) =>
  structure({
    kind: 'pdf',
    links: [],
    lines: [at('Jan Hoffmann', { size: 18, gap: 10 }), at('jan@example.org'), ...lines],
  });

describe('an icon before a heading', () => {
  it('is no list item: "◆ BERUFSERFAHRUNG", letter-spaced or not, opens its section', () => {
    const parsed = resume([
      // extraction reads the icon as a list glyph
      at('BERUFSERFAHRUNG', { bold: true, gap: 2.4, bullet: true }),
      at('Küchenchefin', { bold: true }),
      at('Maison Lumière AG'),
      at('10.2022 – 08.2024'),
      at('Führung eines Teams von 12 Mitarbeitenden', { bullet: true }),
      at('S P R A C H E N', { bold: true, gap: 2.4, bullet: true }),
      at('Deutsch'),
      at('Englisch'),
    ]);
    expect(parsed.experience).toEqual([
      expect.objectContaining({
        position: 'Küchenchefin',
        company: 'Maison Lumière AG',
        dates: '10.2022 – 08.2024',
      }),
    ]);
    expect(parsed.verbal_languages).toEqual(['Deutsch', 'Englisch']);
  });

  it('leaves a list item that only starts with a heading word a list item', () => {
    const parsed = resume([
      at('EXPERIENCE', { bold: true, gap: 2.4 }),
      at('Data Analyst', { bold: true }),
      at('Northwind Ltd.'),
      at('2019 – 2021'),
      at('Skills workshops run for new analysts every quarter', { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Skills workshops run for new analysts every quarter',
    ]);
    expect(parsed.skills).toBeUndefined();
  });
});

describe('icons between the parts of an entry head', () => {
  it('set the parts apart like separators: "◷ 11.2024 – 02.2026 ⌂ 80331 München"', () => {
    const parsed = resume([
      at('BERUFSERFAHRUNG', { bold: true, gap: 2.4 }),
      at('Küchenchefin', { bold: true }),
      at('The Grand Harbour Hotel GmbH'),
      at('◷ 11.2024 – 02.2026 ⌂ 80331 München'),
      at('Planung der Menüs für drei Standorte', { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Küchenchefin',
      company: 'The Grand Harbour Hotel GmbH',
      dates: '11.2024 – 02.2026',
      location: '80331 München',
    });
  });
});

describe('dates as other languages write them', () => {
  it.each([
    ['ene. 2025 – Actualidad'],
    ['janv. 2020 – aujourd’hui'],
    ['mrt. 2020 – heden'],
    ['gen. 2019 – in corso'],
    ['Mär. 2020 – heute'],
    ['févr. 2020 – en cours'],
    ['mag 2018 - ott 2019'],
  ])('reads "%s" whole', (printed) => {
    expect(takeDate(printed)).toEqual({ date: printed, rest: '' });
  });

  it('keeps a date line that starts in lower case in the head of its entry', () => {
    const parsed = resume([
      at('EXPERIENCIA', { bold: true, gap: 2.4 }),
      at('Key Account Manager', { bold: true }),
      at('Vertex Industrial Supply S.L., Madrid, España'),
      at('ene. 2025 – Actualidad'),
      at('Implantación de nuevos procesos de venta', { bullet: true }),
      at('Comercial', { bold: true, gap: 1.9 }),
      at('Nordic Home Goods SL, 48001 Bilbao'),
      at('nov. 2022 – dic. 2024'),
      at('Atención a más de 11 clientes', { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.dates, e.description])).toEqual([
      [
        'Key Account Manager',
        'ene. 2025 – Actualidad',
        ['Implantación de nuevos procesos de venta'],
      ],
      ['Comercial', 'nov. 2022 – dic. 2024', ['Atención a más de 11 clientes']],
    ]);
  });
});

describe('one layout per section', () => {
  it('reads a head whose words cannot tell role from employer in the order the others show', () => {
    const entry = (role: string, org: string, dates: string) => [
      at(role, { bold: true, gap: 1.9 }),
      at(org),
      at(dates),
      at('Handled the work of the team', { bullet: true }),
    ];
    const parsed = resume([
      at('EXPERIENCE', { bold: true, gap: 2.4 }),
      ...entry('HR Business Partner', 'Ironwood Manufacturing Inc.', '2024 - Present'),
      ...entry('HR Generalist', 'Nova Talent', '2020 - 2021'),
      ...entry('Talent Acquisition Partner', 'Silverline Logistics Inc.', '2017 - 2019'),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.company])).toEqual([
      ['HR Business Partner', 'Ironwood Manufacturing Inc.'],
      ['HR Generalist', 'Nova Talent'],
      ['Talent Acquisition Partner', 'Silverline Logistics Inc.'],
    ]);
  });
});

describe("a Word file's page header", () => {
  it('is read first: the name and contact details set there reach the contact block', async () => {
    const bytes = await docx(
      [
        '# Experience',
        'Postdoctoral Researcher\tInstitute for Applied Physics\t2023 – Present',
        '- Supervised six master students',
      ],
      { header: ['Nina Favre', 'nina.favre@example.ch | 077 881 42 36'], headerKinds: 3 },
    );
    const parsed = await parseResume(bytes);
    expect(parsed.contact).toMatchObject({
      name: 'Nina Favre',
      email: 'nina.favre@example.ch',
      phone: '077 881 42 36',
    });
    // first-page, odd and even headers repeat each other: read once
    expect(JSON.stringify(parsed).match(/Nina Favre/g)).toHaveLength(1);
  });
});

describe('a Chinese entry head', () => {
  it('is split into its parts at the spaces between Chinese words', () => {
    const parsed = resume([
      at('工作经历', { size: 12, gap: 2.7 }),
      line([
        ['厨师长 杭州西湖国宾馆 杭州市', 40],
        ['2024年2月至今', 420],
      ]),
      at('分析业务需求并向管理层提出改进方案', { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: '厨师长',
      company: '杭州西湖国宾馆',
      location: '杭州市',
      dates: '2024年2月至今',
    });
  });
});

describe('section labels in a left rail', () => {
  const at2 = (
    text: string,
    x: number,
    top: number,
    opts: { bold?: boolean; gap?: number; colX?: number } = {},
  ): Line => ({
    segs: [{ text, x, x2: x + text.length * 4.5, size: 10, bold: !!opts.bold }],
    page: 1,
    y: top,
    gap: opts.gap ?? 1.3,
    bullet: false,
    colX: opts.colX ?? 40,
    colW: 520,
  });

  it('centred beside the first lines of their section, open it before those lines', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        at2('Emma Bakker', 40, 40, { bold: true, gap: 10 }),
        at2('emma@example.nl', 40, 60),
        // the label sits lower than the first line beside it, so it is read after it
        at2('Docent wiskunde   Jun. 2023 - heden', 153, 100, { bold: true, gap: 2.1 }),
        at2('WERKERVARING', 40, 106, { bold: true, gap: 0.6 }),
        at2('Riverside High School B.V., Amsterdam', 153, 113, { gap: 0.6 }),
        at2('Analyseren van wensen voor het management', 153, 126),
      ],
    });
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Docent wiskunde',
      company: 'Riverside High School B.V.',
      dates: 'Jun. 2023 - heden',
    });
  });

  it('read as a column of their own, go back between the lines of their sections', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        at2('Nicolas Baumann', 40, 40, { bold: true, gap: 10 }),
        at2('nicolas@example.ch', 40, 60),
        at2('AUSBILDUNG:', 40, 100, { bold: true }),
        at2('BERUFSERFAHRUNG:', 40, 160, { bold: true, gap: 4 }),
        at2('SPRACHEN:', 40, 230, { bold: true, gap: 5 }),
        at2('B.Sc. in Pflegewissenschaft   2011 – 2014', 153, 100, { colX: 143, gap: 10 }),
        at2('Universität Bern', 153, 113, { colX: 143 }),
        at2('Stationsleitung   02.2024 – heute', 153, 160, { colX: 143, gap: 3.5 }),
        at2('Riverside General Hospital GmbH', 153, 173, { colX: 143 }),
        at2('Deutsch, Französisch', 153, 230, { colX: 143, gap: 4 }),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({ institution: 'Universität Bern' });
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Stationsleitung',
      company: 'Riverside General Hospital GmbH',
    });
    expect(parsed.verbal_languages).toEqual(['Deutsch', 'Französisch']);
  });
});

describe('Word heading styles', () => {
  it('read an entry title set in a lower heading level as a head line of its section', async () => {
    const parsed = await parseResume(
      await docx([
        'Hannah Okafor',
        'hannah.okafor@example.co.uk',
        '# Work Experience',
        '### Marketing Manager',
        'Greenfield Foods Ltd, Leeds — March 2020 to present',
        '- Planned and ran campaigns for four product launches',
        '- Grew newsletter subscribers from 8,000 to 21,000',
        '### Marketing Executive',
        'Brightside Travel, York — June 2016 to February 2020',
        '- Wrote copy for the website and brochures',
        '# Skills',
        'HubSpot, Copywriting',
      ]),
    );
    expect(parsed.experience?.map((e) => [e.position, e.dates, e.description?.length])).toEqual([
      ['Marketing Manager', 'March 2020 to present', 2],
      ['Marketing Executive', 'June 2016 to February 2020', 1],
    ]);
    expect(parsed.custom ?? []).toEqual([]);
  });
});
