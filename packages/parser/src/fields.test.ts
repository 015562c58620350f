import { describe, expect, it } from 'vitest';
import { takeDate } from './dates.ts';
import { headParts, namedToolList } from './entries.ts';
import { parseProject, roleCommaEmployer, toolsInParens } from './fields.ts';
import { dropListNumbers } from './lists.ts';
import { WRAPPED_SENTENCE } from './text.ts';
import { companyScore, DEGREE, INSTITUTION, roleScore, townPart, VENUE } from './head-words.ts';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

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

/** A resume of a name, an e-mail address and one section under `heading`. */
const doc = (lines: Line[], heading = 'EXPERIENCE') =>
  structure({
    kind: 'pdf',
    links: [],
    lines: [
      line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
      line([['theo@example.org', 40]]),
      line([[heading, 40]], { bold: true, gap: 2.3 }),
      ...lines,
    ],
  });

describe('a head that reads only as a place', () => {
  it('still names the entry: nothing of it is dropped', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['2019', 40],
          ['Staplerschein, IHK Köln', 120],
        ]),
      ],
    });
    const [entry] = parsed.education ?? [];
    expect(entry?.dates).toBe('2019');
    expect([entry?.degree, entry?.institution, entry?.field_of_study].join(' ')).toContain(
      'Staplerschein',
    );
  });
});

describe('items whose list glyphs are shapes', () => {
  it('reads lines set deeper than a head of two lines as its items, the first one too', () => {
    const parsed = doc([
      line([
        ['Riverside Dental Clinic, Austin, TX', 40],
        ['June 2021 - Present', 420],
      ]),
      line([['Office Manager', 40]]),
      line([['Scheduled appointments for four dentists', 70]]),
      line([['Reduced billing errors by 30%', 70]]),
      line([
        ['Hill Country Grocers, Round Rock, TX', 40],
        ['May 2018 - May 2021', 420],
      ]),
      line([['Shift Supervisor', 40]]),
      line([['Trained new cashiers', 70]]),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.description])).toEqual([
      [
        'Office Manager',
        ['Scheduled appointments for four dentists', 'Reduced billing errors by 30%'],
      ],
      ['Shift Supervisor', ['Trained new cashiers']],
    ]);
  });
});

describe('items drawn as shapes under a head of one line', () => {
  it("reads lines at the items' edge of the entry above as this entry's items", () => {
    const parsed = doc([
      line([
        ['Responsabile amministrativa – Officine Ravelli S.r.l., Modena', 40],
        ['gen 2020 – oggi', 440],
      ]),
      line([['Gestione della contabilità generale', 58]]),
      line([['Coordinamento di un gruppo di tre impiegati', 58]]),
      line([
        ['Impiegata contabile – Studio Bertoni e Associati, Bologna', 40],
        ['mar 2016 – dic 2019', 440],
      ]),
      line([['Tenuta dei registri IVA per quaranta clienti', 58]]),
      line([['Preparazione dei bilanci di esercizio', 58]]),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.description])).toEqual([
      [
        'Officine Ravelli S.r.l.',
        ['Gestione della contabilità generale', 'Coordinamento di un gruppo di tre impiegati'],
      ],
      [
        'Studio Bertoni e Associati',
        ['Tenuta dei registri IVA per quaranta clienti', 'Preparazione dei bilanci di esercizio'],
      ],
    ]);
  });

  it('keeps a school set deeper under "Degree, Field   dates" in the head', () => {
    const parsed = doc(
      [
        line([['2012 – 2014 MSc, Natuurkunde', 100]]),
        line([['Rijksuniversiteit Groningen', 160]]),
        line([['2009 – 2012 BSc, Natuurkunde', 100]]),
        line([['Rijksuniversiteit Leiden', 160]]),
      ],
      'EDUCATION',
    );
    expect(parsed.education?.map((e) => e.institution)).toEqual([
      'Rijksuniversiteit Groningen',
      'Rijksuniversiteit Leiden',
    ]);
  });

  it('reads a line an em deeper than a head whose date stands in a rail as its item', () => {
    const parsed = doc([
      line([
        ['04/2021 – heute', 40],
        ['Werkstudent Softwareentwicklung', 180],
      ]),
      line([['Nordlicht Logistik GmbH, Hamburg', 180]]),
      line([['Entwicklung von Schnittstellen für das', 192]]),
      line([['Lagerverwaltungssystem', 192]]),
      line([['Einführung automatisierter Tests', 192]]),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Nordlicht Logistik GmbH',
      position: 'Werkstudent Softwareentwicklung',
    });
    expect(parsed.experience?.[0]?.description?.[0]).toMatch(/^Entwicklung von Schnittstellen/);
  });
});

describe('a place of work named before its city', () => {
  it('reads "Venue and Co, City, Region" as the employer and its place', () => {
    const parsed = doc([
      line([
        ['Copper Kettle Bar and Grill, Dayton, Ohio', 40],
        ['June 2016 - May 2018', 420],
      ]),
      line([['Bartender', 40]]),
      line([['Served up to 120 guests a night during weekend shifts.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience).toEqual([
      {
        company: 'Copper Kettle Bar and Grill',
        position: 'Bartender',
        location: 'Dayton, Ohio',
        dates: 'June 2016 - May 2018',
        description: ['Served up to 120 guests a night during weekend shifts.'],
      },
    ]);
  });
  it('keeps a three-part place as the location', () => {
    const parsed = doc([
      line([
        ['Riverside Logistics', 40],
        ['2019 - 2021', 450],
      ]),
      line([
        ['Dispatcher', 40],
        ['Rio de Janeiro, RJ, Brazil', 420],
      ]),
      line([['Planned routes for a fleet of 30 vans.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.location).toBe('Rio de Janeiro, RJ, Brazil');
    expect(parsed.experience?.[0]?.company).toBe('Riverside Logistics');
  });
});

describe('an employer name ending in an abbreviation', () => {
  it('heads its entry, stacked over role, place and dates', () => {
    const parsed = doc([
      line([['Brightline Tools Inc.', 40]], { gap: 2.5 }),
      line([['Platform Engineer', 40]], { gap: 1.8 }),
      line([['Portland, OR', 40]], { gap: 1.8 }),
      line([['March 2018 to Present', 40]], { gap: 1.8 }),
      line([['Cut deploy times in half by moving builds to a shared cache.', 52]], {
        bullet: true,
        gap: 2,
      }),
    ]);
    expect(parsed.experience).toEqual([
      {
        company: 'Brightline Tools Inc.',
        position: 'Platform Engineer',
        location: 'Portland, OR',
        dates: 'March 2018 to Present',
        description: ['Cut deploy times in half by moving builds to a shared cache.'],
      },
    ]);
  });
});

describe('an employer followed by its town after a comma', () => {
  it('reads a postcode and town, or a bare town after an organisation, as the place', () => {
    const parsed = doc([
      line([['Wissenschaftlicher Mitarbeiter', 40]], { bold: true, gap: 2.5 }),
      line([
        ['Harbourside Legal AG, 8001 Zürich', 40],
        ['2021 - 2024', 450],
      ]),
      line([['Drafted contracts for 40 clients.', 52]], { bullet: true }),
      line([['Research Assistant', 40]], { bold: true, gap: 2.5 }),
      line([
        ['Centre for Marine Studies Ltd, Lisboa', 40],
        ['2019 - 2021', 450],
      ]),
      line([['Ran field surveys along the coast.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.location])).toEqual([
      ['Harbourside Legal AG', '8001 Zürich'],
      ['Centre for Marine Studies Ltd', 'Lisboa'],
    ]);
  });
  it('keeps a unit of the organisation with the role', () => {
    const parsed = doc([
      line([
        ['Undergraduate Research Student, Science Department', 40],
        ['2019 - 2021', 450],
      ]),
      line([['Ran field surveys along the coast.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.location).toBeUndefined();
  });
});

describe('a role and an employer in another language', () => {
  it('tells the role from the company by job-title nouns and legal forms', () => {
    const parsed = doc([
      line([['Responsable de logística', 40]], { bold: true, gap: 2.5 }),
      line([
        ['Harbourgate Freight S.L., Valencia', 40],
        ['2021 - 2024', 450],
      ]),
      line([['Coordiné 12 rutas semanales.', 52]], { bullet: true }),
      line([['Oakfield Trading B.V.', 40]], { bold: true, gap: 2.5 }),
      line([
        ['Projectleider', 40],
        ['2018 - 2021', 450],
      ]),
      line([['Leidde een team van vijf.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.company])).toEqual([
      ['Responsable de logística', 'Harbourgate Freight S.L.'],
      ['Projectleider', 'Oakfield Trading B.V.'],
    ]);
  });
});

describe('a degree and its field set apart by a comma', () => {
  it('reads "Ph.D., Physics" as the degree and field, not as a place', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Ph.D., Physics', 40],
            ["Oct '07 - Jun '11", 450],
          ],
          { bold: true },
        ),
        line([['University of Western Australia', 40]]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      degree: 'Ph.D.',
      field_of_study: 'Physics',
      institution: 'University of Western Australia',
    });
  });
  it('keeps "Boston, MA" as a place', () => {
    const parsed = doc([
      line([
        ['Harbor Analytics Inc.', 40],
        ['Boston, MA', 300],
        ['2019 - 2021', 450],
      ]),
      line([['Data Analyst', 40]]),
      line([['Built weekly revenue reports.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.location).toBe('Boston, MA');
  });
});

describe('the field before the degree, and a school with its faculty', () => {
  const education = (head: Line[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        ...head,
      ],
    }).education?.[0];
  it('reads "Computer Science, B.S." as the field and the degree, not as a place', () => {
    expect(
      education([
        line([
          ['Northfield University', 40],
          ['2015 – 2018', 450],
        ]),
        line([['Computer Science, B.S.', 40]]),
      ]),
    ).toMatchObject({
      institution: 'Northfield University',
      degree: 'B.S.',
      field_of_study: 'Computer Science',
    });
  });
  it('keeps a university and its college together, then the major and the degree', () => {
    expect(
      education([
        line([
          ['2012.09 - 2016.06', 40],
          ['江南大学，信息学院，软件工程，学士', 140],
        ]),
      ]),
    ).toMatchObject({
      institution: '江南大学，信息学院',
      field_of_study: '软件工程',
      degree: '学士',
      dates: '2012.09 - 2016.06',
    });
  });
  it('reads the field from the degree printed again beside the school', () => {
    expect(
      education([
        line([
          ['PhD', 40],
          ['Northfield University, PhD in Physics – Leeds, UK', 90],
          ['2015 – 2018', 450],
        ]),
      ]),
    ).toMatchObject({
      institution: 'Northfield University',
      degree: 'PhD',
      field_of_study: 'Physics',
    });
  });
  it('sets parts apart at a semicolon, and reads labelled parts by their label', () => {
    expect(
      education([
        line([
          ['Marine Biology; Northfield University', 40],
          ['2015 – 2018', 450],
        ]),
        line([['M.Sc.', 40]]),
      ]),
    ).toMatchObject({
      institution: 'Northfield University',
      field_of_study: 'Marine Biology',
      degree: 'M.Sc.',
    });
    expect(
      education([
        line([['Hochschule: Technische Hochschule Lübeck', 40]]),
        line([
          ['Abschluss: Bachelor', 40],
          ['2015 – 2018', 450],
        ]),
      ]),
    ).toMatchObject({ institution: 'Technische Hochschule Lübeck', degree: 'Bachelor' });
  });
  it('reads degrees by their names in other languages, the field after the last "in"', () => {
    const degreeOf = (text: string) =>
      education([
        line([
          ['Università di Bologna', 40],
          ['2015 – 2018', 450],
        ]),
        line([[text, 40]]),
      ]);
    expect(degreeOf('Dottorato di ricerca in Fisica')).toMatchObject({
      degree: 'Dottorato di ricerca',
      field_of_study: 'Fisica',
    });
    expect(degreeOf('Dr. rer. nat. in Physik')).toMatchObject({
      degree: 'Dr. rer. nat.',
      field_of_study: 'Physik',
    });
    expect(degreeOf('Graduação em Gestão')).toMatchObject({
      degree: 'Graduação',
      field_of_study: 'Gestão',
    });
  });
  it('starts the next entry where the bold title line of the first comes back', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['Master of Science, Pharmacy', 40]], { bold: true }),
        line([['University of Edinburgh', 40]]),
        line([['2017 — 2019 · Cardiff', 40]]),
        line([['BSc, Pharmacy', 40]], { bold: true, gap: 1.3 }),
        line([['University of Leeds', 40]]),
        line([['2014 — 2017', 40]]),
      ],
    });
    expect(parsed.education?.map((e) => [e.degree, e.institution, e.dates])).toEqual([
      ['Master of Science', 'University of Edinburgh', '2017 — 2019'],
      ['BSc', 'University of Leeds', '2014 — 2017'],
    ]);
  });
  it('reads a template’s placeholder years as the dates', () => {
    expect(
      education([
        line([
          ['Northfield University', 40],
          ['YYYY – YYYY', 450],
        ]),
        line([['B.A. in History', 40]]),
      ]),
    ).toMatchObject({ institution: 'Northfield University', dates: 'YYYY – YYYY' });
  });
});

describe('what an experience head says besides role and employer', () => {
  it('leaves out how long it lasted, and reads a way of working after the employer as the place', () => {
    const e = doc([
      line([
        ['CEO/President, Pied Piper, Remote', 40],
        ['1 year', 380],
        ['2013 - 2014', 450],
      ]),
      line([['Built a compression platform.', 52]], { bullet: true }),
    ]).experience?.[0];
    expect(e).toMatchObject({
      position: 'CEO/President',
      company: 'Pied Piper',
      location: 'Remote',
      dates: '2013 - 2014',
    });
  });
  it('reads "Role, Employer, Town." printed in one run', () => {
    const e = doc([
      line([
        ['2005–2006', 40],
        ['Mathematics tutor, NLU, Louvain-la-Neuve.', 100],
      ]),
      line([['Supervised practical sessions for a numerical methods course.', 100]]),
    ]).experience?.[0];
    expect(e).toMatchObject({
      position: 'Mathematics tutor',
      company: 'NLU',
      location: 'Louvain-la-Neuve',
      dates: '2005–2006',
    });
  });
  it('reads a labelled employer and its town', () => {
    const e = doc([
      line([
        ['Arbeitgeber: Nordlicht Logistik, Hamburg', 40],
        ['2016 - 2019', 450],
      ]),
      line([['Disponent', 40]]),
      line([['Planned routes for 30 vans.', 52]], { bullet: true }),
    ]).experience?.[0];
    expect(e).toMatchObject({
      company: 'Nordlicht Logistik',
      location: 'Hamburg',
      position: 'Disponent',
    });
  });
});

describe('a bare town among the head parts', () => {
  it('becomes the place, leaving the role and the employer', () => {
    const parsed = doc([
      line(
        [
          ['Delta Structures Ltd.', 40],
          ['Chennai', 500],
        ],
        { bold: true, gap: 2.5 },
      ),
      line([
        ['Senior Structural Engineer', 40],
        ['2023 - Present', 470],
      ]),
      line([['Reviewed drawings for buildability.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Delta Structures Ltd.',
      position: 'Senior Structural Engineer',
      location: 'Chennai',
    });
  });
});

describe('a town set at the right end of a head line', () => {
  it('is the place, and the part that merely reads like one stays the degree', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Hallam Institute', 40],
            ['Sheffield', 500],
          ],
          { bold: true, gap: 2 },
        ),
        line([
          ['Chemistry, Honours', 40],
          ['2014 – 2017', 470],
        ]),
        line([['EXPERIENCE', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Brightwater', 40],
            ['Leeds', 500],
          ],
          { bold: true, gap: 2 },
        ),
        line([
          ['Process Chemist', 40],
          ['2017 – 2021', 470],
        ]),
      ],
    });
    expect(parsed.education?.[0]).toEqual({
      institution: 'Hallam Institute',
      degree: 'Chemistry, Honours',
      dates: '2014 – 2017',
    });
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Brightwater',
      position: 'Process Chemist',
      location: 'Leeds',
    });
  });
});

describe('a role over an employer written with its place', () => {
  it('takes the first of three place parts as the employer when no employer was found', () => {
    const parsed = doc([
      line(
        [
          ['Científica de datos', 40],
          ['2019 - 2022', 450],
        ],
        { bold: true, gap: 2.5 },
      ),
      line([['Datavise, Barcelona, España', 40]]),
      line([['Modelé la demanda semanal.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Científica de datos',
      company: 'Datavise',
      location: 'Barcelona, España',
    });
  });
});

describe('degrees named in other languages', () => {
  it('reads "Dr.-Ing., Maschinenbau" as degree and field of study', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Dr.-Ing., Maschinenbau', 40],
            ['2010 - 2014', 450],
          ],
          { bold: true },
        ),
        line([['Universität Stuttgart', 40]]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      degree: 'Dr.-Ing.',
      field_of_study: 'Maschinenbau',
      institution: 'Universität Stuttgart',
    });
  });
});

describe('a template’s placeholders for the employer and the place', () => {
  it('read as the company and the location', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Nome Completo', 40]], { size: 18, gap: 10 }),
        line([['EXPERIÊNCIA', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Nome da Empresa', 40],
            ['Cidade, Estado/País', 400],
          ],
          { bold: true, gap: 2 },
        ),
        line(
          [
            ['Cargo', 40],
            ['2019 – 2021', 400],
          ],
          { gap: 1.2 },
        ),
      ],
    });
    expect(parsed.experience).toEqual([
      {
        company: 'Nome da Empresa',
        location: 'Cidade, Estado/País',
        position: 'Cargo',
        dates: '2019 – 2021',
      },
    ]);
  });
});

describe('placeholder years named as start and end', () => {
  it('are the dates of the entry', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Nome Completo', 40]], { size: 18, gap: 10 }),
        line([['EXPERIÊNCIA', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Cargo', 40],
            ['Ano de início – Ano de término', 400],
          ],
          { gap: 2 },
        ),
        line([['Responsável pelo time de dados.', 40]]),
        line(
          [
            ['Job title', 40],
            ['Start year – End year', 400],
          ],
          { gap: 2 },
        ),
      ],
    });
    expect(parsed.experience?.map((e) => e.dates)).toEqual([
      'Ano de início – Ano de término',
      'Start year – End year',
    ]);
  });
});

describe('a template’s placeholders and a head led by its dates', () => {
  const parsed = structure({
    kind: 'pdf',
    links: [],
    lines: [
      line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
      line([['theo@example.org', 40]]),
      line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
      line([['año–año Grado, Institución, Ciudad, Grade.', 40]], { gap: 2 }),
      line(
        [
          ['Degree, Institution, City, Grade.', 40],
          ['year–year', 470],
        ],
        { gap: 2 },
      ),
      line([['EXPERIENCE', 40]], { bold: true, gap: 2.3 }),
      line(
        [
          ['Job title, Employer, City.', 40],
          ['year–year', 470],
        ],
        { gap: 2 },
      ),
      line([['General description no longer than two lines.', 40]]),
    ],
  });
  it('reads each placeholder as the part it names', () => {
    expect(parsed.education?.map((e) => [e.dates, e.degree, e.institution])).toEqual([
      ['año–año', 'Grado', 'Institución'],
      ['year–year', 'Degree', 'Institution'],
    ]);
    // the grade's placeholder is the grade, not a field of study
    expect(parsed.education?.map((e) => [e.gpa, e.field_of_study])).toEqual([
      ['Grade', undefined],
      ['Grade', undefined],
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Job title',
      company: 'Employer',
      dates: 'year–year',
      description: ['General description no longer than two lines.'],
    });
  });
});

describe('an entry written without list glyphs or type styles (a .doc export)', () => {
  const parsed = doc([
    line([['Senior Financial Analyst', 40]], { gap: 1.2 }),
    line([['Northwind Capital - Jakarta', 40]], { gap: 1.2 }),
    line([['Jan 2021 - Present', 40]], { gap: 1.2 }),
    line([['Managed quarterly and annual statements under IFRS', 40]], { gap: 1.2 }),
    line([['Implemented a reporting dashboard for the finance team', 40]], { gap: 1.2 }),
    line([['Accountant', 40]], { gap: 1.2 }),
    line([['Harbour Foods - Bandung', 40]], { gap: 1.2 }),
    line([['Aug 2017 - Dec 2020', 40]], { gap: 1.2 }),
    line([['Prepared monthly reports for six business units', 40]], { gap: 1.2 }),
  ]);
  it('keeps a line led by a past-tense verb in the description, and reads "Employer - Town"', () => {
    expect(parsed.experience?.map((e) => [e.position, e.company, e.location])).toEqual([
      ['Senior Financial Analyst', 'Northwind Capital', 'Jakarta'],
      ['Accountant', 'Harbour Foods', 'Bandung'],
    ]);
    expect(parsed.experience?.[0]?.description).toContain(
      'Implemented a reporting dashboard for the finance team',
    );
  });
});

describe('a span of dates that wraps in its rail', () => {
  it('keeps its end with its start, out of the description', () => {
    const parsed = doc([
      line(
        [
          ['February 2006–', 40],
          ['Maintainer of a typesetting package, CTAN, World.', 140],
        ],
        { gap: 2 },
      ),
      line([
        ['current', 70],
        ['Maintains the package and answers its users.', 140],
      ]),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Maintainer of a typesetting package',
      company: 'CTAN',
      location: 'World',
      dates: 'February 2006–current',
      description: ['Maintains the package and answers its users.'],
    });
  });
});

describe('a bold head ending in an abbreviation, with its place beside it', () => {
  it('heads its entry, and a region code is no legal form', () => {
    const parsed = doc([
      line(
        [
          ['Senior Platform Engineer, CloudWorks Inc.', 40],
          ['Seattle, WA   Mar. 2019 – Present', 400],
        ],
        { bold: true, gap: 2 },
      ),
      line([['Designed the infrastructure on AWS for financial workloads.', 52]], {
        bullet: true,
      }),
      line(
        [
          ['Pixel & Form inc.', 40],
          ['Calgary, AB', 470],
        ],
        { bold: true, gap: 2 },
      ),
      line([
        ['Senior Product Designer', 40],
        ['Since May 2025', 460],
      ]),
      line([['Designed the visual identity for 15 brands', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.company, e.location])).toEqual([
      ['Senior Platform Engineer', 'CloudWorks Inc.', 'Seattle, WA'],
      ['Senior Product Designer', 'Pixel & Form inc.', 'Calgary, AB'],
    ]);
  });
});

describe('a few words and a full stop beside a date', () => {
  it('are the second line of the head, not a sentence of the description', () => {
    const parsed = doc([
      line(
        [
          ['Software Engineer', 40],
          ['UK', 500],
        ],
        { bold: true, gap: 2 },
      ),
      line([
        ['Tern and Finch.', 40],
        ['2019-2022', 480],
      ]),
      line([['Built the fleet telemetry pipeline in Rust.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Software Engineer',
      company: 'Tern and Finch',
      dates: '2019-2022',
      description: ['Built the fleet telemetry pipeline in Rust.'],
    });
  });
});

describe('projects in a numbered list', () => {
  it('are named without their numbers', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['PROJECTS', 40]], { bold: true, gap: 2.3 }),
        line([['1. Tide Tables', 40]], { gap: 2 }),
        line([['Predicts tides for small harbours.', 52]], { bullet: true }),
        line([['2. Parcel Router', 40]], { gap: 2 }),
        line([['Plans delivery rounds for bike couriers.', 52]], { bullet: true }),
      ],
    });
    expect(parsed.projects?.map((p) => p.name)).toEqual(['Tide Tables', 'Parcel Router']);
  });
});

describe('field, degree and a school named after a state', () => {
  it('keeps the degree and the school out of the place', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['Information Technology, Bachelor, University of Oklahoma', 40]], { gap: 2 }),
        line([['Jun, 2011 - Jan, 2014', 40]]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      institution: 'University of Oklahoma',
      degree: 'Bachelor',
    });
  });
});

describe('dates in a left rail', () => {
  it('keeps the lines under an entry’s text with it, wrapped parts joined', () => {
    const parsed = doc([
      line([
        ['2017 – 2019', 40],
        ['Kellnerin', 140],
      ]),
      line([['Arbeitgeber: Gasthaus Lindenhof (Hotel und Restaurant),', 140]]),
      line([['Salzburg', 140]]),
      line([
        ['2014 – 2015 and', 40],
        ['Ferialpraktikantin', 140],
      ]),
      line([['2016', 40]]),
      line([['Arbeitgeber: Stadtwerke Linz', 140]]),
    ]);
    expect(parsed.experience).toEqual([
      {
        company: 'Gasthaus Lindenhof (Hotel und Restaurant)',
        position: 'Kellnerin',
        location: 'Salzburg',
        dates: '2017 – 2019',
      },
      { company: 'Stadtwerke Linz', position: 'Ferialpraktikantin', dates: '2014 – 2015 and 2016' },
    ]);
  });
  it('reads each labelled line under a degree as its own item', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['2012 – 2014', 40],
          ['Master of Science in Geology', 140],
        ]),
        line([['Institution: Northfield University', 140]]),
        line([['Thesis: Sediment transport in braided rivers', 140]]),
        line([['Focus: Field methods and the mapping of river beds over three long', 140]]),
        line([['summers in the north.', 140]]),
        line([
          ['2008 – 2012', 40],
          ['Bachelor of Science in Geology', 140],
        ]),
        line([['Institution: Northfield University', 140]]),
      ],
    });
    expect(parsed.education).toEqual([
      {
        institution: 'Northfield University',
        degree: 'Master of Science',
        field_of_study: 'Geology',
        dates: '2012 – 2014',
        achievements: [
          'Thesis: Sediment transport in braided rivers',
          'Focus: Field methods and the mapping of river beds over three long summers in the north.',
        ],
      },
      {
        institution: 'Northfield University',
        degree: 'Bachelor of Science',
        field_of_study: 'Geology',
        dates: '2008 – 2012',
      },
    ]);
  });
});

describe('German degrees and schools', () => {
  const education = (head: Line[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['AUSBILDUNG', 40]], { bold: true, gap: 2.3 }),
        ...head,
      ],
    }).education;
  it('reads "Field, Dipl.-Ing." and "Field, BSc" as field and degree, not as a place', () => {
    expect(
      education([
        line([
          ['2016 – 2018', 40],
          ['Maschinenbau, Dipl.-Ing.', 140],
        ]),
        line([['Hochschule: Technische Universität Graz', 140]]),
        line([
          ['2013 – 2016', 40],
          ['Verfahrenstechnik, BSc', 140],
        ]),
        line([['Hochschule: Technische Universität Graz', 140]]),
      ]),
    ).toEqual([
      {
        institution: 'Technische Universität Graz',
        degree: 'Dipl.-Ing',
        field_of_study: 'Maschinenbau',
        dates: '2016 – 2018',
      },
      {
        institution: 'Technische Universität Graz',
        degree: 'BSc',
        field_of_study: 'Verfahrenstechnik',
        dates: '2013 – 2016',
      },
    ]);
  });
  it('reads the school after the label "Bildungseinrichtung" printed without its colon', () => {
    expect(
      education([
        line([
          ['2013 – 2016', 40],
          ['Verfahrenstechnik, BSc', 140],
        ]),
        line([['Bildungseinrichtung Technische Universität Graz', 140]]),
      ]),
    ).toEqual([
      {
        institution: 'Technische Universität Graz',
        degree: 'BSc',
        field_of_study: 'Verfahrenstechnik',
        dates: '2013 – 2016',
      },
    ]);
  });
  it('reads compound school words ("Realgymnasium", "Volksschule") as the school', () => {
    expect(
      education([
        line([
          ['2004 – 2012', 40],
          ['Bundesrealgymnasium Wels, Linz', 140],
        ]),
        line([
          ['2000 – 2004', 40],
          ['Volksschule, Steyr', 140],
        ]),
      ]),
    ).toEqual([
      { institution: 'Bundesrealgymnasium Wels', dates: '2004 – 2012' },
      { institution: 'Volksschule', dates: '2000 – 2004' },
    ]);
  });
});

describe('a German CV with its dates in a rail', () => {
  const cv = (lines: Line[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        ...lines,
      ],
    });
  it('reads "Promotion" and "Praktische Tätigkeiten" as education and experience', () => {
    const parsed = cv([
      line([['Promotion', 40]], { bold: true, size: 14, gap: 2.3 }),
      line([
        ['März 2019', 40],
        ['Doktor der Zahnmedizin Dr. med. dent.', 140],
      ]),
      line([['Studium', 40]], { bold: true, size: 14, gap: 2.3 }),
      line([
        ['2010 – 2016', 40],
        ['Studium Diplom-Biologie', 140],
      ]),
      line([['an der Universität Leipzig', 140]]),
      line([['Praktische Tätigkeiten', 40]], { bold: true, size: 14, gap: 2.3 }),
      line([
        ['2008 – 2009 und', 40],
        ['Zahnarztpraxis Dr. Weber, Leipzig', 140],
      ]),
      line([['2011 – 2012', 40]]),
    ]);
    expect(parsed.education).toEqual([
      { degree: 'Doktor der Zahnmedizin Dr. med. dent', dates: 'März 2019' },
      {
        institution: 'Universität Leipzig',
        degree: 'Studium Diplom-Biologie',
        dates: '2010 – 2016',
      },
    ]);
    expect(parsed.experience).toEqual([
      {
        company: 'Zahnarztpraxis Dr. Weber',
        location: 'Leipzig',
        dates: '2008 – 2009 und 2011 – 2012',
      },
    ]);
  });
  it('reads the school after "at the" apart from the degree', () => {
    const parsed = cv([
      line([['Education', 40]], { bold: true, size: 14, gap: 2.3 }),
      line([
        ['2010 – 2016', 40],
        ['Diploma in Biology at the University of Leipzig', 140],
      ]),
    ]);
    expect(parsed.education).toEqual([
      {
        institution: 'University of Leipzig',
        degree: 'Diploma',
        field_of_study: 'Biology',
        dates: '2010 – 2016',
      },
    ]);
  });
});

describe('a bold title closed by a colon, and a list after a colon', () => {
  it('reads the title as the role and the deeper lines after "…:" as items', () => {
    const parsed = doc([
      line([['Platform Lead:', 40]], { bold: true, gap: 2 }),
      line([['Ran the platform group and its on-call rotation. Main duties were:', 40]]),
      line([['Capacity Planning', 60]]),
      line([['Incident Reviews', 60]]),
      line([['Site Reliability Engineer:', 40]], { bold: true, gap: 2 }),
      line([['Kept the payment services up.', 40]]),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.description])).toEqual([
      [
        'Platform Lead:',
        [
          'Ran the platform group and its on-call rotation. Main duties were:',
          'Capacity Planning',
          'Incident Reviews',
        ],
      ],
      ['Site Reliability Engineer:', ['Kept the payment services up.']],
    ]);
  });
});

describe('a long line of short head parts under a date', () => {
  it('is the head of the entry, not its first item', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['2014-2017', 40]], { bold: true }),
        line([
          [
            'BSc, Mechanical and Aerospace Systems Engineering; University of West Leeds (Leeds)',
            40,
          ],
        ]),
        line([['Final project on wing flutter.', 40]]),
      ],
    });
    expect(parsed.education).toEqual([
      {
        institution: 'University of West Leeds (Leeds)',
        degree: 'BSc',
        field_of_study: 'Mechanical and Aerospace Systems Engineering',
        dates: '2014-2017',
        achievements: ['Final project on wing flutter.'],
      },
    ]);
  });
});

describe('a lead-in set out left of the bullets', () => {
  it('is an item of its own, not the end of the bullet above', () => {
    const parsed = doc([
      line([
        ['Harbor Analytics Inc.', 40],
        ['2019 - 2021', 450],
      ]),
      line([['Data Analyst', 40]]),
      line([['Main duties:', 40]]),
      line([['built weekly revenue reports', 56]], { bullet: true }),
      line([['Further tasks:', 40]]),
      line([['trained new hires', 56]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Main duties:',
      'built weekly revenue reports',
      'Further tasks:',
      'trained new hires',
    ]);
  });
});

describe('a description set smaller under a head whose date stands in a rail', () => {
  it('reads the smaller line as the description, not as a part of the head', () => {
    const parsed = doc([
      line(
        [
          ['2016 – 2018', 40],
          ['Barista, Copper Kettle, Dayton.', 140],
        ],
        { size: 11 },
      ),
      line([['Morning shift lead', 140]]),
      line([['Latte art classes', 140]]),
      line(
        [
          ['2014 – 2016', 40],
          ['Waiter, Blue Door Diner, Dayton.', 140],
        ],
        { size: 11 },
      ),
      line([['Weekend service', 140]]),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.description])).toEqual([
      ['Barista', expect.arrayContaining([expect.stringContaining('Morning')])],
      ['Waiter', ['Weekend service']],
    ]);
  });
  it('reads the smaller line under a head naming the role alone as its employer', () => {
    const parsed = doc([
      line(
        [
          ['2016 – 2018', 40],
          ['Field coordinator', 140],
        ],
        { size: 11 },
      ),
      line([['Harbour Trust', 140]]),
      line([['Planned the volunteer rota for the coastal clean-up over two summers.', 140]]),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Field coordinator',
      company: 'Harbour Trust',
    });
  });
});

describe('heads written as a sentence with their dates at the right', () => {
  it('starts a new entry at "Role, Employer, City." beside its dates after a description', () => {
    const parsed = doc([
      line([
        ['Barista, Copper Kettle, Dayton.', 40],
        ['2016 – 2018', 460],
      ]),
      line([['Ran the morning shift.', 40]]),
      line([
        ['Waiter, Blue Door Diner, Dayton.', 40],
        ['2014 – 2016', 460],
      ]),
      line([['Served the weekend tables.', 40]]),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.dates, e.description])).toEqual([
      ['Barista', '2016 – 2018', ['Ran the morning shift.']],
      ['Waiter', '2014 – 2016', ['Served the weekend tables.']],
    ]);
  });
  it('passes over a title set larger that groups the entries under it', () => {
    const parsed = doc([
      line([['Hospitality', 40]], { size: 12, bold: true }),
      line([
        ['Barista, Copper Kettle, Dayton.', 40],
        ['2016 – 2018', 460],
      ]),
      line([['Ran the morning shift.', 40]]),
      line([['Seasonal', 40]], { size: 12, bold: true }),
      line([
        ['Waiter, Blue Door Diner, Dayton.', 40],
        ['2014 – 2016', 460],
      ]),
    ]);
    const text = JSON.stringify(parsed.experience);
    expect(text).not.toContain('Hospitality');
    expect(text).not.toContain('Seasonal');
    expect(parsed.experience?.map((e) => e.position)).toEqual(['Barista', 'Waiter']);
  });
  it('passes over a title ruled out to the margin with leader dots', () => {
    const parsed = doc([
      line([['Hospitality . . . . . . . . . . . . . . . . . . . .', 40]]),
      line([['Copper Kettle', 40]], { bold: true }),
      line([
        ['Barista', 40],
        ['2016 – 2018', 460],
      ]),
      line([['Ran the morning shift.', 40]]),
    ]);
    expect(JSON.stringify(parsed.experience)).not.toContain('Hospitality');
    expect(parsed.experience?.map((e) => e.description)).toEqual([['Ran the morning shift.']]);
  });
});

describe('a description set smaller under a head naming role, employer and place', () => {
  it('reads the smaller lines as the description, not as the employer', () => {
    const parsed = doc([
      line(
        [
          ['Barista, Copper Kettle, Dayton.', 40],
          ['2016 – 2018', 460],
        ],
        { size: 11 },
      ),
      line([['Morning shift lead', 40]]),
      line([['Latte art classes', 40]]),
    ]);
    const [e] = parsed.experience ?? [];
    expect(e?.position).toBe('Barista');
    expect(JSON.stringify(e?.description)).toContain('Morning shift lead');
    expect(e?.company ?? '').not.toContain('Morning');
  });
  it('does so for a head after the description of the entry above it', () => {
    const head = (text: string, dates: string) =>
      line(
        [
          [text, 40],
          [dates, 460],
        ],
        { size: 11 },
      );
    const parsed = doc([
      head('Barista, Copper Kettle, Dayton.', '2016 – 2018'),
      line([['Ran the morning shift.', 40]]),
      head('Waiter, Blue Door Diner, Dayton.', '2014 – 2016'),
      line([['Weekend tables', 40]]),
    ]);
    const e = parsed.experience?.[1];
    expect(e?.position).toBe('Waiter');
    expect(e?.description).toEqual(['Weekend tables']);
    expect(JSON.stringify(e)).toContain('Blue Door Diner');
  });
});

describe('a head at the left of the list items above it, its date set apart', () => {
  it('starts the next entry, not a wrapped line of the last item', () => {
    const parsed = doc([
      line([
        ['Barista, Copper Kettle, Dayton.', 60],
        ['2016 – 2018', 460],
      ]),
      // the glyph and the item's text in one run: the run starts where the heads do, set in
      // from the column's edge
      line([['Ran the morning shift;', 60]], { bullet: true }),
      line([['Trained new staff.', 60]], { bullet: true }),
      line([
        ['Waiter, Blue Door Diner, Dayton.', 60],
        ['2014 – 2016', 460],
      ]),
      line([['Served the weekend tables.', 60]]),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.description])).toEqual([
      ['Barista', ['Ran the morning shift;', 'Trained new staff.']],
      ['Waiter', ['Served the weekend tables.']],
    ]);
  });
});

describe('a degree run together with its school, courses labelled in French', () => {
  it('splits "Degree Field University of Place" and reads "Cours principaux:" as courses', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['Bachelor Marine Biology University of Dayton', 40],
          ['sept. 2012 - juin 2015', 420],
        ]),
        line([['Cours principaux: Ecology, Statistics', 40]]),
      ],
    });
    expect(parsed.education).toEqual([
      expect.objectContaining({
        institution: 'University of Dayton',
        degree: 'Bachelor',
        field_of_study: 'Marine Biology',
        courses: ['Ecology', 'Statistics'],
      }),
    ]);
  });
});

describe('an introduction under the name, set apart from the place below it', () => {
  it('reads the paragraph as the summary and stops at the wide gap', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['Geologist', 40]], { size: 14, gap: 1.3 }),
        line([['Theo maps rivers and the sediments they carry across the', 40]], { gap: 3.7 }),
        line([['northern plains, and has taught field methods to students for', 40]], { gap: 1.5 }),
        line([['many summers in a row.', 40]], { gap: 1.5 }),
        line([['Dayton, United States', 40]], { gap: 3.5 }),
        line([['theo@example.org', 40]], { gap: 1.9 }),
        line([['EXPERIENCE', 40]], { bold: true, gap: 2.3 }),
        line([
          ['Field Geologist, Northfield Survey', 40],
          ['2016 – 2018', 460],
        ]),
      ],
    });
    expect(parsed.summary).toBe(
      'Theo maps rivers and the sediments they carry across the northern plains, and has taught field methods to students for many summers in a row.',
    );
  });
});

describe('a school named last in an education head', () => {
  it('is the institution, not a place ("Degree, Field, Name College")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['Sep 2015 - May 2017', 40]], { gap: 3 }),
        line([['Associate degree, Business Management, Fairmont College', 40]]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      degree: 'Associate degree',
      institution: 'Fairmont College',
    });
    expect(parsed.education?.[0]?.field_of_study).toBe('Business Management');
  });
});

describe('schools each over its date on a line of its own', () => {
  it('are one entry each, the second set apart by a wider gap than its date', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['Northbrook University — M.Sc. in Chemistry', 40]], { gap: 1.7 }),
        line([['2014 – 2016', 40]], { size: 8, gap: 1.4 }),
        line([['Kestrel College, Ashford — Bachelor of Science in Chemistry', 40]], { gap: 1.8 }),
        line([['2011 – 2014', 40]], { size: 8, gap: 1.4 }),
        line([['SKILLS', 40]], { bold: true, gap: 2.3 }),
        line([['Titration, Spectroscopy', 40]], { gap: 1.7 }),
      ],
    });
    expect(parsed.education?.map((e) => [e.institution, e.dates])).toEqual([
      ['Northbrook University', '2014 – 2016'],
      ['Kestrel College', '2011 – 2014'],
    ]);
  });
});

describe('items set without bullets, one per line', () => {
  it('are told from wrapped lines by the room the line above had left', () => {
    const parsed = doc([
      line([
        ['2019 – 2022', 40],
        ['Associate', 120],
      ]),
      line([['Harbor Legal LLP, Lisbon', 120]]),
      line([['Prepared memoranda on case law', 120]]),
      line([['Advised clients on commercial contracts, licensing deals and', 120]]),
      line([['Data protection across the group', 120]]),
      line([['Trained business teams on compliance', 120]]),
      line([
        ['2016 – 2019', 40],
        ['Paralegal', 120],
      ]),
      line([['Lindqvist Law, Porto', 120]]),
      line([['Managed a caseload of active files', 120]]),
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Prepared memoranda on case law',
      'Advised clients on commercial contracts, licensing deals and Data protection across the group',
      'Trained business teams on compliance',
    ]);
  });
});

describe('a head ending in an abbreviation, with no style to tell it by', () => {
  it('is a head, not a sentence ("Role, Employer Ltd." over its dates)', () => {
    const parsed = doc([
      line([['Purchasing Manager, Northgate Supplies Ltd.', 40]]),
      line([['since March 2021', 40]]),
      line([['Cut purchasing costs by a tenth', 40]], { bullet: true }),
      line([['Assistant Buyer, Elm & Rowe Pty. Ltd.', 40]]),
      line([['2018 – 2021', 40]]),
      line([['Kept the supplier list', 40]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.position, e.company, e.dates])).toEqual([
      ['Purchasing Manager', 'Northgate Supplies Ltd.', 'since March 2021'],
      ['Assistant Buyer', 'Elm & Rowe Pty. Ltd.', '2018 – 2021'],
    ]);
  });
});

describe('a plain head line "Role, Employer Ltd." after the bullets of the entry above', () => {
  it('starts the next entry: a full stop after a legal form ends no sentence', () => {
    const parsed = doc([
      line([['Payroll Officer, Harbourside Freight Ltd.', 40]]),
      line([['May 2019 – June 2021', 40]]),
      line([['Ran the monthly payroll for four sites', 40]], { bullet: true }),
      line([['Warehouse Manager, Northgate Mills Pvt. Ltd.', 40]]),
      line([['March 2016 – April 2019', 40]]),
      line([['Counted and reconciled the stock every quarter', 40]], { bullet: true }),
    ]);
    expect(
      parsed.experience?.map((e) => [e.position, e.company, e.dates, e.description?.length]),
    ).toEqual([
      ['Payroll Officer', 'Harbourside Freight Ltd.', 'May 2019 – June 2021', 1],
      ['Warehouse Manager', 'Northgate Mills Pvt. Ltd.', 'March 2016 – April 2019', 1],
    ]);
  });
});

describe('a role the lexicon does not know, a comma and an employer with its legal form', () => {
  it('are the position and the company, and the bare town under them the place', () => {
    const parsed = doc([
      line([['Stock Controller, Northgate Mills Pvt. Ltd.', 40]]),
      line([['March 2016 – April 2019', 40]]),
      line([['Bradford', 40]]),
      line([['Counted and reconciled the stock every quarter', 40]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Stock Controller',
      company: 'Northgate Mills Pvt. Ltd.',
      location: 'Bradford',
    });
  });
  it('keeps a name and its legal form together', () => {
    const parsed = doc([
      line([['Brightwater Supplies, Inc.', 40]]),
      line([['Stock Controller', 40]]),
      line([['March 2016 – April 2019', 40]]),
      line([['Counted and reconciled the stock every quarter', 40]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.company).toBe('Brightwater Supplies, Inc.');
  });
});

describe('a role and an employer set apart by a comma', () => {
  it('are split where one side says what it is', () => {
    expect(roleCommaEmployer('Stock Controller, Northgate Mills Pvt. Ltd.')).toEqual([
      'Stock Controller',
      'Northgate Mills Pvt. Ltd.',
    ]);
    expect(roleCommaEmployer('Sales Manager, Brightwater')).toEqual([
      'Sales Manager',
      'Brightwater',
    ]);
  });
  it('stay whole when both sides read as roles, or a side goes on in lower case', () => {
    expect(roleCommaEmployer('Brightwater Assistant, Assistant for Outreach')).toBeUndefined();
    expect(roleCommaEmployer('Olympiad, chosen by the National Society')).toBeUndefined();
    expect(roleCommaEmployer('Department of Physics, Leeds University')).toBeUndefined();
    expect(roleCommaEmployer('Brightwater Supplies, Inc.')).toBeUndefined();
  });
});

describe('a town with the code of its state or region', () => {
  it('is the place, set apart by a mark or followed by a postcode', () => {
    const parsed = doc([
      line([
        ['Harbourside Freight Pty Ltd, Hobart TAS 7000', 40],
        ['2019 - 2021', 450],
      ]),
      line([['Dispatcher', 40]]),
      line([['Planned routes for a fleet of 30 vans.', 52]], { bullet: true }),
      line([
        ['Northgate Mills Ltda., Natal/RN', 40],
        ['2016 - 2019', 450],
      ]),
      line([['Dispatcher', 40]]),
      line([['Planned routes for a fleet of 12 vans.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.location])).toEqual([
      ['Harbourside Freight Pty Ltd', 'Hobart TAS 7000'],
      ['Northgate Mills Ltda.', 'Natal/RN'],
    ]);
  });
  it('is no company with its legal form ("Acme AG", "Acme, SA")', () => {
    expect(townPart('Brightwater AG')).toBe(false);
    expect(townPart('Brightwater, SA')).toBe(false);
    expect(townPart('Hobart TAS 7000')).toBe(true);
  });
});

describe('bare names beside role and employer', () => {
  it('takes the one printed after the dates on their line as the place', () => {
    const parsed = doc([
      line([['Stock Controller', 40]], { bold: true }),
      line([['Northgate Mills Ltd', 40]]),
      line([
        ['◷ 2019 – 2021', 40],
        ['⌂', 120],
        ['Bradford', 130],
      ]),
      line([['Counted and reconciled the stock every quarter', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Stock Controller',
      company: 'Northgate Mills Ltd',
      location: 'Bradford',
    });
  });
});

describe('an employer and its town alone on the line under the role', () => {
  it('are the company and the place, unless the second name is a known region', () => {
    const parsed = doc([
      line([['2019 – 2021 Warehouse Manager', 40]]),
      line([['Northgate Mills, Bradford', 40]]),
      line([['Counted and reconciled the stock every quarter', 52]], { bullet: true }),
      line([['2016 – 2019 Warehouse Manager', 40]]),
      line([['Austin, Texas', 40]]),
      line([['Counted and reconciled the stock every month', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Northgate Mills',
      location: 'Bradford',
    });
    expect(parsed.experience?.[1]?.location).toBe('Austin, Texas');
  });
});

describe('a postcode and town beside one unsplit part, and a venue after a comma', () => {
  it('takes the postcode and town as the place in any case', () => {
    const parsed = doc([
      line([
        ['Préparateur de commandes, Northgate Mills', 40],
        ['2019 - 2021', 450],
      ]),
      line([['44000 Nantes', 40]]),
      line([['Prepared the orders of forty shops every week.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.location).toBe('44000 Nantes');
  });
  it('splits the one part left into two names, the role and the employer', () => {
    const parsed = doc([
      line([
        ['Préparateur de commandes, Northgate Mills', 40],
        ['2019 - 2021', 450],
      ]),
      line([['44000 Nantes', 40]]),
      line([['Prepared the orders of forty shops every week.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Préparateur de commandes',
      company: 'Northgate Mills',
    });
  });
  it('reads "Role, Name Hotel" as the role and the employer', () => {
    expect(roleCommaEmployer('Ajudante de cozinha, Harbour View Hotel')).toEqual([
      'Ajudante de cozinha',
      'Harbour View Hotel',
    ]);
  });
});

describe('a long head "Employer Ltd., Postcode Town — Role" after the bullets above', () => {
  it('starts the next entry, not a wrapped line of the last bullet', () => {
    const parsed = doc([
      line([['Harbourside Freight Ltd., 10115 Berlin — Dispatcher', 40]]),
      line([['05/2019-06/2021', 40]]),
      line([['Planned the routes of the regional fleet', 52]], { bullet: true }),
      line([['Northgate Mills Export Holdings S.A., 28004 Madrid — Senior Transport Planner', 40]]),
      line([['03/2016-04/2019', 40]]),
      line([['Counted and reconciled the stock every quarter', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.dates])).toEqual([
      ['Harbourside Freight Ltd.', '05/2019-06/2021'],
      ['Northgate Mills Export Holdings S.A.', '03/2016-04/2019'],
    ]);
  });
});

describe('an employer named over its roles, with a line on what it does', () => {
  it('gives each role the employer and its place, and the line to the first role', () => {
    const parsed = doc([
      line(
        [
          ['Harbour Freight Lines', 40],
          ['Leeds, UK', 430],
        ],
        { bold: true },
      ),
      line([['Short-sea shipping between the North Sea ports.', 40]], { size: 9 }),
      line([
        ['Operations Analyst', 40],
        ['2019 – 2021', 450],
      ]),
      line([['Responsible for…', 40]]),
      line([['Cut the average turnaround of a vessel by a day.', 52]], { bullet: true }),
      line([
        ['Planning Lead', 40],
        ['2021 – 2023', 450],
      ]),
      line([['Ran the weekly schedule for twelve vessels.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience).toMatchObject([
      {
        company: 'Harbour Freight Lines',
        position: 'Operations Analyst',
        location: 'Leeds, UK',
        dates: '2019 – 2021',
        description: [
          'Short-sea shipping between the North Sea ports.',
          'Responsible for…',
          'Cut the average turnaround of a vessel by a day.',
        ],
      },
      {
        company: 'Harbour Freight Lines',
        position: 'Planning Lead',
        location: 'Leeds, UK',
        dates: '2021 – 2023',
        description: ['Ran the weekly schedule for twelve vessels.'],
      },
    ]);
  });
});

describe('items set deeper than the head, without list glyphs', () => {
  it.each([
    ['at the items’ depth', 60],
    ['one em deeper than the head', 50],
  ])('keeps a short plain item set %s in its entry', (_, x) => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['PROJECTS', 40]], { bold: true, gap: 2.3 }),
        line([['Tidewatch', 40]], { gap: 2 }),
        line([['Wrote the alerting service for coastal gauges.', x]]),
        line([['Release notes and roadmap', x]]),
        line([['Fieldbook', 40]], { gap: 2 }),
        line([['Built an offline notebook for survey crews.', x]]),
      ],
    });
    expect(parsed.projects).toEqual([
      {
        name: 'Tidewatch',
        description: [
          'Wrote the alerting service for coastal gauges.',
          'Release notes and roadmap',
        ],
      },
      { name: 'Fieldbook', description: ['Built an offline notebook for survey crews.'] },
    ]);
  });
});

describe('a wrapped item whose line goes on past the end of its sentence', () => {
  it('keeps the line in its item, not as the head of a new entry', () => {
    const parsed = doc([
      line([
        ['Analyst, Harbour Freight, Leeds.', 40],
        ['2019 – 2022', 450],
      ]),
      line([
        [
          'Prepared the weekly freight report for the regional board, with forecasts of tonnage and berths for the North Sea',
          40,
        ],
      ]),
      line([
        ['Terminals, reviewed by the authority.', 40],
        ['See example.org/report.', 230],
      ]),
    ]);
    expect(parsed.experience).toHaveLength(1);
    expect(parsed.experience?.[0]?.description?.[0]).toMatch(/^Prepared .* authority\./);
  });
});

describe('a part set smaller after the end of a wrapped item', () => {
  it('is an item of its own', () => {
    const small = line([
      ['terminals, reviewed by the authority.', 40],
      ['See example.org/report.', 230],
    ]);
    const tail = small.segs[1];
    if (tail) tail.size = 8;
    const parsed = doc([
      line([
        ['Analyst, Harbour Freight, Leeds.', 40],
        ['2019 – 2022', 450],
      ]),
      line([
        [
          'Prepared the weekly freight report for the regional board, with forecasts of tonnage and berths for the North Sea',
          40,
        ],
      ]),
      small,
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Prepared the weekly freight report for the regional board, with forecasts of tonnage and berths for the North Sea terminals, reviewed by the authority.',
      'See example.org/report.',
    ]);
  });
  it('takes the link on the next line into a note cut short at its line’s end', () => {
    const small = line([
      ['terminals, reviewed by the authority.', 40],
      ['See', 230],
    ]);
    const tail = small.segs[1];
    if (tail) tail.size = 8;
    const parsed = doc([
      line([
        ['Analyst, Harbour Freight, Leeds.', 40],
        ['2019 – 2022', 450],
      ]),
      line([
        [
          'Prepared the weekly freight report for the regional board, with forecasts of tonnage and berths for the North Sea',
          40,
        ],
      ]),
      small,
      line([['example.org/report.', 40]], { size: 8 }),
    ]);
    expect(parsed.experience?.[0]?.description?.[1]).toBe('See example.org/report.');
  });
});

describe('an experience section that lists one line per role', () => {
  it('reads each list item as an entry, its role named after the organisation and unit', () => {
    const parsed = doc([
      line([['Coastal Institute, Data Lab, Research Engineer', 52]], { bullet: true }),
      line([['Tidewater Ltd, Survey Unit, Manager', 52]], { bullet: true }),
    ]);
    expect(parsed.experience).toEqual([
      { company: 'Coastal Institute, Data Lab', position: 'Research Engineer' },
      { company: 'Tidewater Ltd, Survey Unit', position: 'Manager' },
    ]);
  });
});

describe('a span in words where the document sets its dates', () => {
  it('is the entry’s dates, whole, when other heads print dates in that place', () => {
    const parsed = doc([
      line([
        ['Harbour Freight Lines · Analyst', 40],
        ['2016 – 2018', 450],
      ]),
      line([['Built the weekly freight report.', 52]], { bullet: true }),
      line([
        ['Coastal Survey Office · Surveyor', 40],
        ['2018 – 2020', 450],
      ]),
      line([['Mapped the estuary.', 52]], { bullet: true }),
      line([
        ['Tidewater Ltd · Lead', 40],
        ['Year 1 – Year 3', 430],
      ]),
      line([['Ran the survey crews.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[2]?.dates).toBe('Year 1 – Year 3');
  });
});

describe('a head stacked at the text column beside a rail date, closed by a town', () => {
  it('reads employer, role and place', () => {
    const parsed = doc([
      line([
        ['1901–1905', 40],
        ['Kunstgewerbeschule', 140],
      ]),
      line([['Lehrer für Zeichnen', 140]]),
      line([['Weimar', 140]]),
      line([
        ['1895–1901', 40],
        ['Stadtbauamt', 140],
      ]),
      line([['Zeichner', 140]]),
      line([['Erfurt', 140]]),
    ]);
    expect(parsed.experience).toEqual([
      {
        company: 'Kunstgewerbeschule',
        position: 'Lehrer für Zeichnen',
        location: 'Weimar',
        dates: '1901–1905',
      },
      { company: 'Stadtbauamt', position: 'Zeichner', location: 'Erfurt', dates: '1895–1901' },
    ]);
  });
});

describe('a template’s placeholder for the place after the employer', () => {
  it('is the location', () => {
    const parsed = doc([
      line([['Job title', 40]], { bold: true }),
      line([['Company name, location', 40]]),
      line([['Did the work of the role.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Company name',
      location: 'location',
    });
  });
});

describe('a subject beside a school, with no degree named', () => {
  it('is the field of study, not the degree', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['2016 - 2018', 40],
          ['Marine Ecology', 150],
        ]),
        line([['Institution: Harbor University, Perth', 150]]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      field_of_study: 'Marine Ecology',
      institution: 'Harbor University',
    });
    expect(parsed.education?.[0]?.degree).toBeUndefined();
  });
});

describe('a role without an employer under entries that name their own', () => {
  it('takes no employer from an entry whose employer is labelled', () => {
    const parsed = doc([
      line([
        ['2012 - 2013', 40],
        ['Ship Pilot', 150],
      ]),
      line([['Employer: Harbor Works Ltd., Perth', 150]]),
      line([
        ['2010 - 2011', 40],
        ['Sabbatical', 150],
      ]),
    ]);
    expect(parsed.experience?.[0]?.company).toBe('Harbor Works Ltd.');
    expect(parsed.experience?.[1]?.position).toBe('Sabbatical');
    expect(parsed.experience?.[1]?.company).toBeUndefined();
  });
  it('takes no employer from a dated entry that names no role', () => {
    const parsed = doc([
      line([
        ['2012 - 2013', 40],
        ['Harbor Works Ltd., Perth', 150],
      ]),
      line([
        ['2010 - 2011', 40],
        ['Sabbatical', 150],
      ]),
    ]);
    expect(parsed.experience?.[0]?.company).toBe('Harbor Works Ltd.');
    expect(parsed.experience?.[1]?.company).toBeUndefined();
  });
});

describe('a row dated with one month over a course whose span ends that year', () => {
  it('is the graduation of that course: one entry, its grade the entry’s', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['March 2011', 40],
          ['Final examination passed, GPA 3.8', 150],
        ]),
        line([
          ['2007 - 2011', 40],
          ['BSc Marine Ecology', 150],
        ]),
        line([['at Harbor University', 150]]),
      ],
    });
    expect(parsed.education).toHaveLength(1);
    expect(parsed.education?.[0]).toMatchObject({ dates: '2007 - 2011', gpa: '3.8' });
    expect(parsed.education?.[0]?.achievements?.[0]).toContain('Final examination passed');
  });
});

describe('an education entry whose head names no school', () => {
  it('takes the school its text names after "at the"', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([
          ['May 2015', 40],
          ['Doctor of Marine Ecology', 150],
        ]),
        line([['Doctoral thesis at the Harbor University of Perth: “Tides and kelp”', 150]]),
      ],
    });
    expect(parsed.education?.[0]?.institution).toBe('Harbor University of Perth');
  });
});

describe('a kind of post named before the organisation', () => {
  it('reads "Internship Harbor Works, Perth" as role, employer and place', () => {
    const parsed = doc([
      line([
        ['2015', 40],
        ['Internship Harbor Works, Perth', 150],
      ]),
      line([['Mended nets', 160]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Internship',
      company: 'Harbor Works',
      location: 'Perth',
    });
  });
});

describe('a line set smaller under a head of two lines that has its date', () => {
  it('is the description, not a part of the head', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Dayton College', 40],
            ['Dayton', 500],
          ],
          { size: 11, gap: 2 },
        ),
        line(
          [
            ['Diploma, First class', 40],
            ['2012 – 2015', 470],
          ],
          { size: 11 },
        ),
        line([['Marine ecology', 40]], { size: 9 }),
      ],
    });
    expect(parsed.education?.[0]?.institution).toBe('Dayton College');
    expect(parsed.education?.[0]?.achievements).toEqual(['Marine ecology']);
  });
});

describe('items set deeper without glyphs, each ending short of the column edge', () => {
  it('are items of their own, not one wrapped line', () => {
    const parsed = doc([
      line([
        ['Buyer — Northgate Supplies', 40],
        ['2019 – 2022', 480],
      ]),
      line([['Lisbon', 40]]),
      line([['Negotiated the yearly supply contracts with growers', 52]]),
      line([['Audited the approved vendor list every quarter', 52]]),
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Negotiated the yearly supply contracts with growers',
      'Audited the approved vendor list every quarter',
    ]);
  });
});

describe('a head of two names parted by a full stop', () => {
  it('reads the employer and the role', () => {
    const parsed = doc([
      line([
        ['Harbor Works. Deckhand', 40],
        ['2019 – 2022', 480],
      ]),
      line([['Kept the deck clean and the lines coiled', 52]], { bullet: true }),
    ]);
    const [e] = parsed.experience ?? [];
    expect([e?.company, e?.position].sort()).toEqual(['Deckhand', 'Harbor Works']);
  });
});

describe('entries in a narrow cell, their heads set at the edge of the items above', () => {
  it('starts an entry at a head closed by its span of dates, on its line or the next', () => {
    const parsed = doc([
      line([['Staff Nurse, Mercy Hospital, Leeds,', 160]]),
      line([['UK (2019-2021)', 160]]),
      line([['Cared for patients on a surgical ward and trained', 160]], { bullet: true }),
      line([['new nurses', 160]]),
      line([['Charge Nurse, City Clinic, York,', 160]]),
      line([['UK (2016-2019)', 160]]),
      line([['Ran the night shift of a ward of 30 beds', 160]], { bullet: true }),
      line([['Nurse August 2014 – July 2016', 160]]),
      line([['Cared for patients in the emergency room', 160]], { bullet: true }),
      line([['Nursing Assistant, Royal Infirmary, Leeds', 160]]),
      line([['(2012-2014)', 160]]),
      line([['Helped patients wash and dress', 160]], { bullet: true }),
      line([
        ['Care Assistant | Hill House | York', 160],
        ['2010-2012', 480],
      ]),
      line([['Served meals to residents', 160]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => e.dates)).toEqual([
      '2019-2021',
      '2016-2019',
      'August 2014 – July 2016',
      '2012-2014',
      '2010-2012',
    ]);
    // (the head cut after a comma reads as one: role, employer, place)
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Staff Nurse',
      company: 'Mercy Hospital',
    });
  });
});

describe('entries in a narrow cell led by their span of dates', () => {
  it('starts an entry at a head led by its span after an item', () => {
    const parsed = doc([
      line([
        ['2019 – 2021', 160],
        ['Teacher, Hill School,', 230],
      ]),
      line([['Leeds, UK', 160]]),
      line([['Planned lessons for year six', 160]], { bullet: true }),
      line([
        ['2016 – 2019', 160],
        ['Tutor, Park Academy,', 230],
      ]),
      line([['York, UK', 160]]),
      line([['Marked coursework for two classes', 160]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => e.dates)).toEqual(['2019 – 2021', '2016 – 2019']);
  });
});

describe('a medical centre or clinic as the employer', () => {
  it('keeps "Role, Medical Center, City" from reading as a place whole', () => {
    const parsed = doc([
      line([
        ['2019 - 2021', 40],
        ['Registered Nurse, St. Anne Medical Center, London, UK', 130],
      ]),
      line([['Cared for patients on a surgical ward.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]?.position).toBe('Registered Nurse');
  });
});

describe('an employer with its postal address after its legal form', () => {
  it('parts "Name AG 4051 Town" into the employer and its place', () => {
    const parsed = doc([
      line([
        ['Key Account Manager', 40],
        ['2019 - 2022', 450],
      ]),
      line([['Lakeview Foods AG 4051 Basel', 40]]),
      line([['Won twelve new retail accounts.', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: 'Lakeview Foods AG',
      location: '4051 Basel',
    });
  });
});

describe('a head of parts set apart by a spaced dash, after items without list glyphs', () => {
  it('starts the next entry though its role ends in an abbreviation', () => {
    const item = (text: string) => line([[text, 50]]);
    const parsed = doc([
      line([['Harbour Freight SL, Valencia — Técnico de RR. HH.', 40]]),
      line([['2019-2023', 40]], { size: 8.5 }),
      item('Implantación de nuevos procesos que redujeron los tiempos en un 30 %'),
      item('Responsable de la planificación de proyectos con la dirección'),
      line([['Norte Logística SL, 48001 Bilbao — Técnico de RR. HH.', 40]], { gap: 1.8 }),
      line([['2016-2019', 40]], { size: 8.5 }),
      item('Análisis de necesidades y redacción de propuestas para la dirección'),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.dates])).toEqual([
      ['Harbour Freight SL', '2019-2023'],
      ['Norte Logística SL', '2016-2019'],
    ]);
  });
  it('reads "School — Degree in Field" as an education head, however many its words', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['EDUCACIÓN', 40]], { bold: true, gap: 2.3 }),
        line([['Universidad de Granada — Grado en Relaciones Laborales y Recursos Humanos', 40]]),
        line([['2013-2016', 40]], { size: 8.5 }),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      institution: 'Universidad de Granada',
      dates: '2013-2016',
    });
  });
});

describe('education heads closed by a date line and a grade', () => {
  it('start the next entry at a line in the first line style set apart wider', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['EDUCATION', 40]], { bold: true, gap: 2.3 }),
        line([['University of Leeds — MSc in Physics', 40]], { gap: 1.7 }),
        line([['2017 – 2019', 40]], { size: 8.5, gap: 1.4 }),
        line([['GPA: 3.8/4.0', 40]], { gap: 1.5 }),
        line([['University of York — BSc in Physics', 40]], { gap: 1.8 }),
        line([['2014 – 2017', 40]], { size: 8.5, gap: 1.4 }),
        line([['GPA: 3.6/4.0', 40]], { gap: 1.5 }),
      ],
    });
    expect(parsed.education?.map((e) => [e.institution, e.dates])).toEqual([
      ['University of Leeds', '2017 – 2019'],
      ['University of York', '2014 – 2017'],
    ]);
  });
});

describe('a head that names only a role with a company word in it', () => {
  it('is the role of the company above, not a company', () => {
    const parsed = doc([
      line([
        ['Harbour Freight S.A.', 40],
        ['Valencia', 480],
      ]),
      line([
        ['Jefa de equipo', 40],
        ['Desde 2023', 450],
      ]),
      line([['Coordinación de un equipo de 12 personas', 50]], { bullet: true }),
      line([
        ['Desarrollador de software', 40],
        ['2021-2023', 450],
      ]),
      line([['Mantenimiento de la plataforma de pedidos', 50]], { bullet: true }),
      line([
        ['Software Engineer', 40],
        ['2019-2021', 450],
      ]),
      line([['Built the order pipeline', 50]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.position])).toEqual([
      ['Harbour Freight S.A.', 'Jefa de equipo'],
      ['Harbour Freight S.A.', 'Desarrollador de software'],
      ['Harbour Freight S.A.', 'Software Engineer'],
    ]);
  });
});

describe('job titles in the languages read', () => {
  it.each([
    'Ingeniera de datos',
    'Softwareontwikkelaar',
    'Fahrerin',
    'Programmatore',
    'Farmacéutica',
    'Secrétaire',
    'Elektrikerin',
    'Coordinateur logistique',
    'Gestionnaire de paie',
    'Lageristin',
  ])('%s names a role, not a company', (title) => {
    expect(roleScore(title)).toBeGreaterThan(companyScore(title));
  });
});

describe('Chinese items without list glyphs, set flush with the heads', () => {
  it('are the items of the entry above, not heads of their own', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['陈敏', 40]], { size: 18, gap: 10 }),
        line([['工作经历', 40]], { size: 11.5, gap: 2.3 }),
        line([
          ['维修主管', 40],
          ['2021-10-2025-03', 480],
        ]),
        line([['某某汽车维修站, 中国 北京', 40]]),
        line([['带领12人团队，协调各部门之间的合作', 40]]),
        line([['对接20余家客户，撰写月度报告', 40]]),
        line([
          ['汽车维修技师', 40],
          ['2018-06-2021-09', 480],
        ]),
        line([['某某汽车服务有限公司, 杭州市', 40]]),
        line([['培训4名新同事使用诊断系统', 40]]),
        line([['负责钣金喷漆相关项目的规划与实施，提升了效率', 40]]),
      ],
    });
    expect(parsed.experience?.map((e) => [e.position, e.dates, e.description?.length])).toEqual([
      ['维修主管', '2021-10-2025-03', 2],
      ['汽车维修技师', '2018-06-2021-09', 2],
    ]);
  });
});

describe('a range that runs "to this day" in French', () => {
  it('is one date', () => {
    expect(takeDate('Datavise Inc.   10/2025 – ce jour')?.date).toBe('10/2025 – ce jour');
  });
});

describe('items without glyphs beside a rail of dates, each spaced apart', () => {
  it('are split where more space than a wrapped line has comes before a capital', () => {
    const at = (text: string, gap: number) => line([[text, 311]], { gap });
    const parsed = doc([
      line(
        [
          ['05/2018-07/2020', 237],
          ['Paralegal', 311],
        ],
        { gap: 1.9 },
      ),
      at('Lindqvist Law S.A., Braga', 1.26),
      at('Represented clients in employment tribunal hearings', 1.5),
      at('Managed a caseload of 40 active litigation files', 1.42),
      at('Advised clients on commercial contracts and data', 1.5),
      at('protection', 1.26),
      line(
        [
          ['01/2016-04/2018', 237],
          ['Clerk', 311],
        ],
        { gap: 1.9 },
      ),
      at('Whitmore Hale LLP, Lisboa', 1.26),
      at('Filed court documents', 1.5),
    ]);
    expect(parsed.experience?.[0]?.description).toEqual([
      'Represented clients in employment tribunal hearings',
      'Managed a caseload of 40 active litigation files',
      'Advised clients on commercial contracts and data protection',
    ]);
  });
});

describe('schools named with accented words', () => {
  it.each([
    'Université Claude Bernard Lyon 1',
    'Sorbonne Université',
    'Università di Bologna',
    'Universitat de València',
    'Hogeschool Utrecht',
  ])('%s is a school (a word ending in an accented letter, before a space too)', (name) => {
    expect(INSTITUTION.test(name)).toBe(true);
  });
  it('finds no school inside a word that only ends in the same letters', () => {
    expect(INSTITUTION.test('Comité des fêtes')).toBe(false);
  });
});

describe('French vocational degrees and venues', () => {
  it('reads CAP and BEP as degrees and a café as a venue', () => {
    expect(DEGREE.test('CAP, Arts culinaires')).toBe(true);
    expect(DEGREE.test('BEP Vente')).toBe(true);
    expect(VENUE.test('Le Petit Café')).toBe(true);
  });
});

describe('schools on lines of their own above their dated degrees', () => {
  it('each open their entry', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['EDUCACIÓN', 40]], { bold: true, gap: 2.3 }),
        line([['Universitat de València', 40]]),
        line([['Máster en Administración de Empresas septiembre 2017 - junio 2019', 40]]),
        line([['Universidad de Granada', 40]]),
        line([['Grado universitario, Economía septiembre 2014 - junio 2017', 40]]),
      ],
    });
    expect(parsed.education?.map((e) => [e.institution, e.degree])).toEqual([
      ['Universitat de València', 'Máster'],
      ['Universidad de Granada', 'Grado universitario'],
    ]);
  });
});

describe('a one-line education head with its date in brackets at the end', () => {
  it('is a head, however many words its date adds', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['Educação', 40]], { bold: true, gap: 2.3 }),
        line([
          [
            'Licenciatura, Ciência da Computação, Universidade Federal de Pernambuco, Belo Horizonte (outubro 2011 - junho 2014)',
            40,
          ],
        ]),
      ],
    });
    expect(parsed.education?.[0]).toMatchObject({
      institution: 'Universidade Federal de Pernambuco',
      degree: 'Licenciatura',
    });
  });
});

describe('a head line naming a long organisation, its town and country', () => {
  it('counts as head parts though the organisation takes more than six words', () => {
    expect(headParts('Institute for Applied Physics GmbH & Co. KG, Leipzig, Deutschland')).toBe(
      true,
    );
    // a sentence's long clause names no organisation
    expect(headParts('Wrote the reports for the board every single month, weekly, daily')).toBe(
      false,
    );
  });
  it('is part of the head, not a description', () => {
    const parsed = doc([
      line(
        [
          ['Juniorprofessorin', 40],
          ['Seit 07.2023', 480],
        ],
        { bold: true },
      ),
      line([['Institute for Applied Physics GmbH & Co. KG, Leipzig, Deutschland', 40]]),
      line([['Erstellung von Berichten und Auswertungen für die Geschäftsleitung', 52]]),
      line([['Betreuung von mehr als 3 Kunden im Tagesgeschäft', 52]]),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      position: 'Juniorprofessorin',
      company: 'Institute for Applied Physics GmbH & Co. KG',
      location: 'Leipzig, Deutschland',
    });
  });
});

describe('a project block without a head whose first line names it and its tools', () => {
  it('reads the name and the tools from "Name | Tool, Tool"', () => {
    expect(
      parseProject({
        head: [],
        extra: [],
        urls: [],
        body: [
          'Pedestrian bridge design | Geotechnics, Concrete design, Cost estimation',
          'Cut the delays by 44 %',
        ],
      }),
    ).toEqual({
      name: 'Pedestrian bridge design',
      technologies: ['Geotechnics', 'Concrete design', 'Cost estimation'],
      description: ['Cut the delays by 44 %'],
    });
  });
});

describe("a project's name with its tools in parentheses after it", () => {
  const project = (title: string) =>
    parseProject({
      head: [line([[title, 40]], { bold: true })],
      extra: [],
      urls: [],
      body: ['Cut the delays by 44 %'],
    });

  it('gives the name and the tools', () => {
    expect(project('Tide gauge network (Python, Sensor design, SQL)')).toMatchObject({
      name: 'Tide gauge network',
      technologies: ['Python', 'Sensor design', 'SQL'],
    });
  });

  it('keeps parentheses that hold no list of tools', () => {
    expect(project('Tide gauge network (pilot phase)').name).toBe(
      'Tide gauge network (pilot phase)',
    );
    expect(
      project('Survey (we measured every gauge along the coast, twice a year)').technologies,
    ).toBeUndefined();
  });
});

describe('a project head that lists its tools in brackets after the name', () => {
  it('reads "Name (Tool, Tool, Tool)" as a name and its technologies', () => {
    expect(
      toolsInParens('Flood defence study (Eurocodes, Site supervision, Structural analysis)'),
    ).toEqual({
      name: 'Flood defence study',
      tools: ['Eurocodes', 'Site supervision', 'Structural analysis'],
    });
  });
  it('keeps brackets that are no list of tools in the name', () => {
    expect(toolsInParens('Harbour survey (with the city council)')).toBeUndefined();
    expect(toolsInParens('Harbour survey (Spring, 2021)')).toBeUndefined();
    expect(toolsInParens('Harbour survey')).toBeUndefined();
  });
});

describe('the numbers of a numbered list of titles', () => {
  it('drops "1." / "2." counting up from one', () => {
    expect(dropListNumbers(['1. Nobel prize', '2. Turing award'])).toEqual([
      'Nobel prize',
      'Turing award',
    ]);
  });
  it('keeps an ordinal that starts no numbered list ("1. Platz")', () => {
    expect(dropListNumbers(['1. Platz, Landeswettbewerb', 'Stipendium'])).toEqual([
      '1. Platz, Landeswettbewerb',
      'Stipendium',
    ]);
  });
});

describe('"Name | Tool, Tool, Tool" after the items of the project above', () => {
  it('reads the line as a head, however many words it runs to', () => {
    expect(
      namedToolList(
        'Flood defence study | Cost estimation, Reinforced concrete design, Geotechnics',
      ),
    ).toBe(true);
    expect(namedToolList('Reduced costs | by renegotiating contracts with suppliers.')).toBe(false);
    expect(namedToolList('Led the migration of the billing platform to the cloud | AWS')).toBe(
      false,
    );
  });
  it('starts the next project after a bulleted item', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line([['Theo Marsh', 40]], { size: 18, gap: 10 }),
        line([['theo@example.org', 40]]),
        line([['EXPERIENCE', 40]], { bold: true, gap: 2.3 }),
        line(
          [
            ['Analyst, Northwind Ltd', 40],
            ['2019 – 2021', 420],
          ],
          { bold: true, gap: 1.8 },
        ),
        line([['Kept the books of the firm', 50]], { bullet: true, gap: 1.4 }),
        line([['PROJECTS', 40]], { bold: true, gap: 2.3 }),
        line([['Lab automation toolkit', 40]], { bold: true, gap: 1.8 }),
        line([['Served as the main contact for more than 8 clients', 50]], {
          bullet: true,
          gap: 1.4,
        }),
        line(
          [
            [
              'Open climate dataset | Molecular dynamics, Scientific writing, Quantitative methods',
              40,
            ],
          ],
          {
            gap: 1.8,
          },
        ),
        line([['Coordinated a team of 6 colleagues across two departments', 50]], {
          bullet: true,
          gap: 1.4,
        }),
      ],
    });
    expect(parsed.projects?.map((p) => p.name)).toEqual([
      'Lab automation toolkit',
      'Open climate dataset',
    ]);
    expect(parsed.projects?.[1]?.technologies).toEqual([
      'Molecular dynamics',
      'Scientific writing',
      'Quantitative methods',
    ]);
  });
});

describe('a line ending in a function word of any language read', () => {
  it('is a sentence wrapped onto the next line', () => {
    for (const t of [
      'Responsable de la planificación de proyectos con',
      'Enge Zusammenarbeit bei der Auswahl von',
      'Mise en place des outils pour',
      'Samenwerking met klanten bij de keuze van',
      'Coordenação de uma equipe com',
      'Dashboard for a',
    ])
      expect(WRAPPED_SENTENCE.test(t)).toBe(true);
    for (const t of ['Realtime chat application', 'Smith, J. et al', 'Université de Genève'])
      expect(WRAPPED_SENTENCE.test(t)).toBe(false);
  });
});

describe('a project head whose list of tools wraps after a comma', () => {
  it('reads the wrapped tool as one of its technologies, not the next project', () => {
    expect(
      namedToolList('Flood defence study | Structural analysis, Reinforced concrete design,'),
    ).toBe(true);
    expect(
      parseProject({
        head: [
          line([['Flood defence study | Structural analysis, Reinforced concrete design,', 40]]),
          line([['Geotechnics', 40]]),
        ],
        extra: [],
        urls: [],
        body: ['Wrote the reports for the board'],
      }),
    ).toMatchObject({
      name: 'Flood defence study',
      technologies: ['Structural analysis', 'Reinforced concrete design', 'Geotechnics'],
    });
  });
});

describe('a head that names its place as "Town, ST"', () => {
  it('keeps the parts before the town out of the place', () => {
    const [entry] =
      doc([
        line([
          ['Software Engineer, Tidewater Freight, Boulder, CO', 40],
          ['Jun 2017 – Feb 2021', 420],
        ]),
        line([['• Rewrote the billing service in Go', 40]], { bullet: true }),
      ]).experience ?? [];
    expect(entry).toMatchObject({
      position: 'Software Engineer',
      company: 'Tidewater Freight',
      location: 'Boulder, CO',
    });
  });
});

describe('a head line that wraps before its dates', () => {
  it('goes on on the next line, at a comma or inside a word', () => {
    const parsed = doc([
      line([
        ['Senior Data Engineer, Larkspur Analytics, Denver,', 40],
        ['Mar 2021 – Present', 420],
      ]),
      line([['CO', 40]]),
      line([['• Built a streaming pipeline for reports', 52]], { bullet: true }),
      line([
        ['Research Assistant, University of Colorado, Boul-', 40],
        ['Sep 2015 – May 2017', 420],
      ]),
      line([['der, CO', 40]]),
      line([['• Kept the sensor archive', 52]], { bullet: true }),
    ]);
    expect(parsed.experience?.map((e) => [e.company, e.location])).toEqual([
      ['Larkspur Analytics', 'Denver, CO'],
      ['University of Colorado', 'Boulder, CO'],
    ]);
  });
});

describe('a projects section of rows, each a name and a line on it', () => {
  const projects = (rows: Line[]) =>
    doc(rows, 'PROJECTS').projects?.map((p) => [p.name, p.description?.join(' ')]);

  it('reads a label column: each label names a project, its text wraps at the text edge', () => {
    expect(
      projects([
        line([
          ['Trailhead', 40],
          ['A route planner for hiking trails compiled to', 110],
        ]),
        line([['WebAssembly', 110]]),
        line([
          ['Ledgerly', 40],
          ['A personal finance tracker with statement import', 110],
        ]),
      ]),
    ).toEqual([
      ['Trailhead', 'A route planner for hiking trails compiled to WebAssembly'],
      ['Ledgerly', 'A personal finance tracker with statement import'],
    ]);
  });

  it('reads "Name: text" and "Name — text" rows', () => {
    expect(
      projects([
        line([['Trailhead: A route planner for hiking trails', 40]]),
        line([['Ledgerly — A personal finance tracker with statement import', 40]]),
      ]),
    ).toEqual([
      ['Trailhead', 'A route planner for hiking trails'],
      ['Ledgerly', 'A personal finance tracker with statement import'],
    ]);
  });
});

describe('a head part that names a role', () => {
  it('is no place, though it reads like "Town, Region"', () => {
    const [entry] =
      doc([
        line([
          ['Graduate Engineer, Barrow Civil Works', 40],
          ['2013 – 2015', 440],
        ]),
        line([['Waterford, Ireland', 40]]),
        line([['• Carried out site surveys', 52]], { bullet: true }),
      ]).experience ?? [];
    expect(entry).toMatchObject({
      position: 'Graduate Engineer',
      company: 'Barrow Civil Works',
      location: 'Waterford, Ireland',
    });
  });
});

describe('a Chinese head of parts set apart by space, its items drawn as shapes', () => {
  it('reads the deeper lines under it as its items', () => {
    const parsed = doc([
      line([
        ['星河数据科技有限公司', 40],
        ['高级后端工程师', 160],
        ['2021.07 – 至今', 440],
      ]),
      line([['负责订单系统的架构设计与性能优化', 54]]),
      line([['带领五人团队完成支付平台迁移', 54]]),
    ]);
    expect(parsed.experience?.[0]).toMatchObject({
      company: '星河数据科技有限公司',
      position: '高级后端工程师',
      description: ['负责订单系统的架构设计与性能优化', '带领五人团队完成支付平台迁移'],
    });
  });
});
