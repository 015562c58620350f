import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resumeDataSchema } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { extractDocument, parseResume } from './index.ts';
import { linkedInLayout } from './linkedin/layout.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { corpusDocsDir } from '../corpus/index.node.ts';

const parse = (name: string) =>
  parseResume(new Uint8Array(readFileSync(path.join(corpusDocsDir, name))), nodePdfAssets());

describe('corpus documents, field by field', () => {
  it('one-column LaTeX-style PDF with right-aligned dates', async () => {
    const d = await parse('bjherger__john_smith.pdf');
    expect(resumeDataSchema.safeParse(d).success).toBe(true);
    expect(d.contact).toMatchObject({
      name: 'John Smith',
      email: 'sresume@kent.edu',
      phone: '614-555-5555',
    });
    expect(d.education?.[0]).toMatchObject({
      institution: 'Kent State University',
      degree: 'Bachelor of Business Administration',
      gpa: '3.6',
    });
    expect(d.experience?.[0]).toMatchObject({
      company: 'Kent State University',
      position: 'Resident Advisor',
      location: 'Kent, Ohio',
      dates: 'August 2015 - Present',
    });
    expect(d.experience?.[0]?.description).toHaveLength(4);
  });
  it('two-column sidebar PDF keeps columns apart', async () => {
    const d = await parse('offlinecv__chromium-two-column-sidebar.pdf');
    expect(d.contact).toMatchObject({
      name: 'Jamie Rivera',
      title: 'Software Engineering Leader',
      email: 'jamie.rivera@example.com',
      phone: '(512) 555-0142',
      location: 'Austin, TX',
    });
    expect(d.experience?.[0]).toMatchObject({
      position: 'Sr. Engineering Manager',
      dates: '04/2021 - Present',
      location: 'Austin, TX',
    });
    expect(d.experience?.[0]?.description?.[1]).toBe(
      'Built a 50-member team across three global sites (US, SG, PL).',
    );
    expect(d.skills?.technical).toEqual(expect.arrayContaining(['Java', 'C++', 'Python']));
  });
  it('DOCX through its structure', async () => {
    const d = await parse('mgorgiev__sample_resume.docx');
    expect(d.contact).toMatchObject({
      name: 'JANE SMITH',
      email: 'jane.smith@example.com',
      location: 'New York, NY',
    });
    expect(d.education).toEqual([
      {
        institution: 'Columbia University',
        degree: 'M.S.',
        field_of_study: 'Data Science',
        dates: '2020',
      },
      { institution: 'NYU', degree: 'B.S.', field_of_study: 'Mathematics', dates: '2018' },
    ]);
    expect(d.experience?.[0]).toMatchObject({
      company: 'DataCo',
      position: 'Senior Data Scientist',
      dates: '2022 - Present',
    });
  });
  it('Chinese PDF (CMaps)', async () => {
    const d = await parse('billryan__resume-zh_CN.pdf');
    expect(d.contact?.name).toBe('你的大名');
    expect(d.contact?.email).toBe('xxx@yuanbin.me');
  });
});

describe('the LinkedIn reader', () => {
  it('takes no document of the real corpus (none is a LinkedIn export)', async () => {
    const taken: string[] = [];
    for (const f of readdirSync(corpusDocsDir).filter((n) => n.endsWith('.pdf'))) {
      const doc = await extractDocument(
        new Uint8Array(readFileSync(path.join(corpusDocsDir, f))),
        nodePdfAssets(),
      );
      if (linkedInLayout(doc)) taken.push(f);
    }
    expect(taken).toEqual([]);
  }, 120_000);
});
