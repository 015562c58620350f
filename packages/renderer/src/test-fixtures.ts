/** Content fixtures for the renderer's tests: every template is rendered with each of them. */
import { sectionKeys, type PortfolioContent } from '@folio/core';
import { sampleContent } from './sample-content.ts';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** 1×1 transparent PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function full(): PortfolioContent {
  const c = clone(sampleContent);
  c.settings.ogImage = '/uploads/jane-doe.jpg';
  c.settings.faviconUrl = PNG;
  c.settings.resumeUploadUrl = '/uploads/jane-doe.pdf';
  c.data.projects![0]!.image = '/uploads/tidepool.png';
  c.data.contact!.twitter = '@janedoe_example';
  c.styles.sections.skills = { iconUrl: PNG, customClass: 'highlight wide' };
  c.data.volunteering = [
    {
      role: 'Mentor',
      organisation: 'Code Club',
      location: 'Leeds',
      dates: '2021 – Present',
      description: ['Weekly sessions for beginners', 'Wrote the course notes'],
    },
  ];
  c.data.custom = [
    {
      title: 'Speaking',
      entries: [
        { title: 'Maps at scale', subtitle: 'GeoConf', date: '2023', description: ['Keynote'] },
      ],
    },
    { title: 'Hobbies', entries: [{ description: ['Chess', 'Bouldering'] }] },
  ];
  return c;
}

const minimal: PortfolioContent = {
  data: { contact: { name: 'Sam Lee' } },
  styles: { global: {}, sections: {} },
  settings: { showContactForm: false, sectionOrder: [...sectionKeys] },
};

const empty: PortfolioContent = {
  data: {},
  styles: { global: {}, sections: {} },
  settings: { showContactForm: false, sectionOrder: [...sectionKeys] },
};

export const attacks = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
];

/** Replaces every string in a value with hostile strings, cycling through `attacks`. */
function poison<T>(value: T, counter = { i: 0 }): T {
  if (typeof value === 'string') return attacks[counter.i++ % attacks.length] as T;
  if (Array.isArray(value)) return value.map((v: unknown) => poison(v, counter)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'sectionOrder' ? v : poison(v, counter)]),
    ) as T;
  }
  return value;
}

function hostile(): PortfolioContent {
  const c = poison(full());
  c.settings.showContactForm = true;
  c.styles = {
    global: {
      fontFamily: 'Serif;}</style><script>alert(1)</script>',
      fontSize: '16px;}body{display:none',
      lineHeight: '1.5;background:url(https://evil.example/x.png)',
      theme: 'red;}@import url(https://evil.example/x.css);',
      backgroundColor: 'url(https://evil.example/x.png)',
      textColor: 'expression(alert(1))',
    },
    sections: {
      summary: {
        backgroundColor: '#fff;}</style><script>alert(1)</script>',
        textColor: 'red}',
        customClass: '"><script>alert(1)</script> ok-class',
        iconUrl: 'javascript:alert(1)',
      },
      experience: { iconUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
    },
  };
  c.settings.sectionOrder = [
    ...sectionKeys,
    '__proto__' as never,
    'constructor' as never,
    'summary',
  ];
  return c;
}

function long(): PortfolioContent {
  const c = clone(sampleContent);
  const word = 'Supercalifragilistic'.repeat(200);
  c.data.contact!.name = `Jane ${'Verylongfamilyname'.repeat(20)}`;
  c.data.contact!.title = word;
  c.data.summary = `${word} ${'lorem ipsum '.repeat(400)}`;
  c.data.experience![0]!.description = [word, 'x'.repeat(3000)];
  c.data.skills!.technical = Array.from({ length: 80 }, (_, i) => `Skill number ${i}`);
  c.data.contact!.portfolio = `https://example.com/${'a'.repeat(1500)}`;
  return c;
}

function unicode(): PortfolioContent {
  const c = clone(sampleContent);
  c.data.contact = {
    name: 'جين دو',
    title: 'מהנדסת תוכנה בכירה',
    location: 'القاهرة، مصر',
    email: 'jane@例え.jp',
    github: 'jane-doe-example',
  };
  c.data.summary =
    'مهندسة برمجيات 👩‍💻 — שלום עולם. Zoë Ångström, 日本語のテキスト, e\u0301, \u202Ereversed\u202C, zero\u200Bwidth.';
  c.data.verbal_languages = ['العربية', 'עברית', '中文', 'Русский'];
  return c;
}

export const fixtures = {
  full: full(),
  minimal,
  empty,
  hostile: hostile(),
  long: long(),
  unicode: unicode(),
} satisfies Record<string, PortfolioContent>;

export type FixtureName = keyof typeof fixtures;
