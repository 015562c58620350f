import { describe, expect, it } from 'vitest';
import { classifyHeading } from './headings.ts';
import { parseSkills } from './lists.ts';
import { structure } from './structure.ts';
import type { Line, Segment } from './types.ts';

let y = 0;
/** A line of segments given as [text, x] pairs (or one text at the column edge). */
function line(
  parts: string | [string, number][],
  opts: { bold?: boolean; size?: number; gap?: number } = {},
): Line {
  const size = opts.size ?? 9;
  const segs: Segment[] = (
    typeof parts === 'string' ? [[parts, 50] as [string, number]] : parts
  ).map(([text, x]) => ({ text, x, x2: x + text.length * size * 0.5, size, bold: !!opts.bold }));
  y += 14;
  return { segs, page: 1, y, gap: opts.gap ?? 1.3, bullet: false, colX: 50, colW: 300 };
}
/** Tags set apart on one line, 60 points from each other. */
const tags = (...t: string[]) => line(t.map((s, i) => [s, 50 + 60 * i] as [string, number]));

describe('two categories side by side on a row', () => {
  it('drops labels that alternate with their lists', () => {
    const lines = [
      tags('OS', 'Linux, Unix', 'administration', 'Apache, Nginx'),
      tags('programming', 'Java, C++', 'database', 'MySQL'),
    ];
    expect(parseSkills(lines)).toEqual([
      'Linux',
      'Unix',
      'Apache',
      'Nginx',
      'Java',
      'C++',
      'MySQL',
    ]);
  });
  it('drops the label of each cell, a lower-case one too', () => {
    const lines = [tags('category one: Go, Rust', 'category two: Vim, Make')];
    expect(parseSkills(lines)).toEqual(['Go', 'Rust', 'Vim', 'Make']);
  });
});

describe('skill tag rows', () => {
  it('keeps a row of tags that starts with a lower-case name, and the row above it', () => {
    const lines = [tags('Kotlin', 'Swift', 'Dart'), tags('npm', 'yarn', 'pnpm')];
    expect(parseSkills(lines)).toEqual(['Kotlin', 'Swift', 'Dart', 'npm', 'yarn', 'pnpm']);
  });
  it('keeps a lone tag above a row of tags set in the same style', () => {
    const lines = [line('Technical Writing'), tags('Scrum', 'Kanban')];
    expect(parseSkills(lines)).toEqual(['Technical Writing', 'Scrum', 'Kanban']);
  });
  it('still drops a bold category label over its tags', () => {
    const lines = [line('Mobile', { bold: true }), tags('Kotlin', 'Swift')];
    expect(parseSkills(lines)).toEqual(['Kotlin', 'Swift']);
  });
  it('drops a bold row of category names over a table of lists', () => {
    const lines = [
      line(
        [
          ['Databases', 50],
          ['Cloud', 200],
        ],
        { bold: true },
      ),
      line([
        ['Advanced', 50],
        ['Intermediate', 200],
      ]),
      line([
        ['MySQL, MongoDB', 50],
        ['Azure, GCP', 200],
      ]),
    ];
    expect(parseSkills(lines)).toEqual(['MySQL', 'MongoDB', 'Azure', 'GCP']);
  });
  it('joins a labelled list wrapped after a comma', () => {
    const lines = [
      line('Research Areas: robotics, control theory, reinforcement learning,'),
      line('sensor fusion'),
    ];
    expect(parseSkills(lines)).toEqual([
      'robotics',
      'control theory',
      'reinforcement learning',
      'sensor fusion',
    ]);
  });
});

describe('skills written as a sentence', () => {
  it('drops the proficiency phrase and splits on "and"', () => {
    const lines = [line('Software: Proficient in Linux and FreeBSD, Photoshop, and Blender')];
    expect(parseSkills(lines)).toEqual(['Linux', 'FreeBSD', 'Photoshop', 'Blender']);
  });
  it('keeps "and" inside an item of a plain list', () => {
    expect(parseSkills([line('Business: Research and Development, Sales, Marketing')])).toEqual([
      'Research and Development',
      'Sales',
      'Marketing',
    ]);
  });
});

describe('headings of sections with no place in the resume', () => {
  it.each(['Patents', 'Invited Talks', 'Presentations', 'Patente', 'My Life Philosophy'])(
    'knows %s',
    (t) => {
      expect(classifyHeading(t)).toBe('other');
    },
  );
  it('lets a known kind lead a combined heading', () => {
    expect(classifyHeading('Publications and Talks')).toBe('publications');
  });
});

describe('a kind of publication set as a heading of its own', () => {
  it('goes on with the publications above it', () => {
    const h = (t: string) => line(t, { bold: true, size: 11, gap: 2 });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Mina Lind', { size: 22, gap: 10 }),
        h('EXPERIENCE'),
        line('Soil Lab, Researcher, 2015 – 2018'),
        h('PUBLICATIONS'),
        line('M. Lind, “Roots under drought,” Plant Letters, vol. 4, 2019.'),
        h('CONFERENCES'),
        line('M. Lind, “Leaf litter,” in Proceedings of the Forest Meeting, 2016.'),
      ],
    });
    expect(parsed.publications?.map((p) => p.title)).toEqual([
      'Roots under drought',
      'Leaf litter',
    ]);
  });
});

describe('a table of skill lists under a row of names', () => {
  it('drops the names and the level row, keeps the lists', () => {
    const lines = [
      line([
        ['Data Stores', 50],
        ['Build Tools', 150],
        ['Testing', 250],
      ]),
      line([
        ['Expert', 50],
        ['Intermediate', 150],
        ['Beginner', 250],
      ]),
      line([
        ['Redis, MySQL', 50],
        ['Vite, Make', 150],
        ['Jest, Playwright', 250],
      ]),
    ];
    expect(parseSkills(lines)).toEqual(['Redis', 'MySQL', 'Vite', 'Make', 'Jest', 'Playwright']);
  });
  it('keeps a row of tags over a row of lists that is not aligned with it', () => {
    const lines = [
      line([
        ['Kotlin', 50],
        ['Swift', 110],
      ]),
      line([
        ['Redis, MySQL', 50],
        ['Vite, Make', 200],
      ]),
    ];
    expect(parseSkills(lines)).toEqual(['Kotlin', 'Swift', 'Redis', 'MySQL', 'Vite', 'Make']);
  });
});

describe('skill names', () => {
  it('drops a lower-case level before a skill and keeps an acronym over its spelling out', () => {
    const lines = [
      line('Office: Outlook, Access, and basic Visio'),
      line('Data: GIS (Geographic Information Systems), R'),
    ];
    expect(parseSkills(lines)).toEqual(['Outlook', 'Access', 'Visio', 'GIS', 'R']);
  });
  it('keeps a capitalised name that starts with a level word, and other parentheses', () => {
    const lines = [line('Advanced Analytics, AWS (Lambda, S3), Visual Basic')];
    expect(parseSkills(lines)).toEqual(['Advanced Analytics', 'AWS (Lambda, S3)', 'Visual Basic']);
  });
});

describe('a skill with its tools in parentheses', () => {
  it('is one item, however many tools the parentheses name', () => {
    const lines = [
      line('SEO & SEM (Google Ads, Ahrefs, Meta Ads)'),
      line('Adobe Creative Suite (Photoshop, Illustrator, Premiere)'),
    ];
    expect(parseSkills(lines)).toEqual([
      'SEO & SEM (Google Ads, Ahrefs, Meta Ads)',
      'Adobe Creative Suite (Photoshop, Illustrator, Premiere)',
    ]);
  });
});

describe('labels and lists in turn on one row', () => {
  it('keeps the lists, not the labels, and no contact details printed among them', () => {
    const lines = [
      line([
        ['OS', 50],
        ['Linux, Unix, Windows', 110],
        ['administration', 250],
        ['Apache, Mailman', 330],
      ]),
      line('12 Somestreet, 3456 Somecity • jdoe@example.org'),
    ];
    expect(parseSkills(lines)).toEqual(['Linux', 'Unix', 'Windows', 'Apache', 'Mailman']);
  });
});

describe('a list of tags written in lower case', () => {
  it('reads each item of a word or two as a skill, not as prose', () => {
    const items = ['typescript', 'node js', 'graphql'].map((t) => ({ ...line(t), bullet: true }));
    expect(parseSkills(items)).toEqual(['typescript', 'node js', 'graphql']);
  });
  it('reads a short lower-case phrase after a bullet as an item, not as prose', () => {
    const items = ['fluent in spreadsheet formulas', 'experience with CAD drafting'].map((t) => ({
      ...line(t),
      bullet: true,
    }));
    expect(parseSkills(items)).toHaveLength(2);
  });
});

describe('a category label over its items set deeper', () => {
  const item = (t: string): Line => ({ ...line([[t, 120]]), bullet: true });
  it('is no skill, and a category of interests takes its items along', () => {
    const lines = [
      line('Carpentry'),
      item('Joinery'),
      item('Wood turning'),
      line('First aid instructor'),
      line('Hobbies'),
      item('Sailing'),
      item('Chess'),
      line('Welding'),
    ];
    expect(parseSkills(lines)).toEqual([
      'Joinery',
      'Wood turning',
      'First aid instructor',
      'Welding',
    ]);
  });
});

describe('a label in a rail beside a column of items', () => {
  it('is no skill, and items that end short of the edge are not joined', () => {
    const lines = [
      line([
        ['Carpentry', 50],
        ['Cabinet making', 150],
      ]),
      line([['Wood turning', 150]]),
    ];
    expect(parseSkills(lines)).toEqual(['Cabinet making', 'Wood turning']);
  });
});

describe('a list of bulleted competencies, some with tools in parentheses', () => {
  it('keeps an item without tools before one with them (it is no label)', () => {
    const items = [
      'Event Planning (Trello, Asana)',
      'Vendor Relations & Sourcing',
      'Budget Control (Excel, SAP)',
      'Team Leadership & Coaching',
    ].map((t) => ({ ...line(t), bullet: true }));
    expect(parseSkills(items)).toEqual([
      'Event Planning (Trello, Asana)',
      'Vendor Relations & Sourcing',
      'Budget Control (Excel, SAP)',
      'Team Leadership & Coaching',
    ]);
  });
});

describe('a slash between tools inside parentheses', () => {
  it('does not split the item, a slash outside them does', () => {
    const lines = [line('Forecasting (Excel / Sheets)'), line('HTML / CSS')];
    expect(parseSkills(lines)).toEqual(['Forecasting (Excel / Sheets)', 'HTML', 'CSS']);
  });
});

describe('two skills sections', () => {
  it('reads each on its own: the last item of one is no label over the next one', () => {
    const h = (t: string) => line(t, { bold: true, size: 11, gap: 2 });
    const item = (t: string): Line => ({ ...line(t), bullet: true });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Mina Lind', { size: 22, gap: 10 }),
        h('SKILLS'),
        item('Soil Sampling'),
        item('Field Surveys'),
        h('EXPERIENCE'),
        line('Soil Lab, Researcher, 2015 – 2018'),
        h('TECHNICAL SKILLS'),
        line('Software: QGIS, R'),
      ],
    });
    expect(parsed.skills?.technical).toEqual(['Soil Sampling', 'Field Surveys', 'QGIS', 'R']);
  });
});

describe('labelled rows closed by a full stop', () => {
  it('reads short items after a label as a list, not a sentence', () => {
    const lines = [line('Scripting: Perl, Lua.'), line('Build Systems: Bazel.')];
    expect(parseSkills(lines)).toEqual(['Perl', 'Lua', 'Bazel']);
  });
  it('still drops a labelled sentence', () => {
    const lines = [line('Note: I have written build tooling for many teams.')];
    expect(parseSkills(lines)).toEqual([]);
  });
});

describe('a spoken-language row among the skills, in French', () => {
  it('is no skill, and a level wrapped onto the next line stays with its language', () => {
    const h = (t: string) => line(t, { bold: true, size: 11, gap: 2 });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Lise Arnaud', { size: 22, gap: 10 }),
        h('EXPÉRIENCE'),
        line('Atelier Nord, Graphiste, 2015 – 2018'),
        h('COMPÉTENCES'),
        line('Logiciels : Inkscape, Blender'),
        line('Langues : Français (Maternelle), Italien (Courant), Allemand'),
        line('(Intermédiaire)'),
      ],
    });
    expect(parsed.skills?.technical).toEqual(['Inkscape', 'Blender']);
    expect(parsed.verbal_languages).toEqual(['Français', 'Italien', 'Allemand']);
  });
});

describe('a labelled list run to the edge and cut inside its last item', () => {
  it("joins the item's rest on the next line back", () => {
    const lines = [
      line('Technical: Forecasting, IFRS, Budgeting, Tax compliance, Financial'),
      line('reporting'),
      line('Tools: Xero, QuickBooks'),
    ];
    // (the first line runs to the column's right edge)
    lines[0]!.segs[0]!.x2 = 350;
    expect(parseSkills(lines)).toEqual([
      'Forecasting',
      'IFRS',
      'Budgeting',
      'Tax compliance',
      'Financial reporting',
      'Xero',
      'QuickBooks',
    ]);
  });
});

describe('a list whose last item wraps onto a line of its own', () => {
  it('joins the lower-case rest to that item, keeping the list', () => {
    const lines = [
      line('Relations | Payroll | Recruitment | Onboarding | Benefits | Performance'),
      line('management'),
      line('BambooHR | Workday | Greenhouse'),
    ];
    expect(parseSkills(lines)).toEqual([
      'Relations',
      'Payroll',
      'Recruitment',
      'Onboarding',
      'Benefits',
      'Performance management',
      'BambooHR',
      'Workday',
      'Greenhouse',
    ]);
  });
});

describe("a category's name before its list without a colon", () => {
  it('is dropped before a capitalised first item, not from an item of its own', () => {
    expect(
      parseSkills([
        line('Herramientas BambooHR | Workday'),
        line('Habilidades blandas Trabajo en equipo | Organización'),
        line('Technical writing | Editing'),
      ]),
    ).toEqual([
      'BambooHR',
      'Workday',
      'Trabajo en equipo',
      'Organización',
      'Technical writing',
      'Editing',
    ]);
  });
});

describe('bold category labels over columns of items, one to a line', () => {
  it('are no skills; their items are', () => {
    expect(
      parseSkills([
        line('Methods', { bold: true }),
        line('Field surveys'),
        line('Soil sampling'),
        line('Software', { bold: true }),
        line('Grapher'),
        line('Surfer'),
        line('macOS'),
      ]),
    ).toEqual(['Field surveys', 'Soil sampling', 'Grapher', 'Surfer', 'macOS']);
  });

  it('stay skills over a description written as sentences', () => {
    expect(
      parseSkills([
        line('Public speaking', { bold: true }),
        line('Gave talks at regional meetings and'),
        line('taught evening classes.'),
      ]),
    ).toEqual(['Public speaking']);
  });
});

describe('a name that starts in lower case before a capital', () => {
  it('is an item, not the end of a sentence, nor does it make the line above one', () => {
    expect(parseSkills([line('Grapher'), line('Surfer'), line('iMovie')])).toEqual([
      'Grapher',
      'Surfer',
      'iMovie',
    ]);
  });
});
