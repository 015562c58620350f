/**
 * Resumes for browser tests, generated here as Word files with the corpus generator's personas
 * (`packages/parser/corpus/generator`): deterministic, nothing fetched, nothing committed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultContent, withImportRead } from '@folio/core';
import { renderDocx } from '../packages/parser/corpus/generator/docx.ts';
import type { SectionKey } from '../packages/parser/corpus/generator/bank/languages.ts';
import { makePersona, type Persona } from '../packages/parser/corpus/generator/persona.ts';
import { packDocx } from '../packages/parser/corpus/generator/render.node.ts';
import { makeRng } from '../packages/parser/corpus/generator/rng.ts';
import { parseResumeWithConfidence } from '../packages/parser/src/index.ts';
import { nodePdfAssets } from '../packages/parser/src/pdf-assets.node.ts';

export interface GeneratedResume {
  file: string;
  persona: Persona;
  /**
   * How many places the review marks "Check this" in it: the parser's marks (its review's section
   * marks included) and the expected parts it found nothing for, as the portfolio keeps them.
   */
  marks: number;
}

export interface ResumeOptions {
  /** Changes the persona before it is written (e.g. no work experience). */
  edit?: (p: Persona) => Persona;
  /**
   * Print the place of each role and school on its heading line: with this layout the parser
   * cannot tell every part of an education heading apart, so it marks those "Check this".
   */
  places?: boolean;
  /** The sections written, in order (default: summary, experience, education, projects, skills, languages). */
  order?: SectionKey[];
}

/**
 * A one-page English resume from `seed`, written as DOCX with Word's heading styles and real
 * bullet lists, and parsed once here to count its marks.
 */
export async function generatedResume(
  seed: string,
  {
    edit = (p) => p,
    places = false,
    order = ['summary', 'experience', 'education', 'projects', 'skills', 'languages'],
  }: ResumeOptions = {},
): Promise<GeneratedResume> {
  const persona = edit(
    makePersona(makeRng(seed), {
      lang: 'en',
      size: 'short',
      summary: true,
      links: false,
      eduLocation: places,
      expLocation: places,
    }),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-generated-'));
  const file = path.join(dir, `${persona.name.replace(/\W+/g, '-')}.docx`);
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
  const parsed = await parseResumeWithConfidence(
    new Uint8Array(fs.readFileSync(file)),
    nodePdfAssets(),
  );
  const kept = withImportRead(defaultContent(parsed.data), parsed).settings.uncertain ?? [];
  return { file, persona, marks: kept.length };
}
