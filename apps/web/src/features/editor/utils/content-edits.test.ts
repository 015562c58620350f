import { describe, expect, it } from 'vitest';
import { defaultContent, type PortfolioContent, type ResumeData } from '@folio/core';
import {
  convertEntry,
  editItem,
  mergeEntries,
  moveEntryToSection,
  moveSkill,
  nudgeItem,
  splitEntry,
} from './content-edits.ts';

/** Content with `data` as given (not parsed, so no list is filled in). */
const contentOf = (data: ResumeData): PortfolioContent => ({ ...defaultContent(), data });

const marked = (content: PortfolioContent, paths: string[]): PortfolioContent => ({
  ...content,
  settings: {
    ...content.settings,
    uncertain: paths.map((path) => ({ path, reason: 'check' }) as never),
  },
});
const paths = (c: PortfolioContent) => (c.settings.uncertain ?? []).map((u) => u.path);

describe('moving an entry to another section', () => {
  const base = contentOf({
    experience: [{ position: 'Engineer', company: 'Acme', description: ['Built it'] }],
    projects: [
      {
        name: 'Tide Mapper',
        url: 'https://tide.example',
        description: ['Mapped'],
        technologies: ['Go'],
      },
      { name: 'Second', description: [] },
    ],
  });

  it('maps a project onto an experience entry at the end of Experience, nothing typed lost', () => {
    const { content } = moveEntryToSection(base, 'projects', 0, 'experience');
    expect(content.data.projects).toEqual([{ name: 'Second', description: [] }]);
    expect(content.data.experience?.[1]).toEqual({
      position: 'Tide Mapper',
      description: ['Mapped', 'https://tide.example'],
      technologies: ['Go'],
    });
  });

  it('carries the "Check this" markers along and shifts those after it', () => {
    const c = marked(base, [
      'projects/0/name',
      'projects/1/name',
      'projects/0',
      'experience/0/company',
    ]);
    const { content } = moveEntryToSection(c, 'projects', 0, 'experience');
    expect(paths(content)).toEqual([
      'experience/1/position',
      'projects/0/name',
      'experience/1',
      'experience/0/company',
    ]);
  });

  it('makes a custom section when there is none, and shows it', () => {
    const c = { ...base, settings: { ...base.settings, sectionOrder: ['experience' as const] } };
    const { content } = moveEntryToSection(c, 'experience', 0, 'custom');
    expect(content.data.custom).toEqual([
      {
        title: 'Other',
        entries: [{ title: 'Engineer', subtitle: 'Acme', description: ['Built it'] }],
      },
    ]);
    expect(content.settings.sectionOrder).toEqual(['experience', 'custom']);
  });

  it('moves a custom entry to volunteering', () => {
    const c = contentOf({
      custom: [{ title: 'Other', entries: [{ title: 'Guide', subtitle: 'Parks', date: '2020' }] }],
    });
    const { content } = moveEntryToSection(c, 'custom/0/entries', 0, 'volunteering');
    expect(content.data.volunteering).toEqual([
      { role: 'Guide', organisation: 'Parks', dates: '2020', description: [] },
    ]);
    expect(content.data.custom?.[0]?.entries).toEqual([]);
  });

  it('keeps education details without a field of their own as bullets, and names a lost image', () => {
    expect(
      convertEntry({ institution: 'MIT', degree: 'BSc', gpa: '3.9' }, 'education', 'experience')
        .entry,
    ).toEqual({ position: 'BSc', company: 'MIT', description: ['GPA: 3.9'] });
    expect(
      convertEntry({ name: 'X', image: 'https://i/x.png' }, 'projects', 'experience').dropped,
    ).toEqual(['image']);
  });
});

describe('merging and splitting entries', () => {
  const c = contentOf({
    experience: [
      { position: 'Engineer', description: ['A'] },
      { company: 'Acme', position: 'Other', description: ['A', 'B'] },
      { position: 'Last' },
    ],
  });

  it('merges an entry with the next: the first wins, lists join, markers after shift up', () => {
    const out = mergeEntries(marked(c, ['experience/2/position']), 'experience', 0);
    expect(out.data.experience).toEqual([
      { position: 'Engineer', company: 'Acme', description: ['A', 'B'] },
      { position: 'Last' },
    ]);
    expect(paths(out)).toEqual(['experience/1/position']);
  });

  it('splits an entry at a bullet: the rest becomes a new entry after it', () => {
    const out = splitEntry(marked(c, ['experience/2/position']), 'experience', 1, 1);
    expect(out.data.experience?.slice(1, 3)).toEqual([
      { company: 'Acme', position: 'Other', description: ['A'] },
      { description: ['B'] },
    ]);
    expect(paths(out)).toEqual(['experience/3/position']);
    expect(splitEntry(c, 'experience', 0, 0)).toBe(c);
  });
});

describe('skills and items', () => {
  it('moves a skill between groups, never duplicating', () => {
    expect(moveSkill({ technical: ['Go', 'Teamwork'], soft: [] }, 'technical', 1, 'soft')).toEqual({
      technical: ['Go'],
      soft: ['Teamwork'],
    });
    expect(moveSkill({ technical: ['Go'], tools: ['go'] }, 'technical', 0, 'tools')).toEqual({
      technical: [],
      tools: ['go'],
    });
  });

  it('edits an item in place and nudges it one place', () => {
    expect(editItem(['a', 'b'], 1, 'B')).toEqual(['a', 'B']);
    expect(nudgeItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(nudgeItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
