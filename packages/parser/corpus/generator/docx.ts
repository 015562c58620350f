/**
 * Word documents written with the `docx` library, the way people build resumes in Word: heading
 * styles or bold paragraphs, dates on a right tab stop or in a table cell, list numbering or typed
 * bullet glyphs, a sidebar table, the name and contact details in the page header, a page-number
 * footer. Like html.ts it prints every field of the persona and nothing else the gold holds.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  PageNumber,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { SectionKey } from './bank/languages.ts';
import type { Persona } from './persona.ts';

export interface DocxStyle {
  /** Word's Heading 1 / Heading 2 styles; otherwise bold (often capitalised) normal paragraphs. */
  headingStyles: boolean;
  upperHeadings?: boolean;
  /** Dates on a right tab stop, in a right table cell, or on their own line. */
  dates: 'tab' | 'table' | 'line';
  /** Real list numbering (a bullet list) or a typed glyph at the start of each paragraph. */
  bullets: 'numbering' | 'typed' | 'none';
  /** Name and contact in the page header (Word's "header" area). */
  contactInHeader?: boolean;
  /** A footer with "Page N". */
  pageFooter?: boolean;
  /** A two-column table as the whole page: sidebar cell (contact, skills, languages) and main. */
  sidebarTable?: boolean;
  /** Europass-like: every section a table of label cell | content cell. */
  labelTable?: boolean;
  font: string;
  order: SectionKey[];
}

const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const noBorders = {
  top: none,
  bottom: none,
  left: none,
  right: none,
  insideHorizontal: none,
  insideVertical: none,
};

const run = (
  text: string,
  o: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {},
) => new TextRun({ text, ...o });

export function renderDocx(p: Persona, s: DocxStyle): Document {
  const para = (children: ParagraphChild[], extra: Record<string, unknown> = {}) =>
    new Paragraph({ children, ...extra });
  const heading = (key: SectionKey) => {
    const text = s.upperHeadings ? p.headings[key].toUpperCase() : p.headings[key];
    return s.headingStyles
      ? new Paragraph({ text, heading: HeadingLevel.HEADING_1 })
      : para([run(text, { bold: true, size: 26 })], { spacing: { before: 240, after: 80 } });
  };
  const bullet = (text: string) =>
    s.bullets === 'numbering'
      ? new Paragraph({ children: [run(text)], numbering: { reference: 'bul', level: 0 } })
      : para([run(s.bullets === 'typed' ? `• ${text}` : text)]);
  const headRow = (left: ParagraphChild[], dates: string): (Paragraph | Table)[] => {
    if (!dates) return [para(left)];
    if (s.dates === 'tab')
      return [
        para([...left, new TextRun({ children: [new Tab(), dates] })], {
          tabStops: [{ type: TabStopType.RIGHT, position: 9000 }],
        }),
      ];
    if (s.dates === 'table')
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          borders: noBorders,
          rows: [
            new TableRow({
              children: [
                new TableCell({
                  width: { size: 72, type: WidthType.PERCENTAGE },
                  borders: noBorders,
                  children: [para(left)],
                }),
                new TableCell({
                  width: { size: 28, type: WidthType.PERCENTAGE },
                  borders: noBorders,
                  children: [para([run(dates)], { alignment: AlignmentType.RIGHT })],
                }),
              ],
            }),
          ],
        }),
      ];
    return [para(left), para([run(dates, { italics: true })])];
  };

  const contactLines = (): Paragraph[] => {
    const items = [p.location, p.phone, p.email, p.linkedin, p.github, p.portfolio].filter(
      (x): x is string => !!x,
    );
    return items.map((x) => para([run(x)]));
  };

  const section = (key: SectionKey, inSide: boolean): (Paragraph | Table)[] => {
    const out: (Paragraph | Table)[] = [];
    switch (key) {
      case 'summary':
        if (p.summary) out.push(para([run(p.summary)]));
        break;
      case 'experience':
        for (const e of p.experience) {
          out.push(...headRow([run(e.position, { bold: true }), run(`, ${e.company}`)], e.dates));
          if (e.location) out.push(para([run(e.location, { italics: true })]));
          e.bullets.forEach((b) => out.push(bullet(b)));
          if (e.technologies?.length)
            out.push(para([run(e.technologies.join(', '), { italics: true })]));
        }
        break;
      case 'education':
        for (const e of p.education) {
          out.push(...headRow([run(e.institution, { bold: true })], e.dates));
          out.push(para([run(e.degreeLine)]));
          if (e.location) out.push(para([run(e.location, { italics: true })]));
          if (e.gpa) out.push(para([run(`${e.gpa.label}: ${e.gpa.value}`)]));
        }
        break;
      case 'skills':
        for (const g of p.skills) {
          if (inSide) {
            if (g.label) out.push(para([run(g.label, { bold: true })]));
            g.items.forEach((i) => out.push(para([run(i)])));
          } else
            out.push(
              para([
                ...(g.label ? [run(`${g.label}: `, { bold: true })] : []),
                run(g.items.join(', ')),
              ]),
            );
        }
        break;
      case 'projects':
        for (const x of p.projects) {
          out.push(
            para([
              run(x.name, { bold: true }),
              ...(x.technologies?.length
                ? [run(` (${x.technologies.join(', ')})`, { italics: true })]
                : []),
            ]),
          );
          x.bullets.forEach((b) => out.push(bullet(b)));
        }
        break;
      case 'languages':
        p.languages.forEach((l) => out.push(para([run(`${l.name}: ${l.level}`)])));
        break;
      case 'awards':
        p.awards.forEach((a) => out.push(bullet(a)));
        break;
      case 'certifications':
        p.certifications.forEach((a) => out.push(bullet(a)));
        break;
      case 'volunteering':
        p.volunteering.forEach((a) => out.push(bullet(a)));
        break;
      case 'publications':
        p.publications.forEach((x, i) =>
          out.push(
            para([
              run(`[${i + 1}] ${x.authors}. `),
              run(x.title, { bold: true }),
              run(`. ${x.venue}, ${x.year}.`, { italics: false }),
            ]),
          ),
        );
        break;
      case 'interests':
        if (p.interests.length) out.push(para([run(p.interests.join(', '))]));
        break;
      case 'references':
        if (p.references) out.push(para([run(p.references)]));
        break;
      case 'contact':
        out.push(...contactLines());
        break;
    }
    if (!out.length) return [];
    if (s.labelTable && !inSide) {
      const label = s.upperHeadings ? p.headings[key].toUpperCase() : p.headings[key];
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          borders: noBorders,
          rows: [
            new TableRow({
              children: [
                new TableCell({
                  width: { size: 25, type: WidthType.PERCENTAGE },
                  borders: noBorders,
                  children: [para([run(label, { bold: true, color: '1F4E79' })])],
                }),
                new TableCell({
                  width: { size: 75, type: WidthType.PERCENTAGE },
                  borders: noBorders,
                  children:
                    out.filter((x): x is Paragraph => x instanceof Paragraph).length === out.length
                      ? out
                      : out,
                }),
              ],
            }),
          ],
        }),
        para([]),
      ];
    }
    return [heading(key), ...out];
  };

  const nameBlock: Paragraph[] = [
    new Paragraph({
      children: [run(p.name, { bold: true, size: 40 })],
      ...(s.headingStyles ? { heading: HeadingLevel.TITLE } : {}),
    }),
    ...(p.title ? [para([run(p.title, { size: 26, color: '444444' })])] : []),
  ];
  const sideKeys: SectionKey[] = s.sidebarTable
    ? ['contact', 'skills', 'languages', 'certifications']
    : [];
  const mainKeys = s.order.filter((k) => !sideKeys.includes(k) && k !== 'contact');
  const contactPara = para([
    run(
      [p.location, p.phone, p.email, p.linkedin, p.github, p.portfolio].filter(Boolean).join(' | '),
    ),
  ]);

  let children: (Paragraph | Table)[];
  const headerChildren: Paragraph[] = [];
  if (s.contactInHeader) headerChildren.push(...nameBlock, contactPara);
  if (s.sidebarTable) {
    const side = sideKeys.flatMap((k) => section(k, true));
    const main = mainKeys.flatMap((k) => section(k, false));
    children = [
      ...(s.contactInHeader ? [] : nameBlock),
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: noBorders,
        rows: [
          new TableRow({
            children: [
              new TableCell({
                width: { size: 32, type: WidthType.PERCENTAGE },
                borders: noBorders,
                shading: { fill: 'EDEFF2' },
                children: side.length ? side : [para([])],
              }),
              new TableCell({
                width: { size: 68, type: WidthType.PERCENTAGE },
                borders: noBorders,
                children: main.length ? main : [para([])],
              }),
            ],
          }),
        ],
      }),
    ];
  } else {
    children = [
      ...(s.contactInHeader ? [] : [...nameBlock, contactPara]),
      ...mainKeys.flatMap((k) => section(k, false)),
    ];
  }
  return new Document({
    creator: 'Microsoft Office User',
    styles: { default: { document: { run: { font: s.font, size: 21 } } } },
    numbering: {
      config: [
        {
          reference: 'bul',
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '•',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 400, hanging: 260 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        ...(headerChildren.length
          ? { headers: { default: new Header({ children: headerChildren }) } }
          : {}),
        ...(s.pageFooter
          ? {
              footers: {
                default: new Footer({
                  children: [
                    new Paragraph({
                      alignment: AlignmentType.CENTER,
                      children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })],
                    }),
                  ],
                }),
              },
            }
          : {}),
        children,
      },
    ],
  });
}
