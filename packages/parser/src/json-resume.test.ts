import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { defaultContent, normalizeContent, resumeDataSchema, type ResumeData } from '@folio/core';
import { Ajv } from 'ajv';
import { render as renderEven } from 'jsonresume-theme-even';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureDocument, type FixtureName } from '../corpus/fixtures.node.ts';
import { exportUrl, fromJsonResume, isoDate, splitRange, toJsonResume } from './json-resume.ts';
import { parseResume } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';

const require = createRequire(import.meta.url);
const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
type Json = Record<string, unknown>;

/** The two official schema packages: jsonresume.org's current one and the original repository's. */
const official = {
  '@jsonresume/schema': require('@jsonresume/schema') as {
    schema: object;
    validate: (r: object, cb: (errs: unknown, ok: boolean) => void) => void;
  },
  'resume-schema': require('resume-schema') as {
    schema: object;
    validate: (r: object, cb: (err: unknown, res?: { valid: boolean }) => void) => void;
  },
};
type Pkg = keyof typeof official;
const sampleOf = (pkg: Pkg) =>
  JSON.parse(readFileSync(require.resolve(`${pkg}/sample.resume.json`), 'utf8')) as Json;

/** Problems the official validators and ajv (with ajv-formats) find; [] when valid. */
async function problems(resume: object): Promise<string[]> {
  const found: string[] = [];
  await new Promise<void>((done) =>
    official['@jsonresume/schema'].validate(resume, (errs) => {
      if (errs) found.push(`@jsonresume/schema: ${JSON.stringify(errs)}`);
      done();
    }),
  );
  await new Promise<void>((done) =>
    official['resume-schema'].validate(resume, (err, res) => {
      if (err || !res?.valid) found.push(`resume-schema: ${JSON.stringify(err)}`);
      done();
    }),
  );
  for (const pkg of Object.keys(official) as Pkg[]) {
    // resume-schema's schema is draft-04; its keywords here read the same under draft-07.
    const { $schema: _draft, ...schema } = official[pkg].schema as Json;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const check = ajv.compile(schema);
    if (!check(resume)) found.push(`ajv ${pkg}: ${ajv.errorsText(check.errors)}`);
  }
  return found;
}

/** Through storage as the server keeps it: JSON, the content schema, the database's JSON. */
const stored = (data: ResumeData): ResumeData =>
  normalizeContent(JSON.parse(JSON.stringify(defaultContent(data)))).data;
const roundTrip = (resume: object) => toJsonResume(stored(fromJsonResume(resume)));

/** Every value of a JSON document by its path, for readable differences. */
function values(v: unknown, at = ''): Record<string, unknown> {
  if (Array.isArray(v)) return Object.assign({}, ...v.map((x, i) => values(x, `${at}[${i}]`)));
  if (v && typeof v === 'object') {
    return Object.assign(
      {},
      ...Object.entries(v).map(([k, x]) => values(x, at ? `${at}.${k}` : k)),
    );
  }
  return { [at]: v };
}

/**
 * The only normalisation the round trip makes, applied to the original for comparison:
 * 1. an empty string is no value: left out (`basics.image: ""` in both samples, resume-schema's
 *    Twitter `url: ""`, which `format: uri` refuses anyway);
 * 2. a URL field must pass the schema's `format: uri`: resume-schema's project URL
 *    "missdirection.example.com" (a bare domain, no scheme) is exported as https://….
 */
function normalised(sample: Json): Json {
  const walk = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== '')
          .map(([k, x]) => [k, walk(x, k)]),
      );
    }
    return key === 'url' && typeof v === 'string' && !/^https?:/.test(v) ? `https://${v}` : v;
  };
  return walk(sample) as Json;
}

const native: ResumeData = {
  contact: {
    name: 'Ada Lovelace',
    title: 'Analyst',
    email: 'ada@example.com',
    phone: '+44 20 1234 5678',
    linkedin: 'linkedin.com/in/ada',
    github: 'ada',
    portfolio: 'ada.dev',
    location: 'London, UK',
  },
  summary: 'Engines.',
  experience: [
    {
      company: 'Engines Ltd',
      position: 'Analyst',
      dates: 'Jan 2020 – Present',
      description: ['Wrote notes'],
    },
    {
      company: 'Pied Piper',
      position: 'CEO',
      dates: '2013-12-01 – 2014-12-01',
      description: ['Compressed'],
    },
  ],
  education: [
    {
      institution: 'Home',
      degree: 'BSc',
      field_of_study: 'Mathematics',
      dates: '1830 – 1835',
      gpa: '4.0',
    },
  ],
  projects: [
    {
      name: 'Notes',
      url: 'https://example.com',
      description: ['On the engine'],
      technologies: ['Math'],
    },
  ],
  skills: { technical: ['Math'], certifications: ['Cert'] },
  awards: ['Medal'],
  verbal_languages: ['English'],
  publications: [{ title: 'Sketch', venue: 'Memoirs' }],
  extracurricular: ['Club'],
};

describe('JSON Resume: what comes in goes out', () => {
  it.each(Object.keys(official) as Pkg[])(
    "%s's official sample round-trips import → storage → export with no value lost or changed",
    (pkg) => {
      const sample = sampleOf(pkg);
      const expected = normalised(sample);
      expect(values(roundTrip(sample))).toEqual(values(expected));
      expect(roundTrip(sample)).toEqual(expected);
      // And again: the export imported once more gives itself back.
      expect(roundTrip(roundTrip(sample))).toEqual(expected);
    },
  );

  it.each(Object.keys(official) as Pkg[])(
    "the export of %s's sample validates with both official validators and ajv + formats",
    async (pkg) => {
      expect(await problems(roundTrip(sampleOf(pkg)))).toEqual([]);
    },
  );

  it('shows what templates can show: dates, location (not the street), profiles, fluency', () => {
    const d = stored(fromJsonResume(sampleOf('@jsonresume/schema')));
    expect(d.contact).toMatchObject({
      location: 'San Francisco, California, US',
      twitter: 'neutralthoughts',
    });
    expect(d.experience?.[0]?.dates).toBe('Dec 2013 – Dec 2014');
    expect(d.education?.[0]?.dates).toBe('Jun 2011 – Jan 2014');
    expect(d.verbal_languages).toEqual(['English (Native speaker)']);
    expect(resumeDataSchema.safeParse(d).success).toBe(true);
  });

  it('jsonresume-theme-even renders the export with a finished job ending, not "Present"', () => {
    const html = renderEven(roundTrip(sampleOf('@jsonresume/schema')));
    const work = /<section id="work">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(work).toContain(
      '<time datetime="2013-12-01">Dec 2013</time> – <time datetime="2014-12-01">Dec 2014</time>',
    );
    expect(work).not.toContain('Present');

    // Folio's own content: a printed ISO range ends; an open one is "Present".
    const own = renderEven(toJsonResume(native));
    expect(own).toContain(
      '<time datetime="2013-12-01">Dec 2013</time> – <time datetime="2014-12-01">Dec 2014</time>',
    );
    expect(own).not.toContain('Jan 2013');
    expect(own).toMatch(/<time datetime="2020-01">Jan 2020<\/time> – Present/);
  });

  it('edits after the import win; what was not edited comes back as it came', () => {
    const d = stored(fromJsonResume(sampleOf('@jsonresume/schema')));
    const job = d.experience![0]!;
    d.experience = [
      { company: 'Hooli', position: 'Developer', dates: '2015 – 2016' },
      { ...job, dates: 'Dec 2013 – Mar 2015' },
    ];
    d.contact = { ...d.contact, location: 'Tulsa, Oklahoma, US', twitter: '@richard' };
    d.awards = [];
    const out = toJsonResume(stored(d)) as {
      work: Json[];
      basics: { location: Json; profiles: Json[] };
      awards?: unknown;
    };
    expect(out.work[0]).toEqual({
      name: 'Hooli',
      position: 'Developer',
      startDate: '2015',
      endDate: '2016',
    });
    // Moved and re-dated: its url, summary and description stay; the dates are the new ones.
    expect(out.work[1]).toMatchObject({
      name: 'Pied Piper',
      url: 'http://piedpiper.example.com',
      description: 'Awesome compression company',
      summary: expect.stringMatching(/^Pied Piper is a multi-platform/),
      startDate: '2013-12',
      endDate: '2015-03',
    });
    expect(out.basics.location).toEqual({ city: 'Tulsa', region: 'Oklahoma', countryCode: 'US' });
    expect(out.basics.profiles).toEqual([
      { network: 'Twitter', username: 'richard', url: 'https://x.com/richard' },
      {
        network: 'SoundCloud',
        username: 'dandymusicnl',
        url: 'https://soundcloud.example.com/dandymusicnl',
      },
    ]);
    expect(out.awards).toBeUndefined();
  });

  it('splits printed ranges only on spaced dashes and words; ISO dates stay whole', () => {
    expect(splitRange('2013-12-01 – 2014-12-01')).toEqual({
      startDate: '2013-12-01',
      endDate: '2014-12-01',
    });
    expect(splitRange('2013-12-01 - 2014-12-01')).toEqual({
      startDate: '2013-12-01',
      endDate: '2014-12-01',
    });
    expect(splitRange('Jan 2020 - Present')).toEqual({ startDate: '2020-01' });
    expect(splitRange('2019 to 2021')).toEqual({ startDate: '2019', endDate: '2021' });
    expect(splitRange('März 2019 bis heute')).toEqual({ startDate: '2019-03' });
    expect(splitRange('de janvier 2019 à mars 2020')).toEqual({
      startDate: '2019-01',
      endDate: '2020-03',
    });
    expect(splitRange('since 2019')).toEqual({ startDate: '2019' });
    // An ISO date is one date: its hyphens never split it.
    expect(splitRange('2018-05')).toEqual({ startDate: '2018-05', endDate: '2018-05' });
    expect(splitRange('2013-12-01')).toEqual({ startDate: '2013-12-01', endDate: '2013-12-01' });
    // Decided: an unspaced hyphen between two whole dates is a range. "2018-2020" cannot be ISO
    // (no month 20), so it is the years 2018 to 2020; likewise "2018-05-2020-06".
    expect(splitRange('2018-2020')).toEqual({ startDate: '2018', endDate: '2020' });
    expect(splitRange('2018-05-2020-06')).toEqual({ startDate: '2018-05', endDate: '2020-06' });
    expect(splitRange('Jan 2018-Dec 2020')).toEqual({ startDate: '2018-01', endDate: '2020-12' });
    expect(splitRange('2019-present')).toEqual({ startDate: '2019' });
    // A single printed date is start and end, so a theme prints it once, not "2019 – Present".
    expect(splitRange('2019')).toEqual({ startDate: '2019', endDate: '2019' });
    expect(isoDate('Sept 2018')).toBe('2018-09');
    expect(isoDate('04/2021')).toBe('2021-04');
    expect(isoDate('2013-12-01')).toBe('2013-12-01');
  });

  it('exports only URLs that pass format: uri (and e-mail only when valid)', async () => {
    const data: ResumeData = {
      contact: {
        name: 'Ada',
        email: 'ada at example dot com',
        portfolio: 'my site',
        github: 'javascript:alert(1)',
        linkedin: 'linkedin.com/in/ada lovelace',
        twitter: 'https://x.com/ada',
      },
      projects: [
        { name: 'A', url: 'see github' },
        { name: 'B', url: 'example.org/b' },
        { name: 'C', url: 'http://exa mple.com' },
        { name: 'D', url: 'https://example.com/a b' },
        { name: 'E', url: 'ftp://example.com/file' },
      ],
      publications: [{ title: 'P', url: 'doi:10.1000/182 (print)' }],
    };
    const out = toJsonResume(data) as {
      basics: Json & { profiles?: Json[] };
      projects: Json[];
      publications: Json[];
    };
    expect(await problems(out)).toEqual([]);
    expect(out.basics.email).toBeUndefined();
    expect(out.basics.url).toBeUndefined();
    expect(out.basics.profiles).toEqual([
      { network: 'Twitter', username: 'ada', url: 'https://x.com/ada' },
    ]);
    expect(out.projects.map((p) => p.url)).toEqual([
      undefined,
      'https://example.org/b',
      undefined,
      undefined,
      undefined,
    ]);
    expect(out.publications[0]?.url).toBeUndefined();
    expect(exportUrl('https://en.wikipedia.org/wiki/Silicon_Valley_(TV_series)')).toBe(
      'https://en.wikipedia.org/wiki/Silicon_Valley_(TV_series)',
    );
    expect(exportUrl('https://example.com/ä?q=ü')).toBe('https://example.com/%C3%A4?q=%C3%BC');
  });

  it("Folio's own content exports validly and reads back the same", async () => {
    const out = toJsonResume(native);
    expect(await problems(out)).toEqual([]);
    expect((out.work as Json[]).map((w) => [w.startDate, w.endDate])).toEqual([
      ['2020-01', undefined],
      ['2013-12-01', '2014-12-01'],
    ]);
    const back = stored(fromJsonResume(out));
    expect(back.contact).toMatchObject({ name: 'Ada Lovelace', github: 'ada' });
    expect(back.experience?.map((e) => e.dates)).toEqual([
      'Jan 2020 – Present',
      '2013-12-01 – 2014-12-01',
    ]);
    expect(back.education?.[0]).toMatchObject({
      institution: 'Home',
      degree: 'BSc',
      field_of_study: 'Mathematics',
      dates: '1830 – 1835',
    });
    expect(back.skills).toMatchObject({ technical: ['Math'], certifications: ['Cert'] });
    expect(toJsonResume(back)).toEqual(out);
  });

  it('exports whatever the passthrough holds without failing, and still validly', async () => {
    const odd: unknown[] = [
      [],
      'text',
      { root: [], basics: 'x', profiles: {}, work: [null, 1, { key: 3 }], skills: [] },
      { basics: { shown: [], original: 'x' }, profiles: [{ network: 'github' }, 'x', null] },
      { work: [{ key: '["Engines Ltd","Analyst"]', shown: 1, original: null }] },
      { awards: [{ shown: 'Medal', entry: 'x' }, { entry: {} }], skills: { shown: null } },
      { root: { meta: { canonical: 'not a url' }, $schema: 'javascript:alert(1)' } },
    ];
    for (const jsonResume of odd) {
      const out = toJsonResume({ ...native, jsonResume } as ResumeData);
      expect(await problems(out), JSON.stringify(jsonResume)).toEqual([]);
    }
  });

  it('keeps the passthrough within its cap: a larger one is refused with a message', () => {
    const huge = { interests: [{ name: 'x'.repeat(200 * 1024) }] };
    const parsed = resumeDataSchema.safeParse(fromJsonResume(huge));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/at most 128 KB/);
  });

  it('exports every parse of a generated document validly', async () => {
    for (const name of ['onecol-pdf', 'twocol-pdf', 'docx'] satisfies FixtureName[]) {
      const doc = await fixtureDocument(name);
      const d = await parseResume(fixtureBytes(doc), nodePdfAssets());
      expect(await problems(toJsonResume(d)), doc.filename).toEqual([]);
    }
  }, 180_000);
});

describe('JSON Resume volunteer ↔ volunteering', () => {
  it('reads volunteer entries as volunteering and writes them back', () => {
    const data = fromJsonResume({
      volunteer: [
        {
          organization: 'Food Bank',
          position: 'Driver',
          startDate: '2020-01',
          endDate: '2022-06',
          summary: 'Weekend deliveries',
          highlights: ['Planned the routes'],
        },
      ],
    });
    expect(data.volunteering).toEqual([
      {
        organisation: 'Food Bank',
        role: 'Driver',
        dates: expect.stringContaining('2020') as string,
        description: ['Weekend deliveries', 'Planned the routes'],
      },
    ]);
    expect(data.extracurricular ?? []).toEqual([]);
    const out = toJsonResume(data);
    expect(out.volunteer).toEqual([
      expect.objectContaining({
        organization: 'Food Bank',
        position: 'Driver',
        startDate: '2020-01',
        endDate: '2022-06',
      }),
    ]);
  });

  it('still writes activities (older imports read them from volunteer) after volunteering', () => {
    const out = toJsonResume({
      volunteering: [{ organisation: 'Code Club', role: 'Mentor' }],
      extracurricular: ['Chess club'],
    });
    expect(out.volunteer).toEqual([
      { organization: 'Code Club', position: 'Mentor' },
      { summary: 'Chess club' },
    ]);
  });
});
