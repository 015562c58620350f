import { describe, expect, it } from 'vitest';
import {
  findGutter,
  groupRows,
  orderByColumns,
  orderRailHeadings,
  type Box,
  type RailHints,
} from './columns.ts';

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

describe('a sidebar whose lines happen to line up with the main column', () => {
  // every sidebar line shares its baseline with a main-column line, as in a dense two-column CV
  const rows = groupRows([
    box('EXPERIENCE', 40, 50),
    box('SKILLS', 330, 50),
    ...Array.from({ length: 12 }, (_, k) => box(`Main column line ${k}`, 40, 70 + 14 * k)),
    ...Array.from({ length: 6 }, (_, k) => box(`Skill ${k}`, 330, 70 + 14 * k)),
    box('CERTIFICATES', 330, 70 + 14 * 6),
    box('Licence', 330, 70 + 14 * 7),
  ]);
  const heading = (i: T) => i.text === i.text.toUpperCase();
  it('is a column of its own when both sides have headings of their own', () => {
    const gutter = findGutter(rows, 600, { heading });
    // between the end of the main column's text and the sidebar
    expect(gutter).toBeGreaterThanOrEqual(134);
    expect(gutter).toBeLessThanOrEqual(330);
  });
  it('is read as rows (a label rail, a date column) when only one side has headings', () => {
    const rail = rows.map((r) => ({ ...r, items: r.items.filter((i) => i.text !== 'EXPERIENCE') }));
    expect(findGutter(rail, 600, { heading })).toBeUndefined();
  });
});

describe('a column of dates beside the entries', () => {
  // moderncv-like: section titles and dates on the left (the dates a little below the titles
  // beside them), the entries on the right, the page's header set apart at the right
  const rows = groupRows([
    box('Zürich', 420, 30),
    box('ada@example.org', 420, 44),
    box('www.example.org', 420, 58),
    box('Experience', 40, 80),
    ...[0, 1, 2, 3, 4, 5].flatMap((e) => [
      box(`${2020 - 4 * e} – ${2024 - 4 * e}`, 40, 106 + 80 * e),
      box(`Engineer, Orbit Systems ${e}`, 160, 100 + 80 * e),
      ...Array.from({ length: 2 }, (_, k) =>
        box(`Built and ran service ${k}`, 170, 114 + 80 * e + 14 * k),
      ),
    ]),
  ]);
  const dateOnly = (items: T[]) => items.every((i) => /^\d{4} – \d{4}$/.test(i.text));
  const title = (i: T) => /^[A-Z][a-z]+$/.test(i.text);
  it('is a column of its own when its rows are not dates', () => {
    expect(findGutter(rows, 600, { title })).toBeDefined();
  });
  it('is read row by row with the entries when the narrow side is mostly dates', () => {
    expect(findGutter(rows, 600, { title, railItem: dateOnly })).toBeUndefined();
  });
});

describe('a column of field labels beside their values', () => {
  const rows = groupRows([
    box('Profile', 40, 40),
    ...[0, 1, 2, 3, 4, 5].flatMap((e) => [
      box(`Field ${e}:`, 40, 66 + 50 * e),
      box(`Value number ${e}`, 160, 60 + 50 * e),
      ...Array.from({ length: 2 }, (_, k) =>
        box(`More about value ${k}`, 170, 74 + 50 * e + 14 * k),
      ),
    ]),
  ]);
  const label = (items: T[]) => items.every((i) => i.text.endsWith(':'));
  it('is read row by row with its values (a Europass-like rail)', () => {
    expect(findGutter(rows, 600)).toBeDefined();
    expect(findGutter(rows, 600, { railItem: label })).toBeUndefined();
  });
});

describe('a rail of dates under a contact block and over a table of languages', () => {
  // left: contact lines, then a date beside each entry title; right: the entries' text; below:
  // languages with their level far to the right, and lines that are only on the left
  const rows = groupRows([
    ...['Town', '0123 456', 'mail@example.org', 'example.org', 'Closing words.'].map((t, k) =>
      box(t, 40, 20 + 14 * k),
    ),
    ...[0, 1, 2, 3, 4].flatMap((k) => [
      box(`2019–202${k}`, 60, 100 + 56 * k),
      box(`Entry title ${k}`, 164, 100 + 56 * k),
      box(`Employer ${k}, Town`, 164, 114 + 56 * k),
      box(`– A line of what was done there ${k}`, 174, 128 + 56 * k),
    ]),
    ...['First', 'Second', 'Third'].flatMap((t, k) => [
      box(t, 40, 400 + 14 * k),
      box('Fluent', 480, 400 + 14 * k),
    ]),
    box('On request', 40, 450),
    box('A single line on the left', 40, 464),
  ]);
  const railItem = (items: T[]) => /^\d{4}–\d{4}$/.test(items.map((i) => i.text).join(' '));
  it('is read row by row with the entries, not as a column of its own', () => {
    expect(findGutter(rows, 600, { railItem })).toBeUndefined();
  });
});

describe('a rail of dates beside entries with more bullet lines than titles', () => {
  // the entries' text starts at their titles' edge, though more lines start at the bullets' one
  const rows = groupRows([
    ...['Town', '0123 456', 'mail@example.org', 'example.org', 'Closing words.'].map((t, k) =>
      box(t, 40, 20 + 14 * k),
    ),
    ...[0, 1, 2, 3].flatMap((k) => [
      box(`2019–202${k}`, 60, 100 + 70 * k),
      box(`Entry title ${k}`, 164, 100 + 70 * k),
      box(`Employer ${k}, Town`, 164, 114 + 70 * k),
      box(`– A line of what was done there ${k}`, 174, 128 + 70 * k),
      box(`– Another line of what was done ${k}`, 174, 142 + 70 * k),
    ]),
    ...['First', 'Second', 'Third'].flatMap((t, k) => [
      box(t, 40, 400 + 14 * k),
      box('Fluent', 174, 400 + 14 * k),
    ]),
    box('On request', 40, 450),
  ]);
  const railItem = (items: T[]) => /^\d{4}–\d{4}$/.test(items.map((i) => i.text).join(' '));
  it('is read row by row with the entries', () => {
    expect(findGutter(rows, 600, { railItem })).toBeUndefined();
  });
});

describe('a row of the page opened by the other column', () => {
  it('does not part a small date from the title on its baseline', () => {
    // the sidebar's line sits a little higher than the title; the date, set smaller, is on the
    // title's baseline but too far below the sidebar's line to join the page row it opened
    const rows = groupRows([
      ...Array.from({ length: 10 }, (_, k) => box(`Main line ${k}`, 40, 300 + 14 * k)),
      ...Array.from({ length: 10 }, (_, k) => box(`Side ${k}`, 330, 300 + 14 * k)),
      box('Sidebar line', 330, 96.2),
      { ...box('Role', 40, 100), size: 10 },
      { ...box('2023', 250, 100), size: 7 },
    ]);
    const bands = orderByColumns(rows, 320, 40, 400, true);
    expect(texts(bands)[0]).toContain('Role | 2023');
  });
});

describe('superscripts raised over a row', () => {
  it('join the row they are raised over ("1st year")', () => {
    // "1" ends at 45; "st" (7 pt) starts there, a few points above the 10 pt baseline
    const small = (text: string, x: number, y: number): T => ({ ...box(text, x, y), size: 7 });
    const rows = groupRows([
      box('Year one', 40, 50),
      small('st', 45, 66),
      box('1', 40, 70),
      box('year: 80%', 56, 70),
    ]);
    expect(rows.map((r) => r.items.map((i) => i.text).join(''))).toEqual([
      'Year one',
      '1styear: 80%',
    ]);
  });
});

describe('section headings in a rail beside their text', () => {
  const head = (text: string, x: number, y: number): T => ({ ...box(text, x, y), size: 16 });
  const known = new Set(['experience', 'education', 'skills', 'languages']);
  const hints: RailHints<T> = {
    title: (i) => i.size > 12,
    known: (t) => known.has(t.toLowerCase()),
    join: (pieces, text) => ({ ...pieces[0]!, text }),
  };
  const read = (items: T[]) =>
    orderRailHeadings(groupRows(items), 10, hints)?.map((r) =>
      r.items.map((i) => i.text).join(' | '),
    );
  it('reads a heading centred against its block, cut by its cell, before the block', () => {
    expect(
      read([
        box('Jane Roe', 40, 20),
        box('Nurse, Paris', 40, 34),
        box('Nurse at a hospital', 160, 60),
        box('Cared for patients', 160, 75),
        head('Experienc', 50, 90),
        box('Trained new nurses', 160, 90),
        box('Charge nurse at a clinic', 160, 105),
        head('e', 50, 115),
        box('Ran the night shift', 160, 120),
        box('BSc Nursing, a university', 160, 150),
        head('Education', 50, 158),
        box('Graduated with honours', 160, 165),
      ]),
    ).toEqual([
      'Jane Roe',
      'Nurse, Paris',
      'Experience',
      'Nurse at a hospital',
      'Cared for patients',
      'Trained new nurses',
      'Charge nurse at a clinic',
      'Ran the night shift',
      'Education',
      'BSc Nursing, a university',
      'Graduated with honours',
    ]);
  });
  it('reads a heading set just under the first line of its block before that line', () => {
    expect(
      read([
        box('Nurse at a hospital', 160, 60),
        head('EXPERIENCE', 40, 66),
        box('Cared for patients', 160, 73),
        box('Python, SQL', 160, 95),
        head('SKILLS', 40, 101),
        box('English, French', 160, 120),
        head('LANGUAGES', 40, 126),
      ]),
    ).toEqual([
      'EXPERIENCE',
      'Nurse at a hospital',
      'Cared for patients',
      'SKILLS',
      'Python, SQL',
      'LANGUAGES',
      'English, French',
    ]);
  });
  it('ends a block where the text beside the rail moves its edge, before a wider space', () => {
    const rows = read([
      box('Jane Roe', 40, 20),
      box('Nurse at a hospital', 160, 100),
      box('Cared for patients', 160, 115),
      head('Experience', 50, 130),
      box('Trained new nurses', 160, 130),
      box('Led the ward', 160, 145),
      box('Wrote the rota', 160, 160),
      box('Charge nurse at a clinic', 160, 182),
      box('Ran the night shift', 160, 197),
      box('Triage, wound care', 200, 215),
      box('Epic, Cerner', 200, 230),
      head('Skills', 50, 240),
      box('Teamwork', 200, 245),
    ]);
    expect(rows?.slice(rows.indexOf('Skills'))).toEqual([
      'Skills',
      'Triage, wound care',
      'Epic, Cerner',
      'Teamwork',
    ]);
  });
  it('leaves a sidebar, whose text stands under its headings, alone', () => {
    expect(
      read([
        head('SKILLS', 40, 60),
        box('Nurse at a hospital', 160, 60),
        box('Python', 40, 80),
        box('Cared for patients', 160, 80),
        head('LANGUAGES', 40, 100),
        box('Trained new nurses', 160, 100),
        box('French', 40, 120),
      ]),
    ).toBeUndefined();
  });
});
