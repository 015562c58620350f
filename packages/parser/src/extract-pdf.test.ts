import { describe, expect, it } from 'vitest';
import { dropPageFurniture } from './extract-pdf.ts';
import { capsHeading, clipSpaces } from './layout.ts';
import { extractDocument, parseResume } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { buildPdf } from './testing.node.ts';
import { lineText, type Line } from './types.ts';

/** One page of Helvetica (WinAnsi) lines; `lines` are PDF string bodies (octal escapes kept). */
function winAnsiPdf(lines: string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '50 750 Td',
    ...lines.map((l) => `(${l}) '`),
    'ET',
  ].join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

describe('text of old TeX fonts', () => {
  it('joins an accent drawn as its own glyph with the letter after it', async () => {
    // "Universit¨at": the dieresis (WinAnsi \250) and the acute (\264) are glyphs of their own
    const doc = await extractDocument(
      winAnsiPdf(['Ada Park', 'Universit\\250at Wien', 'Caf\\264e Central']),
      nodePdfAssets(),
    );
    const text = doc.lines.map(lineText);
    expect(text).toContain('Universität Wien');
    expect(text).toContain('Café Central');
  });
});

describe("poor man's bold", () => {
  it('reads a word drawn three times a hair apart once, as bold', async () => {
    // the overprinting some classes use for a bold face the font lacks
    const content = [
      ...[50, 50.15, 50.3].map((x) => `BT /F1 11 Tf ${x} 750 Td (Master of Arts) Tj ET`),
      'BT /F1 11 Tf 50 730 Td (Oak College) Tj ET',
    ].join('\n');
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ]);
    const doc = await extractDocument(pdf, nodePdfAssets());
    expect(doc.lines.map(lineText)).toEqual(['Master of Arts', 'Oak College']);
    expect(doc.lines.map((l) => l.segs[0]?.bold)).toEqual([true, false]);
  });
});

describe('a rail label and its text', () => {
  it('are set apart by a space of more than three quarters of an em, not by a word space', async () => {
    const content = [
      'BT /F1 11 Tf 50 750 Td [(2019) -900 (Master of Arts)] TJ ET',
      'BT /F1 11 Tf 50 730 Td [(Oak) -400 (College)] TJ ET',
    ].join('\n');
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ]);
    const doc = await extractDocument(pdf, nodePdfAssets());
    expect(doc.lines.map((l) => l.segs.map((s) => s.text))).toEqual([
      ['2019', 'Master of Arts'],
      ['Oak College'],
    ]);
  });
});

describe('page furniture', () => {
  const row = (page: number, y: number, ...cells: string[]): Line => ({
    // (a line low on the page stands apart from the text above it, as footers do)
    segs: cells.map((text, k) => ({
      text,
      x: 40 + k * 200,
      x2: 40 + k * 200 + 150,
      size: 8,
      bold: false,
    })),
    page,
    y,
    gap: y > 700 ? 3 : 1.2,
    bullet: false,
    colX: 40,
    colW: 520,
  });
  const pages = [1, 2].flatMap((p) => [
    row(p, 60, `Content of page ${p}`),
    row(p, 100, `More content of page ${p}`),
    row(p, 800, '12/12/17', '© Union of Somewhere, 2002-2017 | example.org', `Page ${p} / 2`),
  ]);
  it('drops a footer ending in the page number, and keeps the content', () => {
    const kept = dropPageFurniture(pages).map(lineText);
    expect(kept).toEqual([
      'Content of page 1',
      'More content of page 1',
      'Content of page 2',
      'More content of page 2',
    ]);
  });
  it('drops a footer naming the writer and numbering the pages on the first page too', () => {
    const feet = [1, 2].flatMap((p) => [
      row(p, 60, `Content of page ${p}`),
      row(p, 800, `Bram Mulder · ${p}`),
    ]);
    expect(dropPageFurniture(feet).map(lineText)).toEqual([
      'Content of page 1',
      'Content of page 2',
    ]);
  });
  it('drops a running header on the pages after the first', () => {
    const heads = [1, 2].flatMap((p) => [
      row(p, 30, 'Curriculum vitae', 'Betty Smith'),
      row(p, 60, `Content of page ${p}`),
      row(p, 90, `More content of page ${p}`),
    ]);
    expect(dropPageFurniture(heads).map(lineText)).toEqual([
      'Curriculum vitae Betty Smith',
      'Content of page 1',
      'More content of page 1',
      'Content of page 2',
      'More content of page 2',
    ]);
  });
  it('drops a footer repeated on later pages, keeping the first page’s (contact details)', () => {
    const feet = [1, 2, 3].flatMap((p) => [
      row(p, 60, `Content of page ${p}`),
      row(p, 800, '12 Somestreet, 3456 Somecity • jdoe@example.org'),
    ]);
    expect(dropPageFurniture(feet).map(lineText)).toEqual([
      'Content of page 1',
      '12 Somestreet, 3456 Somecity • jdoe@example.org',
      'Content of page 2',
      'Content of page 3',
    ]);
  });
  it('drops a header naming the writer and the page, and the date the CV was revised', () => {
    const lines = [
      row(1, 60, 'Content of page 1'),
      row(1, 800, 'Last updated: March 3, 2024'),
      row(2, 30, 'Ada Park | 2'),
      row(2, 60, 'Content of page 2'),
    ];
    expect(dropPageFurniture(lines).map(lineText)).toEqual([
      'Content of page 1',
      'Content of page 2',
    ]);
  });
  it('drops a foot line that titles the document and names its writer, even on one page', () => {
    const lines = [
      row(1, 60, 'Content of page 1'),
      row(1, 100, 'Languages'),
      row(1, 800, 'Resume · Ada Park', 'ada.example.org'),
    ];
    expect(dropPageFurniture(lines).map(lineText)).toEqual(['Content of page 1', 'Languages']);
  });
  it('keeps the contact details of a foot line that ends in the page number', () => {
    const feet = [1, 2].flatMap((p) => [
      row(p, 60, `Content of page ${p}`),
      row(p, 800, 'jdoe@example.org • www.example.org', `${p}/2`),
    ]);
    expect(dropPageFurniture(feet).map(lineText)).toEqual([
      'Content of page 1',
      'jdoe@example.org • www.example.org',
      'Content of page 2',
    ]);
  });
});

describe('a space item stretched past a date', () => {
  const item = (text: string, x: number, x2: number, y = 100) => ({ text, x, x2, y, size: 10 });
  it('ends where the next text on its baseline starts', () => {
    // "Role" ... glue running under the flush-right date and past it, toward a sidebar's gutter
    const [, space] = clipSpaces([
      item('Role', 40, 80),
      item(' ', 80, 375),
      item('2023', 320, 370),
    ]);
    expect(space?.x2).toBe(320);
  });
  it('keeps the gap it fills between a date and its entry, and ignores other baselines', () => {
    const items = [item('2019', 60, 100), item(' ', 100, 170), item('Degree', 170, 300)];
    expect(clipSpaces(items)[1]?.x2).toBe(170);
    const other = [item(' ', 100, 375), item('Sidebar', 200, 300, 90)];
    expect(clipSpaces(other)[0]?.x2).toBe(375);
  });
});

describe('columns headed by letter-spaced capitals', () => {
  it('are read one after the other, though their rows line up', async () => {
    // a sidebar and a main column whose lines share their baselines, each under a heading set
    // letter-spaced in bold capitals: the headings show the columns are independent
    const left = ['E D U C A T I O N', 'Oak College', '2015 - 2018', 'Vienna', 'S K I L L S'];
    const right = ['E X P E R I E N C E', 'Pine Labs', 'Analyst', 'Built reports', 'Led audits'];
    const more = ['Ran surveys', 'Wrote memos', 'Trained staff'];
    const bold = (t: string) => /^(\p{Lu} )+\p{Lu}$/u.test(t);
    const show = (x: number, y: number, t: string) =>
      `BT /${bold(t) ? 'F2' : 'F1'} 10 Tf ${x} ${y} Td (${t}) Tj ET`;
    const content = [
      show(50, 730, 'Ada Park'),
      ...left.map((t, n) => show(50, 700 - 14 * n, t)),
      ...[...right, ...more].map((t, n) => show(250, 700 - 14 * n, t)),
      ...['Python', 'Excel', 'SQL'].map((t, n) => show(50, 700 - 14 * (left.length + n), t)),
    ].join('\n');
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    ]);
    const doc = await extractDocument(pdf, nodePdfAssets());
    expect(doc.lines.map(lineText)).toEqual([
      'Ada Park',
      ...left,
      'Python',
      'Excel',
      'SQL',
      ...right,
      ...more,
    ]);
  });

  it('count as headings of bold capitals, their words run together', () => {
    expect(capsHeading({ text: 'E D U C A T I O N', bold: true })).toBe(true);
    expect(capsHeading({ text: 'B E R U F L I C H E  S T A T I O N E N', bold: true })).toBe(true);
    expect(capsHeading({ text: 'E D U C A T I O N', bold: false })).toBe(false);
    expect(capsHeading({ text: 'O A K  C O L L E G E  O F  F I N E  A R T S', bold: true })).toBe(
      false,
    );
  });
});

/** One page whose lines are runs of fonts: F1 Helvetica, F2 Helvetica-Bold, F3 CMBX12, F4 CMTI10. */
function runsPdf(
  lines: { y: number; x?: number; runs: [font: 1 | 2 | 3 | 4 | 5, text: string][] }[],
) {
  const content = lines
    .map(
      ({ y, x, runs }) =>
        `BT ${x ?? 50} ${y} Td ${runs.map(([f, t]) => `/F${f} 11 Tf (${t}) Tj`).join(' ')} ET`,
    )
    .join('\n');
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R /F5 9 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    font('CMBX12'),
    font('CMTI10'),
    font('CMSSI10'),
  ]);
}

describe('weight and slant', () => {
  it("tells TeX's bold fonts by name (CMBX12 is bold)", async () => {
    const doc = await extractDocument(
      runsPdf([
        { y: 750, runs: [[3, 'Education']] },
        { y: 730, runs: [[1, 'Oak College']] },
      ]),
      nodePdfAssets(),
    );
    expect(doc.lines.map((l) => l.segs[0]?.bold)).toEqual([true, false]);
  });

  it('keeps where a line changes weight at punctuation, not inside a phrase', async () => {
    const doc = await extractDocument(
      runsPdf([
        {
          y: 750,
          runs: [
            [2, 'Hill Country Grocers'],
            [1, ', Round Rock, TX'],
          ],
        },
        {
          y: 730,
          runs: [
            [2, 'Bachelor'],
            [1, ' in Physics'],
          ],
        },
        {
          y: 710,
          runs: [
            [4, 'Office Manager'],
            [1, ' - Riverside Clinic'],
          ],
        },
      ]),
      nodePdfAssets(),
    );
    expect(doc.lines.map((l) => l.segs.map((s) => s.runs))).toEqual([
      [['Hill Country Grocers', ', Round Rock, TX']],
      [undefined],
      [['Office Manager', '- Riverside Clinic']],
    ]);
    expect(doc.lines.map(lineText)).toEqual([
      'Hill Country Grocers, Round Rock, TX',
      'Bachelor in Physics',
      'Office Manager - Riverside Clinic',
    ]);
  });

  it("tells TeX's slanted sans serif (CMSSI10) by name: an employer set in it is a part", async () => {
    const doc = await extractDocument(
      runsPdf([
        {
          y: 750,
          runs: [
            [1, 'Software Engineer, '],
            [5, 'Tidewater Freight'],
            [1, ', Boulder'],
          ],
        },
      ]),
      nodePdfAssets(),
    );
    expect(doc.lines[0]?.segs[0]?.runs).toEqual([
      'Software Engineer,',
      'Tidewater Freight',
      ', Boulder',
    ]);
  });

  it('opens the next entry at a bold head after plain items, set where their glyphs stand', async () => {
    const data = await parseResume(
      runsPdf([
        { y: 750, x: 40, runs: [[2, 'Maria Lopez']] },
        { y: 734, x: 40, runs: [[1, 'maria.lopez@example.com']] },
        { y: 700, x: 40, runs: [[2, 'EXPERIENCE']] },
        { y: 684, x: 56, runs: [[2, 'Larkspur Analytics']] },
        { y: 684, x: 450, runs: [[1, 'Denver, CO']] },
        { y: 670, x: 56, runs: [[1, 'Senior Data Engineer']] },
        { y: 670, x: 450, runs: [[1, 'Mar 2021 - Present']] },
        { y: 656, x: 56, runs: [[1, '\\225 Built a streaming pipeline for reports']] },
        { y: 642, x: 56, runs: [[1, '\\225 Led a team of four engineers']] },
        { y: 626, x: 56, runs: [[2, 'Tidewater Freight']] },
        { y: 626, x: 450, runs: [[1, 'Boulder, CO']] },
        { y: 612, x: 56, runs: [[1, 'Software Engineer']] },
        { y: 612, x: 450, runs: [[1, 'Jun 2017 - Feb 2021']] },
        { y: 598, x: 56, runs: [[1, '\\225 Rewrote the billing service in Go']] },
      ]),
      nodePdfAssets(),
    );
    expect(data.experience?.map((e) => [e.company, e.position, e.description?.length])).toEqual([
      ['Larkspur Analytics', 'Senior Data Engineer', 2],
      ['Tidewater Freight', 'Software Engineer', 1],
    ]);
  });

  it('sets an employer in bold apart from its town: no town swallows it', async () => {
    const data = await parseResume(
      runsPdf([
        { y: 750, runs: [[2, 'Maria Lopez']] },
        { y: 734, runs: [[1, 'maria.lopez@example.com']] },
        { y: 700, runs: [[2, 'EXPERIENCE']] },
        {
          y: 684,
          runs: [
            [2, 'Hill Country Grocers'],
            [1, ', Round Rock, TX'],
          ],
        },
        { y: 684, x: 450, runs: [[1, 'May 2018 - May 2021']] },
        { y: 670, runs: [[1, 'Shift Supervisor']] },
        { y: 656, x: 62, runs: [[1, '\\225 Trained new cashiers on the registers']] },
      ]),
      nodePdfAssets(),
    );
    expect(data.experience).toEqual([
      expect.objectContaining({
        company: 'Hill Country Grocers',
        position: 'Shift Supervisor',
        location: 'Round Rock, TX',
        dates: 'May 2018 - May 2021',
      }),
    ]);
  });
});
