import { describe, expect, it } from 'vitest';
import { structure } from './structure.ts';
import type { Line } from './types.ts';

let y = 0;
function line(text: string, x: number, opts: { size?: number; gap?: number } = {}): Line {
  const size = opts.size ?? 10;
  y += 12;
  return {
    segs: [{ text, x, x2: x + text.length * size * 0.5, size, bold: false }],
    page: 1,
    y,
    gap: opts.gap ?? 1.3,
    bullet: false,
    colX: 20,
    colW: 560,
  };
}

describe('an icon read as a letter before a linked address', () => {
  it('is no part of the address', () => {
    const links: Line = {
      ...line('jane@example.org', 90),
      segs: [
        { text: 'jane@example.org', x: 90, x2: 170, size: 10, bold: false },
        {
          text: 'Õ www.janeroe.example',
          x: 200,
          x2: 300,
          size: 10,
          bold: false,
          url: 'http://www.janeroe.example/',
        },
      ],
    };
    const parsed = structure({
      kind: 'pdf',
      links: ['http://www.janeroe.example/'],
      lines: [
        line('Jane Roe', 90, { size: 16, gap: 10 }),
        links,
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact?.portfolio).toBe('www.janeroe.example');
  });
});

describe('a Chinese personal-information block', () => {
  it('reads the place after its label, and the name printed twice is no headline', () => {
    const parsed = structure({
      kind: 'docx',
      links: [],
      lines: [
        line('王小明', 20, { size: 26, gap: 10 }),
        line('王小明', 20, { size: 26 }),
        line('个人信息', 20, { size: 18, gap: 2.5 }),
        line('年 龄 ： 24', 20),
        line('邮 箱 ： wang@example.cn', 20),
        line('现住城市： 杭州市西湖区', 20),
        line('工作经历', 20, { size: 18, gap: 2.5 }),
        line('某某网络公司, 后端开发, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact).toMatchObject({
      name: '王小明',
      email: 'wang@example.cn',
      location: '杭州市西湖区',
    });
    expect(parsed.contact?.title).toBeUndefined();
    expect(parsed.summary).toBeUndefined();
  });
});

describe('the headline under the name', () => {
  it('skips a handle printed in the far corner between the name and the headline', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ines Valdor', 90, { size: 16, gap: 10 }),
        line('ivaldor', 540, { gap: 0.7 }),
        line('Data Platform Engineer', 90, { gap: 0.9 }),
        line('ines@example.org', 90),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact?.name).toBe('Ines Valdor');
    expect(parsed.contact?.title).toBe('Data Platform Engineer');
  });
  it('takes no quotation that wraps on after a comma as the headline', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ines Valdor', 90, { size: 16, gap: 10 }),
        line('Simple tools, patiently made, outlast clever ones,', 90, { gap: 3 }),
        line('and kinder ones outlast both.', 90, { gap: 1.1 }),
        line('ines@example.org', 90),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact?.title).toBeUndefined();
  });
  it('still reads the line right under the name as the headline', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ines Valdor', 90, { size: 16, gap: 10 }),
        line('Data Platform Engineer', 90),
        line('ines@example.org', 90),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact?.title).toBe('Data Platform Engineer');
  });
});

describe('a job title leading the contact row', () => {
  const parse = (row: string) =>
    structure({
      kind: 'docx',
      links: [],
      lines: [
        line('PETRA LUND', 20, { size: 16, gap: 10 }),
        line(row, 20),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Ostwind Analytics, Analyst, 2021 – 2024', 20),
      ],
    });
  it('is the headline when the rest of the row is contact details', () => {
    const parsed = parse('Product Designer | petra@example.org | Denver, CO');
    expect(parsed.contact?.title).toBe('Product Designer');
    expect(parsed.contact?.email).toBe('petra@example.org');
    expect(parsed.contact?.location).toBe('Denver, CO');
  });
  it('is no headline when it names no role', () => {
    const parsed = parse('Lakeside | petra@example.org | +1 303 555 0199');
    expect(parsed.contact?.title).toBeUndefined();
  });
});

describe('a link on a word of a sentence near the name', () => {
  it('gives its target as the address, never the sentence', () => {
    const sentence = line('Markdown is supported everywhere. This is bold, italic, and link.', 20);
    sentence.segs[0]!.url = 'https://janedoe.example/';
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Jane Doe', 20, { size: 16, gap: 10 }),
        line('jane@example.org', 20),
        sentence,
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact?.portfolio).toBe('janedoe.example');
  });
});

describe('a postal address', () => {
  const resume = (lines: Line[]) =>
    structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ines Valdor', 20, { size: 16, gap: 10 }),
        ...lines,
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
        line('Built the nightly freight data pipeline for the planning team.', 20),
      ],
    });
  it('under the name is the location', () => {
    const parsed = resume([line('Musterweg 42, 12345 Berlin', 20), line('ines@example.org', 20)]);
    expect(parsed.contact?.location).toBe('Musterweg 42, 12345 Berlin');
  });
  it('at the foot of the page, with the other contact items, is read too', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ines Valdor', 20, { size: 16, gap: 10 }),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
        line('Built the nightly freight data pipeline for the planning team.', 20),
        line('12 Harbour Road, 3456 Eastwick • +44 20 7946 0958 • ines@example.org', 20, {
          gap: 30,
        }),
      ],
    });
    expect(parsed.contact).toMatchObject({
      location: '12 Harbour Road, 3456 Eastwick',
      phone: expect.stringContaining('7946'),
      email: 'ines@example.org',
    });
  });
  it('is not a phone number, a date or a list of numbers', () => {
    const parsed = resume([line('+44 20 7946 0958 | ines@example.org', 20)]);
    expect(parsed.contact?.location).toBeUndefined();
  });
});

describe('the name line', () => {
  it('is the name though a phone is set apart beside it, under a smaller place line', () => {
    const nameLine: Line = {
      ...line('Noah Gagnon', 20, { size: 23, gap: 0.5 }),
      segs: [
        { text: 'Noah Gagnon', x: 20, x2: 200, size: 23, bold: false },
        { text: '+1 416-196-4606', x: 430, x2: 540, size: 10, bold: false },
      ],
    };
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Montréal, QC, Canada', 460, { gap: 10 }),
        nameLine,
        line('noah@example.org', 20),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Quantum Leap Apps, Staff Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact).toMatchObject({ name: 'Noah Gagnon', phone: '+1 416-196-4606' });
  });
});

describe('the name and the headline in one run', () => {
  it('splits them at the bar, and reads a linked handle up to its separator', () => {
    const handle = line('adupont • additional information', 20);
    handle.segs[0]!.url = 'https://github.com/adupont';
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Anne Dupont | Process Engineer', 20, { size: 20, gap: 10 }),
        line('anne@example.org', 20),
        handle,
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Ostwind Analytics, Analyst, 2021 – 2024', 20),
      ],
    });
    expect(parsed.contact?.name).toBe('Anne Dupont');
    expect(parsed.contact?.title).toBe('Process Engineer');
    expect(parsed.contact?.github).toBe('adupont');
  });
});

describe('a headline set larger than the name', () => {
  it('is no name when it reads as a phrase', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Seeking a Master’s Degree in Data', 20, { size: 24, gap: 10 }),
        line('Otto Lindqvist', 20, { size: 12, gap: 4 }),
        line('otto@example.org', 20),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Ostwind Analytics, Analyst, 2021 – 2024', 20),
      ],
    });
    expect(parsed.contact?.name).toBe('Otto Lindqvist');
  });
});

describe('a document title over the page', () => {
  it('is neither the name nor part of a section', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Curriculum Vitae', 300, { size: 22, gap: 10 }),
        line('Jonas Berger', 20, { size: 13, gap: 4 }),
        line('jonas.berger@example.org', 20),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
        { ...line('Lebenslauf', 300, { size: 22, gap: 10 }), page: 2 },
        { ...line('Harbor Analytics Inc., Data Analyst, 2017 – 2020', 20), page: 2 },
      ],
    });
    expect(parsed.contact?.name).toBe('Jonas Berger');
    expect(parsed.experience?.map((e) => e.dates)).toEqual(['2020 – 2024', '2017 – 2020']);
    expect(JSON.stringify(parsed)).not.toMatch(/Lebenslauf|Curriculum/);
  });

  it('is no name in a file that carries no sizes (a .doc), on its first line', () => {
    const parsed = structure({
      kind: 'doc',
      links: [],
      lines: [
        line('Lebenslauf', 0),
        line('Jonas Berger', 0),
        line('jonas.berger@example.org', 0),
        line('Berufserfahrung', 0),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 0),
      ],
    });
    expect(parsed.contact?.name).toBe('Jonas Berger');
  });
});

describe('a page of personal details', () => {
  it('reads "Zur Person" as contact details, the street and town lines as the address', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Zur Person', 300, { size: 20, gap: 10 }),
        line('Jonas Berger', 300, { size: 14 }),
        line('Lindenallee 7', 300),
        line('80331 München', 300),
        line('jonas.berger@example.org', 300),
        line('Berufserfahrung', 20, { size: 16, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact).toEqual({
      name: 'Jonas Berger',
      email: 'jonas.berger@example.org',
      location: 'Lindenallee 7, 80331 München',
    });
  });
  it('reads an "About me" that holds only the contact block as contact details, not a summary', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Jonas Berger', 20, { size: 16, gap: 10 }),
        line('Dear Ms Hale, please find my application enclosed.', 20, { gap: 3 }),
        line('About me', 300, { size: 20, gap: 10 }),
        line('Jonas Berger', 300, { size: 14 }),
        line('+49 170 555 0182', 300),
        line('GitHub: jberger', 300),
        line('born on 3 May 1990', 300),
        line('Experience', 20, { size: 16, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.summary).toBeUndefined();
    expect(parsed.contact?.phone).toBe('+49 170 555 0182');
  });
});

describe('contact details at the foot of the last page', () => {
  it('are read as the contact details', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Jonas Berger', 20, { size: 16, gap: 10 }),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
        { ...line('Education', 20, { size: 13, gap: 3 }), page: 2 },
        { ...line('BSc Computer Science, Lakeside University, 2015 – 2018', 20), page: 2 },
        { ...line('jonas@example.org • +49 170 555 0182', 200, { gap: 4 }), page: 2 },
      ],
    });
    expect(parsed.contact?.phone).toBe('+49 170 555 0182');
  });
});

describe('a labelled row of languages among the personal details', () => {
  it('gives the languages, their level notes dropped', () => {
    const row = line('Sprachen', 20);
    row.segs.push({
      text: 'Deutsch (Muttersprache, C2), Englisch (verhandlungssicher, C1)',
      x: 140,
      x2: 460,
      size: 10,
      bold: false,
    });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Jonas Berger', 20, { size: 16, gap: 10 }),
        line('jonas@example.org', 20),
        row,
        line('Berufserfahrung', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.verbal_languages).toEqual(['Deutsch', 'Englisch']);
  });
});

describe('the place and date a CV is signed with', () => {
  it('is no entry of the last section', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Jonas Berger', 20, { size: 16, gap: 10 }),
        line('jonas@example.org', 20),
        line('Publikationen', 20, { size: 13, gap: 3 }),
        line('Berger, J. Tidal flats of the north. Kiel: Nordsee Verlag, 2019.', 20),
        line('Hamburg, 3. März 2026', 20, { gap: 4 }),
      ],
    });
    expect(JSON.stringify(parsed.publications)).not.toMatch(/Hamburg/);
  });
});

describe('a phone number written with an en dash', () => {
  it('is read whole ("(312) 555–0148")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Dana Whitfield', 90, { size: 20, gap: 10 }),
        line('(312) 555–0148', 90),
        line('dana@example.org', 90),
        line('Experience', 90, { size: 14, gap: 4 }),
        line('Office manager, Harbor Supplies, 2019 – 2023', 90),
      ],
    });
    expect(parsed.contact?.phone).toBe('(312) 555–0148');
  });
});

describe('a name set on two lines, the given name over the family name', () => {
  it('is one name, and the line under it is the headline', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Dana', 90, { size: 40, gap: 10 }),
        line('Whitfield', 90, { size: 40 }),
        line('Office Manager', 90, { gap: 4 }),
        line('dana@example.org', 90),
        line('Experience', 90, { size: 14, gap: 4 }),
        line('Office manager, Harbor Supplies, 2019 – 2023', 90),
      ],
    });
    expect(parsed.contact?.name).toBe('Dana Whitfield');
    expect(parsed.contact?.title).toBe('Office Manager');
  });
});

describe('contact details after a label in the header', () => {
  it('reads the profile handles after their labels, and a labelled line is no headline', () => {
    const parsed = structure({
      kind: 'docx',
      links: [],
      lines: [
        line('Lucía Romero', 20, { size: 16, gap: 10 }),
        line('LinkedIn: lucia-romero', 20),
        line('GitHub: lromero', 20),
        line('Experiencia', 20, { size: 12, gap: 2.5 }),
        line('Desarrolladora, Altamar Software, 2019 – 2023', 20),
      ],
    });
    expect(parsed.contact?.linkedin).toBe('lucia-romero');
    expect(parsed.contact?.github).toBe('lromero');
    expect(parsed.contact?.title).toBeUndefined();
  });
});

describe('a town in a row of contact details', () => {
  const rows = [
    ['Tarnow · +48 601 234 567 · ola@example.org', 'Tarnow'],
    ['Valdora - 915 558 813 - ola@example.org - www.example.org', 'Valdora'],
    ['Kesterby, 0161 496 0000, ola@example.org', 'Kesterby'],
    [
      'Santa Lucia do Norte - SN | +55 11 91234-5678 | ola@example.org',
      'Santa Lucia do Norte - SN',
    ],
    ['4020 Linz | 0664 123 4567 | ola@example.org', '4020 Linz'],
    ['Marrow Bay, NS, Kanada (613) 555-0199 ola@example.org', 'Marrow Bay, NS, Kanada'],
    ['南京 | 139 1234 5678 | ola@example.org', '南京'],
  ];
  it.each(rows)('is the place: %s', (row, place) => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        line(row, 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.location).toBe(place);
  });

  it('is nothing when the row holds a headline, a school or a label letter', () => {
    for (const row of [
      'Data Engineer · ola@example.org',
      'Kesterby University · ola@example.org',
      'T +12 345 678 90 · ola@example.org',
    ]) {
      const parsed = structure({
        kind: 'pdf',
        links: [],
        lines: [
          line('Ola Nordby', 40, { size: 20, gap: 10 }),
          line(row, 40),
          line('Experience', 40, { size: 13, gap: 2 }),
        ],
      });
      expect(parsed.contact?.location, row).toBeUndefined();
    }
  });
});

describe('a phone number sharing a piece with the e-mail', () => {
  it('is read ("+47 912 34 567 ola@example.org", no separator between them)', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        line('Tarnow +47 912 34 567 ola@example.org', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.phone).toBe('+47 912 34 567');
    expect(parsed.contact?.location).toBe('Tarnow');
  });
});

describe('a name set letter-spaced', () => {
  /** The name line: one segment per word, as extraction sets words apart by a wide space. */
  function spaced(words: string[]): Line {
    const l = line(words.join(' '), 40, { size: 22, gap: 10 });
    let x = 40;
    l.segs = words.map((text) => {
      const seg = { text, x, x2: x + text.length * 11, size: 22, bold: true };
      x = seg.x2 + 30;
      return seg;
    });
    return l;
  }

  it('is read as its words, and its last word is no headline', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        spaced(['O L A', 'N O R D B Y']),
        line('ola@example.org', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.name).toBe('OLA NORDBY');
    expect(parsed.contact?.title).toBeUndefined();
  });

  it('is a name however many letters its first word has', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        spaced(['M A R G A R E T A', 'L U N D']),
        line('margareta@example.org', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.name).toBe('MARGARETA LUND');
  });

  it('is never a letter-spaced heading set as large ("S K I L L S")', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        spaced(['S K I L L S']),
        line('Ola Nordby', 40, { size: 22, gap: 2 }),
        line('ola@example.org', 40),
      ],
    });
    expect(parsed.contact?.name).toBe('Ola Nordby');
  });
});

describe('a town on a line of its own among the contact details', () => {
  function parse(lines: Line[]) {
    return structure({ kind: 'pdf', links: [], lines }).contact ?? {};
  }
  it.each(['Tarnow', '4020 Linz', 'Santa Lucia do Norte - SN', '⌂ 4020 Linz'])(
    'is the place: %s',
    (town) => {
      const c = parse([
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        line('Warehouse Lead', 40, { size: 12 }),
        line(town, 40),
        line('+47 912 34 567', 40),
        line('ola@example.org', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ]);
      expect(c.location).toBe(town.replace('⌂ ', ''));
      expect(c.title).toBe('Warehouse Lead');
    },
  );
  it('is not the headline, nor a line away from any contact detail', () => {
    const c = parse([
      line('Ola Nordby', 40, { size: 20, gap: 10 }),
      line('Designer', 40, { size: 12 }),
      line('ola@example.org', 40),
      line('Experience', 40, { size: 13, gap: 2 }),
    ]);
    expect(c.title).toBe('Designer');
    expect(c.location).toBeUndefined();
  });
});

describe('a personal site on a line of its own under the profiles', () => {
  it('is the portfolio, whatever was read before it', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        line('Pharmacist', 40, { size: 12 }),
        line('ola@example.org', 40),
        line('www.linkedin.com/in/olanordby', 40),
        line('https://olanordby.dev', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.portfolio).toBe('https://olanordby.dev');
  });
});

describe('a web address after a label, read after other links', () => {
  it('is the portfolio', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ada Park', 20, { size: 18 }),
        line('ada@example.org · tel: 555 010 0199', 20),
        line('Leeds, UK · web: adapark.org', 20),
        line('Experience', 20, { size: 14, gap: 3 }),
      ],
    });
    expect(parsed.contact?.portfolio).toBe('adapark.org');
  });
});

describe('a foot of contact lines printed on every page', () => {
  it('is no content of the section it falls in, and gives the contact details', () => {
    const onPage = (l: Line, page: number): Line => ({ ...l, page });
    const foot = (page: number) => [
      onPage(line('Elm Row 7 – Lakeside', 200, { gap: 5 }), page),
      onPage(line('+1 (555) 010 7788 • lena@example.org', 150), page),
    ];
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Lena Hart', 20, { size: 20, gap: 10 }),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Gardener, Lakeside Parks, Lakeside.   2019 – 2023', 20),
        ...foot(1),
        onPage(line('Publications', 20, { size: 13, gap: 10 }), 2),
        onPage(line('Lena Hart. Hedges of the Valley, 2021.', 20), 2),
        ...foot(2),
      ],
    });
    expect(parsed.contact).toMatchObject({ email: 'lena@example.org' });
    expect(parsed.experience).toHaveLength(1);
    expect(JSON.stringify(parsed.experience)).not.toContain('Elm Row');
    expect(JSON.stringify(parsed.publications)).not.toContain('Elm Row');
  });
});

describe('a headline set larger than the name and wrapped', () => {
  it('gives no name by the word wrapped onto its second line', () => {
    const big = (text: string, x: number) => ({
      ...line(text, x, { size: 24 }),
      segs: [{ text, x, x2: x + text.length * 12, size: 24, bold: true }],
    });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        big('Looking for a Position in Marine', 60),
        big('Biology', 250),
        line('Mira Solberg', 60, { size: 11, gap: 3 }),
        line('mira@example.org', 60),
        line('Experience', 60, { size: 13, gap: 3 }),
        line('Tide Labs, Research Assistant, 2020 – 2024', 60),
      ],
    });
    expect(parsed.contact?.name).toBe('Mira Solberg');
  });
});

describe('an icon read as letters before a linked handle', () => {
  it('is no part of the handle the link ends with', () => {
    const linked = (text: string, url: string): Line => {
      const l = line(text, 90);
      return { ...l, segs: [{ ...l.segs[0]!, url }] };
    };
    const parsed = structure({
      kind: 'pdf',
      links: ['https://www.linkedin.com/in/janeroe', 'https://github.com/jroe'],
      lines: [
        line('Jane Roe', 90, { size: 16, gap: 10 }),
        linked('in janeroe', 'https://www.linkedin.com/in/janeroe'),
        linked('gh jroe', 'https://github.com/jroe'),
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    });
    expect(parsed.contact).toMatchObject({ linkedin: 'janeroe', github: 'jroe' });
  });
});

describe('a contact section opening the document, its label in a rail', () => {
  it('gives the name beside the label, and the headline beside its label', () => {
    const row = (cells: [string, number, number][], gap = 2): Line => ({
      ...line(cells[0]![0], cells[0]![1], { gap }),
      segs: cells.map(([text, x, size]) => ({
        text,
        x,
        x2: x + text.length * 5,
        size,
        bold: false,
      })),
    });
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        row([
          ['PERSONAL INFORMATION', 20, 9],
          ['Jane Roe', 200, 13],
        ]),
        row([['jane@example.org', 200, 9]]),
        row([
          ['POSITION', 20, 9],
          ['Harbour pilot', 200, 13],
        ]),
        row([['WORK EXPERIENCE', 20, 9]], 3),
        row([
          ['2019 – 2023', 20, 9],
          ['Deck officer', 200, 11],
        ]),
      ],
    });
    expect(parsed.contact?.name).toBe('Jane Roe');
    // the label a CV form prints before the headline
    expect(parsed.contact?.title).toBe('Harbour pilot');
  });
});

describe('links to another site than the one printed', () => {
  /** The header of a document whose site is printed over a link left to somewhere else. */
  const parse = (printed: string, url: string, links: string[] = [url]) =>
    structure({
      kind: 'pdf',
      links,
      lines: [
        line('Ada Quill', 90, { size: 16, gap: 10 }),
        {
          ...line(printed, 90),
          segs: [{ text: printed, x: 90, x2: 200, size: 10, bold: false, url }],
        },
        line('Experience', 20, { size: 13, gap: 3 }),
        line('Northwind Freight, Data Engineer, 2020 – 2024', 20),
      ],
    }).contact;
  it('takes no printed address of another site as a profile handle', () => {
    const c = parse('web: quill.dev', 'https://github.com/someone');
    expect(c?.github ?? '').not.toContain('quill.dev');
    expect(c?.portfolio).toBe('quill.dev');
  });
  it('still takes a handle printed over its profile link', () => {
    expect(parse('adaquill', 'https://github.com/adaquill')?.github).toBe('adaquill');
  });
  it('takes no link to one repository as the profile', () => {
    const links = ['https://github.com/someone/a-template'];
    expect(parse('Ada Quill', 'https://example.org/', links)?.github).toBeUndefined();
  });
});

describe('a place in the contact row behind an icon, or after its label', () => {
  function contactOf(row: string) {
    return (
      structure({
        kind: 'pdf',
        links: [],
        lines: [
          line('Ola Nordby', 40, { size: 20, gap: 10 }),
          line(row, 40),
          line('Experience', 40, { size: 13, gap: 2 }),
        ],
      }).contact ?? {}
    );
  }
  it('is read without the icon ("📍 Tarnow, Poland | 📞 …")', () => {
    expect(contactOf('📍 Tarnow, Poland | 📞 +48 601 234 567 | ✉️ ola@example.org').location).toBe(
      'Tarnow, Poland',
    );
  });
  it('is the labelled value whatever its shape, and no headline', () => {
    const c = contactOf('Adresse : Votre Rue, Votre Ville, Votre Code Postal');
    expect(c.location).toBe('Votre Rue, Votre Ville, Votre Code Postal');
    expect(c.title).toBeUndefined();
  });
});

describe('a headline wrapped onto a second line', () => {
  it('is read whole, and the contact details set apart below are not part of it', () => {
    const parsed = structure({
      kind: 'pdf',
      links: [],
      lines: [
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        line('Creative and Reliable Mobile', 40, { gap: 1.5 }),
        line('Developer', 40, { gap: 1.5 }),
        line('Tarnow, Poland', 40, { gap: 3.9 }),
        line('ola@example.org', 40),
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.title).toBe('Creative and Reliable Mobile Developer');
    expect(parsed.contact?.location).toBe('Tarnow, Poland');
  });
});

describe('a profile handle printed alone with its link behind it', () => {
  it('is the profile of the network the link goes to, and a site address alone is none', () => {
    const row: Line = {
      ...line('ola@example.org • olanordby • olanordby', 40),
      segs: [
        { text: 'ola@example.org • olanordby • olanordby', x: 40, x2: 300, size: 9, bold: false },
      ],
    };
    const parsed = structure({
      kind: 'pdf',
      links: [
        'https://linkedin.com/in/olanordby',
        'https://github.com/olanordby',
        'https://github.com/',
      ],
      lines: [
        line('Ola Nordby', 40, { size: 20, gap: 10 }),
        row,
        line('Experience', 40, { size: 13, gap: 2 }),
      ],
    });
    expect(parsed.contact?.linkedin).toBe('olanordby');
    expect(parsed.contact?.github).toBe('olanordby');
  });
});
