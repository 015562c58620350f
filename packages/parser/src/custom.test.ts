/**
 * Sections of a kind the resume shape has no place for come through as custom sections
 * (ADR 46), read from a generated Word resume.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDocx } from '../corpus/generator/docx.ts';
import { makePersona } from '../corpus/generator/persona.ts';
import { packDocx } from '../corpus/generator/render.node.ts';
import { makeRng } from '../corpus/generator/rng.ts';
import type { SectionKey } from '../corpus/generator/bank/languages.ts';
import { parseResume } from './index.ts';

async function resumeWith(
  heading: string,
  items: string[],
  order: SectionKey[] = ['summary', 'experience', 'education', 'interests', 'skills'],
) {
  const persona = makePersona(makeRng('custom-sections-1'), {
    lang: 'en',
    size: 'short',
    summary: true,
    links: false,
    volunteering: true,
  });
  persona.headings.interests = heading;
  persona.interests = items;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-custom-')), 'r.docx');
  await packDocx(
    renderDocx(persona, {
      headingStyles: true,
      dates: 'tab',
      bullets: 'numbering',
      font: 'Calibri',
      order,
    }),
    file,
  );
  return { persona, data: await parseResume(new Uint8Array(fs.readFileSync(file))) };
}

describe('a section of unknown kind', () => {
  it('arrives as a custom section under its own heading, the sections around it intact', async () => {
    const { persona, data } = await resumeWith('Field Notes', [
      'Mapped tide pools',
      'Logged bird counts',
    ]);
    expect(data.custom).toHaveLength(1);
    const [section] = data.custom!;
    expect(section!.title).toBe('Field Notes');
    const text = JSON.stringify(section!.entries);
    expect(text).toContain('Mapped tide pools');
    expect(text).toContain('Logged bird counts');
    // what follows it is still read as its own kind
    expect(data.skills?.technical?.length).toBeGreaterThan(0);
    expect(data.experience?.[0]?.company).toBe(persona.experience[0]!.company);
  });
});

describe('a volunteering section', () => {
  it('arrives as volunteering entries, not as activities', async () => {
    const { persona, data } = await resumeWith(
      'Interests',
      [],
      ['summary', 'experience', 'volunteering', 'skills'],
    );
    expect(persona.volunteering.length).toBeGreaterThan(0);
    expect(data.volunteering?.map((v) => v.role)).toEqual(persona.volunteering);
    expect(data.extracurricular ?? []).toEqual([]);
  });
});

describe('what is not offered as a custom section', () => {
  it('skips an icon taken for a heading (its rows are contact details)', async () => {
    const { customSections } = await import('./custom.ts');
    const line = (text: string) => ({
      segs: [{ text, x: 50, x2: 200, size: 10, bold: false }],
      page: 1,
      y: 10,
      gap: 1.3,
      bullet: false,
      colX: 50,
      colW: 500,
    });
    const sections = [
      { kind: 'other' as const, title: '✉', lines: [line('ada@example.org')] },
      { kind: 'other' as const, title: 'Patents', lines: [line('US 1234567 Tide gauge')] },
    ];
    expect(customSections(sections, new Set()).map((s) => s.title)).toEqual(['Patents']);
  });
});
