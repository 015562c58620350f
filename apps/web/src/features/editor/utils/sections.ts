import { sectionKeys, type SectionKey } from '@folio/core';
import { move } from './string-list.ts';

/** What the editor calls each section. */
export const sectionLabels: Record<SectionKey, string> = {
  contact: 'Contact',
  summary: 'About / Summary',
  education: 'Education',
  experience: 'Experience',
  projects: 'Projects',
  skills: 'Skills',
  extracurricular: 'Extracurricular',
  awards: 'Awards',
  publications: 'Publications',
  languages: 'Languages',
  volunteering: 'Volunteering',
  custom: 'Custom sections',
};

export const absentSections = (order: readonly SectionKey[]): SectionKey[] =>
  sectionKeys.filter((key) => !order.includes(key));

/** The order after dragging section `active` onto the place of section `over`; null if nothing moves. */
export function moveSection(
  order: readonly SectionKey[],
  active: SectionKey,
  over: SectionKey,
): SectionKey[] | null {
  const from = order.indexOf(active);
  const to = order.indexOf(over);
  if (from < 0 || to < 0 || from === to) return null;
  return move(order, from, to);
}

/** The order without `section` (it goes to the list of sections that can be added back). */
export const removeSection = (order: readonly SectionKey[], section: SectionKey): SectionKey[] =>
  order.filter((key) => key !== section);

/** The order with `section` added at the end (where the visitor sees it last). */
export const addSection = (order: readonly SectionKey[], section: SectionKey): SectionKey[] =>
  order.includes(section) ? [...order] : [...order, section];

/** The section the "Add a section" choice stands on: the one picked if still absent, else the first absent. */
export const sectionToAdd = (
  absent: readonly SectionKey[],
  picked: SectionKey | '',
): SectionKey | '' => (picked && absent.includes(picked) ? picked : (absent[0] ?? ''));
