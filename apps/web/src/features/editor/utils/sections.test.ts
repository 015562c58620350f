import { sectionKeys, type SectionKey } from '@folio/core';
import { describe, expect, it } from 'vitest';
import {
  absentSections,
  addSection,
  moveSection,
  removeSection,
  sectionToAdd,
} from './sections.ts';

const order: SectionKey[] = ['contact', 'summary', 'experience', 'skills'];

describe('reordering sections', () => {
  it('dragging a section down puts it at the place of the one it was dropped on', () => {
    expect(moveSection(order, 'summary', 'skills')).toEqual([
      'contact',
      'experience',
      'skills',
      'summary',
    ]);
  });

  it('dragging a section up moves the others down by one', () => {
    expect(moveSection(order, 'skills', 'contact')).toEqual([
      'skills',
      'contact',
      'summary',
      'experience',
    ]);
  });

  it('dropping a section on itself or outside the list changes nothing', () => {
    expect(moveSection(order, 'summary', 'summary')).toBeNull();
    expect(moveSection(order, 'summary', 'awards')).toBeNull();
    expect(order).toEqual(['contact', 'summary', 'experience', 'skills']);
  });
});

describe('removing and adding sections', () => {
  it('a removed section leaves the page and can be added back, at the end', () => {
    const without = removeSection(order, 'summary');
    expect(without).toEqual(['contact', 'experience', 'skills']);
    expect(absentSections(without)).toContain('summary');
    expect(addSection(without, 'summary')).toEqual(['contact', 'experience', 'skills', 'summary']);
  });

  it('a section shown already is not added twice', () => {
    expect(addSection(order, 'skills')).toEqual(order);
  });

  it('the sections that can be added are the absent ones, in their default order', () => {
    expect(absentSections([...sectionKeys])).toEqual([]);
    expect(absentSections(order)).toEqual(sectionKeys.filter((k) => !order.includes(k)));
  });

  it('the add choice keeps the pick while absent, and moves on once it was added', () => {
    const absent = absentSections(order);
    expect(sectionToAdd(absent, 'awards')).toBe('awards');
    expect(sectionToAdd(absentSections(addSection(order, 'awards')), 'awards')).toBe(absent[0]);
    expect(sectionToAdd([], 'awards')).toBe('');
  });
});
