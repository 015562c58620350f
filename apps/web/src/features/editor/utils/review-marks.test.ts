import { describe, expect, it } from 'vitest';
import type { UncertainField } from '@folio/core';
import { markAnchor, markStops, stepStop } from './review-marks.ts';

const mark = (path: string): UncertainField => ({ path, reason: 'low-confidence' });

describe('where a mark sits in the review', () => {
  it('on the field, entry or section its path names', () => {
    expect(markAnchor('contact/email')).toBe('contact/email');
    expect(markAnchor('experience')).toBe('experience');
    expect(markAnchor('experience/2')).toBe('experience/2');
    expect(markAnchor('experience/2/company')).toBe('experience/2/company');
    expect(markAnchor('skills/technical')).toBe('skills/technical');
  });

  it('on the list that holds a single item, and nowhere when the editor has no such place', () => {
    expect(markAnchor('skills/technical/3')).toBe('skills/technical');
    expect(markAnchor('experience/0/description/4')).toBe('experience/0/description');
    expect(markAnchor('awards/1')).toBe('awards');
    expect(markAnchor('experience/0/unknown')).toBe('experience/0');
    expect(markAnchor('contact/fax')).toBe('contact');
    expect(markAnchor('jsonResume/basics')).toBeNull();
  });
});

describe('the order "Next" walks', () => {
  it('is the editor’s: sections top to bottom, a section before its entries, an entry before its fields', () => {
    const stops = markStops([
      mark('publications/0/venue'),
      mark('skills/technical/3'),
      mark('experience/1/company'),
      mark('education'),
      mark('experience/1'),
      mark('experience/0/dates'),
      mark('experience/0/position'),
      mark('contact/email'),
      mark('experience/10/company'),
      mark('skills/technical/7'),
      mark('summary'),
      mark('contact/name'),
      mark('awards'),
      mark('jsonResume/basics'),
    ]);
    expect(stops.map((s) => s.anchor)).toEqual([
      'contact/name',
      'contact/email',
      'summary',
      'experience/0/position',
      'experience/0/dates',
      'experience/1',
      'experience/1/company',
      'experience/10/company',
      'education',
      'skills/technical',
      'awards',
      'publications/0/venue',
    ]);
    // two junk skills are one place to look at, holding both marks
    expect(stops.find((s) => s.anchor === 'skills/technical')?.marks).toHaveLength(2);
  });

  it('wraps at both ends', () => {
    const anchors = ['contact/name', 'experience', 'skills'];
    expect(stepStop(anchors, null, 1)).toBe('contact/name');
    expect(stepStop(anchors, null, -1)).toBe('skills');
    expect(stepStop(anchors, 'experience', 1)).toBe('skills');
    expect(stepStop(anchors, 'skills', 1)).toBe('contact/name');
    expect(stepStop(anchors, 'contact/name', -1)).toBe('skills');
    expect(stepStop([], null, 1)).toBeNull();
  });

  it('goes on from a mark just fixed to the one that followed it', () => {
    const anchors = ['contact/name', 'education', 'skills'];
    // "experience" was fixed: next is what came after it, previous what came before
    expect(stepStop(anchors, 'experience', 1)).toBe('education');
    expect(stepStop(anchors, 'experience', -1)).toBe('contact/name');
    expect(stepStop(anchors, 'publications', 1)).toBe('contact/name');
    expect(stepStop(['skills'], 'contact/email', -1)).toBe('skills');
  });
});
