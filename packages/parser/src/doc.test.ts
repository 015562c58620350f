import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFileType, parseResume } from './index.ts';

/** A Word 97 (.doc) file made by LibreOffice from test-fixtures/word97-resume.source.html. */
const doc = new Uint8Array(
  readFileSync(new URL('../test-fixtures/word97-resume.doc', import.meta.url)),
);

describe('Word 97 documents', () => {
  it('are recognised by content', () => {
    expect(detectFileType(doc)).toBe('doc');
  });

  it('are read field by field', async () => {
    const data = await parseResume(doc);
    expect(data.contact).toMatchObject({
      name: 'Marta Kowalczyk',
      title: 'Data Analyst',
      email: 'marta.kowalczyk@example.org',
      phone: '+48 601 234 567',
      location: 'Kraków, Poland',
    });
    expect(data.experience?.map((e) => [e.position, e.dates])).toEqual([
      ['Senior Data Analyst', 'March 2021 - Present'],
      ['Data Analyst', 'June 2018 - February 2021'],
    ]);
    expect(data.experience?.[0]?.company).toMatch(/^Northwind Logistics/);
    expect(data.experience?.[0]?.description).toHaveLength(2);
    expect(data.education?.[0]).toMatchObject({ institution: 'Jagiellonian University' });
    expect(data.skills?.technical).toEqual(['Python', 'SQL', 'Power BI', 'dbt']);
    expect(data.verbal_languages).toEqual(['Polish', 'English', 'German']);
  });
});
