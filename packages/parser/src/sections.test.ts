import { describe, expect, it } from 'vitest';
import { splitSections } from './sections.ts';
import { structure } from './structure.ts';
import type { Line } from './types.ts';

let y = 0;
function line(text: string, colX: number, opts: { size?: number; gap?: number } = {}): Line {
  const size = opts.size ?? 10;
  y += 14;
  return {
    segs: [{ text, x: colX, x2: colX + text.length * 5, size, bold: false }],
    page: 1,
    y,
    gap: opts.gap ?? 1.4,
    bullet: false,
    colX,
    colW: colX < 100 ? 140 : 380,
  };
}

describe('a paragraph opening the main column beside a sidebar', () => {
  const sidebar = [
    line('Ada Park', 20, { size: 16, gap: 10 }),
    line('ada@example.org', 20),
    line('Skills', 20, { size: 12, gap: 3 }),
    line('Rust, Go, SQL', 20),
  ];
  const main = (para: string[]) => [
    ...para.map((t, i) => line(t, 180, { gap: i ? 1.4 : 10 })),
    line('Experience', 180, { size: 12, gap: 3 }),
    line('Orbit Systems, Backend Engineer, 2019 – 2023', 180),
  ];
  it('is the summary when it is prose up to the first heading', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        ...sidebar,
        ...main([
          'Backend engineer with eight years of experience building payment and',
          'logistics systems. Enjoys turning slow batch jobs into fast streaming services.',
        ]),
      ],
    });
    expect(parsed.summary).toBe(
      'Backend engineer with eight years of experience building payment and logistics systems. Enjoys turning slow batch jobs into fast streaming services.',
    );
    expect(parsed.skills?.technical).toEqual(['Rust', 'Go', 'SQL']);
  });
  it('is not a summary when it is a short list of items', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [...sidebar, ...main(['Kotlin', 'Swift'])],
    });
    expect(parsed.summary).toBeUndefined();
  });
});

describe('an introduction under a title of its own, above the first heading', () => {
  const resume = (intro: string[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 50, { size: 20, gap: 10 }),
        line('Leeds, UK | ada@example.org', 50),
        line('A Few Words First', 50, { size: 12, gap: 2 }),
        ...intro.map((t) => line(t, 50)),
        line('Experience', 50, { size: 12, gap: 2 }),
        line('Orbit Systems, Backend Engineer, 2019 – 2023', 50),
        line('Education', 50, { size: 12, gap: 2 }),
        line('Northfield University, B.Sc. in Mathematics, 2015 – 2018', 50),
      ],
    });
  it('is the summary when it is prose in the headings’ style', () => {
    const parsed = resume([
      'Backend engineer with eight years of experience building payment and',
      'logistics systems. Enjoys turning slow batch jobs into fast streaming services.',
    ]);
    expect(parsed.summary).toBe(
      'Backend engineer with eight years of experience building payment and logistics systems. Enjoys turning slow batch jobs into fast streaming services.',
    );
    expect(parsed.contact?.name).toBe('Ada Park');
    expect(parsed.experience).toHaveLength(1);
  });
  it('is no summary when what follows the title is no prose', () => {
    expect(resume(['Rust, Go, SQL']).summary).toBeUndefined();
  });
});

describe('several degrees under one school', () => {
  it('gives each degree the school above it', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 50, { size: 16, gap: 10 }),
        line('Education', 50, { size: 12, gap: 3 }),
        line('Northfield University, Leeds, UK', 50),
        line('M.Sc. in Data Science, 2018 – 2019', 50),
        line('B.Sc. in Mathematics, 2015 – 2018', 50),
      ],
    });
    expect(parsed.education?.map((e) => [e.institution, e.degree])).toEqual([
      ['Northfield University', 'M.Sc.'],
      ['Northfield University', 'B.Sc.'],
    ]);
  });
});

describe('sub-headings', () => {
  it('keeps an entry that reads like a heading, right under its heading, in that section', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 50, { size: 16, gap: 10 }),
        line('Skills', 50, { size: 9, gap: 3 }),
        line('Data Technologies', 50, { gap: 2 }),
        line('Spark, Kafka', 50),
        line('Certifications', 50, { size: 9, gap: 3 }),
        line('Full-Stack Development', 50, { gap: 2 }),
        line('Open Academy', 50),
        line('2021', 50),
      ],
    });
    expect(parsed.skills).toEqual({
      technical: ['Spark', 'Kafka'],
      certifications: ['Full-Stack Development'],
    });
  });
});

describe('Portuguese headings in the plural', () => {
  it('read academic experience as schooling and the presentation as the summary', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ana Souza', 50, { size: 20, gap: 10 }),
        line('ana@example.com.br', 50),
        line('Apresentação', 50, { size: 13, gap: 2.5 }),
        line('Desenvolvedora com foco em sistemas de pagamento.', 50),
        line('Experiências acadêmicas', 50, { size: 13, gap: 2.5 }),
        line('Universidade Federal do Paraná, Bacharelado, Ciência da Computação, 2021', 50),
        line('Informações adicionais', 50, { size: 13, gap: 2.5 }),
        line('Disponível para viagens.', 50),
      ],
    });
    expect(parsed.summary).toBe('Desenvolvedora com foco em sistemas de pagamento.');
    expect(parsed.experience).toBeUndefined();
    expect(parsed.education?.[0]).toMatchObject({
      institution: 'Universidade Federal do Paraná',
      degree: 'Bacharelado',
      dates: '2021',
    });
  });
});

describe('headings in the document’s heading style', () => {
  const bold = (l: Line): Line => ({ ...l, segs: l.segs.map((s) => ({ ...s, bold: true })) });
  const parsed = structure({
    kind: 'pdf',
    links: [],
    lines: [
      line('Ada Park', 50, { size: 20, gap: 10 }),
      line('ada@example.org', 50),
      bold(line('Level of education', 50, { size: 11, gap: 2 })),
      line('Doctor of Veterinary Medicine', 50),
      bold(line('Doctorate', 50, { size: 14, gap: 2 })),
      line('2015 Doctor of Veterinary Medicine, Free University of Berlin', 50),
      bold(line('Studies', 50, { size: 14, gap: 2 })),
      line('2006 – 2012 Diploma in Veterinary Medicine, Free University of Berlin', 50),
      bold(line('Practical jobs', 50, { size: 14, gap: 2 })),
      line('2003 – 2004 Veterinary practice Dr Hauser, Berlin', 50),
      bold(line('Special knowledge', 50, { size: 14, gap: 2 })),
      line('General veterinary medicine, Reptiles', 50),
    ],
  });
  it('start sections of their own when they repeat a kind, and name the kind they mean', () => {
    expect(parsed.education?.map((e) => e.dates)).toEqual(
      expect.arrayContaining(['2015', '2006 – 2012']),
    );
    expect(parsed.experience?.map((e) => e.dates)).toEqual(['2003 – 2004']);
    expect(parsed.skills?.technical).toEqual(['General veterinary medicine', 'Reptiles']);
  });
});

describe('a rail of labels set flush right against their content (Europass)', () => {
  /** Where a label set flush right against the rail's edge (x 176) starts. */
  const rail = (text: string) => 176 - text.length * 4.6;
  const cells = (size: number, ...parts: [string, number][]): Line => {
    y += 14;
    return {
      segs: parts.map(([text, x]) => ({ text, x, x2: x + text.length * 4.6, size, bold: false })),
      page: 1,
      y,
      gap: 2.4,
      bullet: false,
      colX: 43,
      colW: 510,
    };
  };
  const parsed = structure({
    kind: 'pdf',
    links: [],
    lines: [
      cells(14, ['Betty Smith', 184]),
      cells(9, ['betty@example.org', 184]),
      cells(9, ['WORK EXPERIENCE', 93]),
      cells(9, ['2010 – Present', 100], ['Youth worker, Harbour Trust, Brussels', 184]),
      cells(9, ['PERSONAL SKILLS', 93]),
      cells(9, ['Mother tongue(s)', rail('Mother tongue(s)')], ['English', 184]),
      cells(
        9,
        ['Other language(s)', rail('Other language(s)')],
        ['UNDERSTANDING', 184],
        ['SPEAKING', 300],
      ),
      cells(8, ['Listening', 184], ['Reading', 240], ['Spoken interaction', 300]),
      cells(9, ['French', rail('French')], ['C1', 200], ['C2', 250], ['B2', 300]),
      cells(8, ['Dalf C1', 352]),
      cells(9, ['German', rail('German')], ['A2', 200], ['A2', 250], ['A2', 300]),
      cells(8, ['Levels: A1 and A2: Basic user - B1 and B2: Independent user', 184]),
      cells(9, ['Digital skills', rail('Digital skills')], ['Python, SQL, HTML', 184]),
      cells(9, ['Driving licence', rail('Driving licence')], ['A, B', 184]),
    ],
  });
  it('reads each label as a section of its kind, and only the languages of the grid', () => {
    expect(parsed.verbal_languages).toEqual(['English', 'French', 'German']);
    expect(parsed.skills?.technical).toEqual(['Python', 'SQL', 'HTML']);
  });
});

describe('a rail label on a page whose column starts elsewhere', () => {
  const row = (page: number, colX: number, ...parts: [string, number, number, number][]): Line => {
    y += 14;
    return {
      segs: parts.map(([text, x, x2, size]) => ({ text, x, x2, size, bold: false })),
      page,
      y,
      gap: 2.2,
      bullet: false,
      colX,
      colW: 480,
    };
  };
  const parsed = structure({
    kind: 'pdf',
    links: [],
    lines: [
      row(1, 43, ['Ada Park', 184, 260, 16]),
      row(1, 43, ['ada@example.org', 184, 250, 9]),
      row(1, 43, ['Experience', 43, 150, 16], ['Backend Engineer', 184, 280, 12]),
      row(1, 43, ['Orbit Systems, 2019 – 2023', 184, 300, 9]),
      row(1, 43, ['Built the billing service.', 184, 300, 9]),
      // (a large label leaves a narrow gap before its content)
      row(2, 60, ['Languages', 60, 174, 16], ['English', 184, 220, 12]),
      row(2, 60, ['Native speaker', 184, 250, 9]),
    ],
  });
  it('is read as the label when the content starts where the other pages’ content does', () => {
    expect(parsed.verbal_languages).toEqual(['English']);
  });
});

describe('a heading set like the entry titles, bold at body size', () => {
  const bold = (l: Line): Line => ({ ...l, segs: l.segs.map((s) => ({ ...s, bold: true })) });
  const parsed = structure({
    kind: 'docx',
    links: [],
    lines: [
      bold(line('Ava Lind', 50, { size: 14, gap: 1.2 })),
      line('ava@example.org', 50, { gap: 1.2 }),
      bold(line('Experience', 50, { gap: 2.5 })),
      bold(line('Digital Strategist', 50, { gap: 1.2 })),
      bold(line('Brandlab Studio, Bandung', 50, { gap: 1.2 })),
      line('Jul 2017 – Feb 2020', 50, { gap: 1.2 }),
      bold(line('Education', 50, { gap: 2.5 })),
      bold(line('B.A. in Communication', 50, { gap: 1.2 })),
      line('Universitas Indonesia – 2014', 50, { gap: 1.2 }),
      bold(line('Creative Tools', 50, { gap: 2.5 })),
      line('Design: Photoshop, Illustrator, Canva', 50, { gap: 1.2 }),
    ],
  });
  it('is told from them by the wider space above it', () => {
    expect(parsed.skills?.technical).toEqual(['Photoshop', 'Illustrator', 'Canva']);
    expect(parsed.education).toHaveLength(1);
  });
});

describe('a language with its level and a comment in smaller type', () => {
  it('names the language only', () => {
    const row = (lang: string, level: string, note: string): Line => {
      y += 14;
      return {
        segs: [
          { text: lang, x: 60, x2: 100, size: 10, bold: false },
          { text: level, x: 140, x2: 200, size: 11, bold: true },
          { text: note, x: 240, x2: 500, size: 9, bold: false },
        ],
        page: 1,
        y,
        gap: 1.6,
        bullet: false,
        colX: 50,
        colW: 480,
      };
    };
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 50, { size: 20, gap: 10 }),
        line('ada@example.org', 50),
        line('Languages', 50, { size: 14, gap: 2 }),
        row('Dutch', 'Near-native', 'Primary school in Ghent, for the'),
        row('Mandarin', 'Elementary', 'Evening classes, second year'),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Dutch', 'Mandarin']);
  });
});

describe('a heading that names programming languages', () => {
  it('is a skills section, not spoken languages', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Mara Quint', 200, { size: 18, gap: 10 }),
        line('mara@example.org', 200),
        line('Programming Languages', 200, { size: 13, gap: 3 }),
        line('Python, Rust, Haskell', 200),
        line('Education', 200, { size: 13, gap: 3 }),
        line('BSc Computer Science, Lakeside University, 2015 – 2018', 200),
      ],
    });
    expect(parsed.skills?.technical).toEqual(['Python', 'Rust', 'Haskell']);
    expect(parsed.verbal_languages).toBeUndefined();
  });
});

describe('prose right under the name, above the first heading', () => {
  const intro = [
    'Backend engineer who likes quiet systems, short feedback loops and careful',
    'migrations. Ten years of keeping payment services fast and boring.',
  ];
  const parse = (before: string[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Mara Quint', 200, { size: 18, gap: 10 }),
        ...before.map((t) => line(t, 200)),
        ...intro.map((t) => line(t, 200)),
        line('Education', 200, { size: 13, gap: 3 }),
        line('BSc Computer Science, Lakeside University, 2015 – 2018', 200),
      ],
    });
  it('is the summary', () => {
    expect(parse([]).summary).toBe(intro.join(' '));
  });
  it('is no summary in a letter', () => {
    expect(parse(['Dear Ms Hale,']).summary).toBeUndefined();
  });
});

describe("a sidebar's contact block read after the main column", () => {
  it('goes to the header, not to the section the main column left open', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 20, { size: 16, gap: 10 }),
        line('Experience', 20, { size: 12, gap: 3 }),
        line('Backend Engineer, Orbit Systems', 20),
        line('Built the billing service.', 20),
        line('Education', 20, { size: 12, gap: 3 }),
        line('BSc Computer Science, Lake University', 20),
        // the sidebar on the right, its contact details above its first heading
        line('ada@example.org · +44 20 7946 0958', 300, { gap: 10 }),
        line('Leeds, United Kingdom · github.com/adapark', 300),
        line('Skills', 300, { size: 12, gap: 3 }),
        line('Rust, Go, SQL', 300),
      ],
    });
    expect(parsed.contact?.phone).toBe('+44 20 7946 0958');
    expect(parsed.education?.[0]?.institution).toBe('Lake University');
    expect(JSON.stringify(parsed.education)).not.toContain('ada@example.org');
    expect(parsed.skills?.technical).toEqual(['Rust', 'Go', 'SQL']);
  });
});

describe('headings set apart by size alone', () => {
  // headings one size above the body, plain; a German tabular CV's rows under them
  const heading = (t: string) => line(t, 40, { size: 12, gap: 3.2 });
  const row = (date: string, text: string, gap = 1.9): Line => {
    const l = line(text, 40, { gap });
    return {
      ...l,
      segs: [
        { text: date, x: 40, x2: 80, size: 10, bold: false },
        { text, x: 140, x2: 140 + text.length * 5, size: 10, bold: false },
      ],
    };
  };
  const under = (t: string) => ({
    ...line(t, 40, { gap: 1.2 }),
    segs: [{ text: t, x: 140, x2: 140 + t.length * 5, size: 10, bold: false }],
  });
  const lines = [
    line('Ada Park', 40, { size: 16, gap: 10 }),
    heading('Berufserfahrung'),
    row('2019 – 2023', 'Backend Engineer'),
    under('Einrichtung: Orbit Systems GmbH, Leeds'),
    heading('Kenntnisse'),
    line('Programmieren', 40, { gap: 1.9 }),
    under('Rust, Go, SQL'),
    // a plain line at body size: a label among the skills, no heading
    line('Interessen', 40, { gap: 1.9 }),
    under('Lesen, Wandern'),
    // in the heading style and as far below the text above as the headings: a heading
    line('Seminare', 40, { size: 12, gap: 3.1 }),
    row('2014', 'Konfliktmanagement'),
    under('Bildungseinrichtung: Lake University, Leeds'),
    row('2013', 'Projektcontrolling'),
    under('Bildungseinrichtung: Lake University, Leeds'),
    heading('Ausbildung'),
    row('2010 – 2014', 'BSc Informatik'),
    under('Bildungseinrichtung: Hill College'),
  ];
  const parsed = structure({ kind: 'pdf', links: [], lines });
  it('do not make a plain line at body size a heading', () => {
    expect(splitSections(lines).sections.map((s) => s.title)).toEqual([
      'Berufserfahrung',
      'Kenntnisse',
      'Seminare',
      'Ausbildung',
    ]);
  });
  it('take a line in their style and spacing outside the vocabulary, and read dated entries at a school under it as education', () => {
    expect(parsed.education?.map((e) => e.dates)).toEqual(['2014', '2013', '2010 – 2014']);
    expect(parsed.skills?.technical).not.toContain('Konfliktmanagement');
  });
});

describe('a heading word set smaller than the headings, in their column', () => {
  it('titles a group of entries within the section, not a section of its own', () => {
    const head = (text: string) => line(text, 180, { size: 11, gap: 1.6 });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('王小明', 180, { size: 20, gap: 10 }),
        line('教育背景', 180, { size: 14, gap: 3 }),
        head('2012 – 2016   学士, 浙江大学, 杭州.'),
        line('工作经历', 180, { size: 14, gap: 3 }),
        line('专业', 180, { size: 12, gap: 1.6 }),
        head('2016 – 2019   分析师, 某某科技公司, 上海.'),
        // "其他" ("other") names a section too, where it is set as the headings are
        line('其他', 180, { size: 12, gap: 1.6 }),
        head('2019 – 2023   导游, 某某旅行社, 桂林.'),
        line('语言能力', 180, { size: 14, gap: 3 }),
        line('英语, 日语', 180),
      ],
    });
    expect(parsed.experience?.map((e) => e.dates)).toEqual(['2016 – 2019', '2019 – 2023']);
  });
});

describe('a line with a comma in the heading style, set much larger than the body', () => {
  it('is a heading of its own, not an item of the section above', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 180, { size: 30, gap: 10 }),
        line('Education', 180, { size: 18, gap: 3 }),
        line('BSc Physics, Lund University, 2012 – 2016', 180),
        line('Skills', 180, { size: 18, gap: 3 }),
        line('Rust, Go, SQL', 180),
        line('Odds, Ends and the Rest', 180, { size: 18, gap: 3 }),
        line('Chess club', 180),
      ],
    });
    expect(parsed.skills?.technical).toEqual(['Rust', 'Go', 'SQL']);
  });
});

describe('a letter-spaced heading whose words extraction set apart as segments', () => {
  it('is read word by word, behind a list glyph taken from its icon', () => {
    const spaced = (words: string[], gap = 3): Line => {
      y += 14;
      let x = 180;
      const segs = words.map((w) => {
        const text = [...w].join(' ');
        const seg = { text, x, x2: x + text.length * 4, size: 10, bold: true };
        x = seg.x2 + 12;
        return seg;
      });
      return { segs, page: 1, y, gap, bullet: true, colX: 180, colW: 380 };
    };
    const { sections } = splitSections(
      [
        line('Ada Park', 180, { size: 20, gap: 10 }),
        spaced(['KENNTNISSE']),
        line('Rust, Go, SQL', 180),
        spaced(['BERUFLICHE', 'STATIONEN']),
        line('Orbit Systems', 180),
        line('2019 – 2023', 180),
        spaced(['AUS-', 'UND', 'WEITERBILDUNG']),
        line('BSc Physics', 180),
      ],
      { model: false },
    );
    expect(sections.map((s) => s.kind)).toEqual(['skills', 'experience', 'education']);
  });
});

describe('a letter-spaced heading set on two lines', () => {
  it('names its section by both lines, and its second line is no content', () => {
    const caps = (t: string, gap = 3) => {
      const l = line([...t].join(' '), 40, { gap });
      return { ...l, segs: l.segs.map((s) => ({ ...s, bold: true })) };
    };
    const { sections } = splitSections(
      [
        line('Ada Park', 40, { size: 20, gap: 10 }),
        caps('AUS- UND'),
        caps('WEITERBILDUNG', 1.2),
        line('BSc Physics', 40),
        {
          ...line('KONTAKT', 40, { gap: 3 }),
          segs: [{ text: 'KONTAKT', x: 40, x2: 80, size: 10, bold: true }],
        },
        line('ada@example.org', 40),
      ],
      { model: false },
    );
    expect(sections.map((s) => [s.kind, s.lines.length])).toEqual([
      ['education', 1],
      ['contact', 1],
    ]);
  });

  it('names its section when an icon before its first line was read as a list glyph', () => {
    const caps = (t: string, gap = 3, bullet = false) => {
      const l = line([...t].join(' '), 40, { gap });
      return { ...l, bullet, segs: l.segs.map((s) => ({ ...s, bold: true })) };
    };
    const { sections } = splitSections(
      [
        line('Ada Park', 40, { size: 20, gap: 10 }),
        caps('PERSOONLIJKE', 3, true),
        caps('GEGEVENS', 1.2),
        line('ada@example.org', 40),
        {
          ...line('OPLEIDING', 40, { gap: 3 }),
          segs: [{ text: 'OPLEIDING', x: 40, x2: 85, size: 10, bold: true }],
        },
        line('BSc Natuurkunde', 40),
      ],
      { model: false },
    );
    expect(sections.map((s) => [s.kind, s.lines.length])).toEqual([
      ['contact', 1],
      ['education', 1],
    ]);
  });
});

describe('a heading wrapped onto a second line in a narrow column', () => {
  it('is the kind both lines name together ("COMPÉTENCES" / "LINGUISTIQUES")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Léa Martin', 20, { size: 16, gap: 10 }),
        line('lea@example.org', 20),
        line('COMPÉTENCES', 20, { size: 12, gap: 3 }),
        line('Rust, Go, SQL', 20),
        line('COMPÉTENCES', 20, { size: 12, gap: 3 }),
        line('LINGUISTIQUES', 20, { size: 12, gap: 1.2 }),
        line('Français', 20),
        line('Anglais', 20),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Français', 'Anglais']);
    expect(parsed.skills?.technical).toEqual(['Rust', 'Go', 'SQL']);
  });
  it('joins a first line that names nothing alone ("CONOSCENZE" / "LINGUISTICHE")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Luca Rossi', 20, { size: 16, gap: 10 }),
        line('luca@example.org', 20),
        line('COMPETENZE', 20, { size: 12, gap: 3 }),
        line('Rust, Go, SQL', 20),
        line('FORMAZIONE', 20, { size: 12, gap: 3 }),
        line('Laurea in Informatica, Politecnico di Milano, 2015 – 2018', 20),
        line('CONOSCENZE', 20, { size: 12, gap: 3 }),
        line('LINGUISTICHE', 20, { size: 12, gap: 1.2 }),
        line('Italiano', 20),
        line('Inglese', 20),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Italiano', 'Inglese']);
  });
});
