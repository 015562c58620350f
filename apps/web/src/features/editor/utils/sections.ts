import { sectionKeys, type SectionKey } from '@folio/core';

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
};

export const absentSections = (order: readonly SectionKey[]): SectionKey[] =>
  sectionKeys.filter((key) => !order.includes(key));
