import { describe, expect, it } from 'vitest';
import { defaultContent, portfolioContentSchema } from './content.ts';
import type { ResumeData } from './resume.ts';
import { uncertainAfterEdit } from './uncertain.ts';
import {
  keptWhatWasFound,
  missingParts,
  startedFromScratch,
  verdictOf,
  withImportRead,
} from './verdict.ts';

const complete: ResumeData = {
  contact: { name: 'Ada Example', email: 'ada@example.com' },
  experience: [{ position: 'Engineer', company: 'Acme' }],
  education: [{ institution: 'Northfield University' }],
  skills: { technical: ['TypeScript'] },
};

describe('the verdict on a read', () => {
  it('names each expected part that has nothing in it, in a fixed order', () => {
    expect(missingParts(complete)).toEqual([]);
    // a two-column CV read as a contact block and some junk: no experience, no education, no skills
    const poor: ResumeData = {
      contact: { name: 'Ada Example' },
      experience: [],
      education: [{ institution: '  ', courses: [] }],
      skills: { technical: [], soft: [] },
      publications: [{ title: 'Paper jam' }],
    };
    expect(missingParts(poor).map((p) => p.missing)).toEqual([
      'work experience',
      'education',
      'skills',
      'e-mail address',
    ]);
    expect(missingParts({}).map((p) => p.path)).toEqual([
      'experience',
      'education',
      'skills',
      'contact/name',
      'contact/email',
    ]);
  });

  it('is shown for a poor read even when nothing is missing, and for a gap even when the read is sure', () => {
    expect(verdictOf(complete, { confidence: 0.42 })).toMatchObject({ poor: true, show: true });
    expect(verdictOf(complete, { confidence: 0.93 })).toMatchObject({ poor: false, show: false });
    expect(verdictOf({ ...complete, education: [] }, { confidence: 0.93 })).toMatchObject({
      poor: false,
      show: true,
    });
  });

  it('rests on what is missing when the read has no confidence (an old portfolio, a JSON import)', () => {
    expect(verdictOf(complete, undefined).show).toBe(false);
    expect(verdictOf({ ...complete, skills: {} }, undefined)).toMatchObject({
      poor: false,
      show: true,
    });
  });

  it('is not shown once answered, but a poor read stays poor', () => {
    const content = withImportRead(defaultContent({}), { review: review(0.3) });
    expect(verdictOf(content.data, content.settings.importRead).show).toBe(true);
    const kept = keptWhatWasFound(content);
    expect(verdictOf(kept.data, kept.settings.importRead)).toMatchObject({
      poor: true,
      show: false,
    });
  });
});

const review = (confidence: number) => ({
  confidence,
  uncertain: [],
  sources: {},
  probabilities: {},
});

describe('content from a parse', () => {
  it('marks each expected part left empty where it is edited, beside the parser’s marks', () => {
    const data: ResumeData = { contact: { name: 'Ada' }, skills: { technical: ['Paper jam'] } };
    const content = withImportRead(defaultContent(data), {
      uncertain: [{ path: 'skills/technical', reason: 'unknown-heading' }],
      review: {
        confidence: 0.31,
        // a section the parser doubts is kept even when empty; a path naming nothing is not
        uncertain: [
          { path: 'projects', reason: 'unknown-heading' },
          { path: 'experience', reason: 'low-confidence' },
          { path: 'experience/4/company', reason: 'low-confidence' },
        ],
        sources: {},
        probabilities: {},
      },
    });
    expect(content.settings.importRead).toEqual({ confidence: 0.31 });
    // an empty expected section says "not found", whatever the parser's mark on it said
    expect(content.settings.uncertain).toEqual([
      { path: 'experience', reason: 'not-found' },
      { path: 'education', reason: 'not-found' },
      { path: 'contact/email', reason: 'not-found' },
      { path: 'skills/technical', reason: 'unknown-heading' },
      { path: 'projects', reason: 'unknown-heading' },
    ]);
    // what is stored passes the content schema as it is
    expect(portfolioContentSchema.parse(content)).toEqual(content);
  });

  it('leaves a complete read without marks and without a stored read when there is no review', () => {
    const content = withImportRead(defaultContent(complete), { uncertain: [] });
    expect(content.settings.uncertain).toBeUndefined();
    expect(content.settings.importRead).toBeUndefined();
  });

  it('drops a section’s "not found" mark once something is added to it', () => {
    const content = withImportRead(defaultContent({ ...complete, experience: [] }), {});
    const marks = content.settings.uncertain ?? [];
    expect(marks).toEqual([{ path: 'experience', reason: 'not-found' }]);
    const after = { ...content.data, experience: [{ position: 'Nurse' }] };
    expect(uncertainAfterEdit(marks, content.data, after)).toEqual([]);
  });

  it('starting from scratch empties the data and the marks, and answers the verdict', () => {
    const content = withImportRead(defaultContent(complete), {
      uncertain: [{ path: 'experience/0/company', reason: 'role-or-company' }],
      review: review(0.5),
    });
    const scratch = startedFromScratch(content);
    expect(scratch.data).toEqual({});
    expect(scratch.settings.uncertain).toEqual([]);
    expect(scratch.settings.importRead).toEqual({ confidence: 0.5, settled: true });
    expect(scratch.settings.sectionOrder).toEqual(content.settings.sectionOrder);
  });
});
