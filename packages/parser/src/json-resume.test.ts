import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resumeDataSchema, type ResumeData } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { fromJsonResume, isoDate, toJsonResume } from './json-resume.ts';
import { parseResume } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { corpusDir, hasCorpus } from './testing.node.ts';

const require = createRequire(import.meta.url);
const { validate } = require('@jsonresume/schema') as {
  validate: (r: object, cb: (errs: unknown, ok: boolean) => void) => void;
};
const valid = (r: object) =>
  new Promise<unknown>((resolve) => validate(r, (errs, ok) => resolve(ok ? true : errs)));

const sample: ResumeData = {
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

describe('JSON Resume', () => {
  it('exports valid JSON Resume 1.0', async () => {
    expect(await valid(toJsonResume(sample))).toBe(true);
  });
  it('round-trips the main fields', () => {
    const back = fromJsonResume(toJsonResume(sample));
    expect(resumeDataSchema.safeParse(back).success).toBe(true);
    expect(back.contact).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      github: 'ada',
    });
    expect(back.experience?.[0]).toMatchObject({
      company: 'Engines Ltd',
      position: 'Analyst',
      dates: 'Jan 2020 – Present',
    });
    expect(back.education?.[0]).toMatchObject({
      institution: 'Home',
      degree: 'BSc',
      field_of_study: 'Mathematics',
    });
    expect(back.skills?.technical).toEqual(['Math']);
  });
  it('imports the official sample', () => {
    const s = JSON.parse(
      readFileSync(require.resolve('@jsonresume/schema/sample.resume.json'), 'utf8'),
    ) as object;
    const d = fromJsonResume(s);
    expect(resumeDataSchema.safeParse(d).success).toBe(true);
    expect(d.contact?.name).toBeTruthy();
    expect(d.experience?.length).toBeGreaterThan(0);
  });
  it('reads printed dates as ISO', () => {
    expect(isoDate('Sept 2018')).toBe('2018-09');
    expect(isoDate('04/2021')).toBe('2021-04');
    expect(isoDate('2019')).toBe('2019');
  });
  it.skipIf(!hasCorpus)('exports every corpus parse validly', async () => {
    const dir = path.join(corpusDir, 'docs');
    for (const f of [
      'rendercv__classic.pdf',
      'offlinecv__gdocs-classic.pdf',
      'SagarD2305__sample_resume.docx',
    ]) {
      const d = await parseResume(new Uint8Array(readFileSync(path.join(dir, f))), nodePdfAssets());
      expect(await valid(toJsonResume(d))).toBe(true);
    }
  });
});
