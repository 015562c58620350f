import type { Language } from './types.ts';

export const nl: Language = {
  code: 'nl',
  headings: {
    extracurricular: ['vrijwilligerswerk', 'nevenactiviteiten', 'activiteiten'],
    publications: ['publicaties'],
    certifications: ['certificaten', 'certificeringen'],
    courses: ['cursussen', 'trainingen'],
    languages: ['talen', 'talenkennis', 'taalvaardigheden', 'moedertaal'],
    awards: ['prijzen', 'onderscheidingen'],
    education: ['opleiding', 'opleidingen', 'onderwijs', 'studie', 'promotie'],
    projects: ['projecten'],
    experience: ['werkervaring', 'ervaring', 'loopbaan', 'werkgeschiedenis', 'onderwijservaring'],
    skills: ['vaardigheden', 'competenties', 'kennis', 'programmeertalen'],
    summary: ['profiel', 'persoonlijk profiel', 'samenvatting', 'over mij'],
    contact: ['persoonlijke gegevens', 'contactgegevens'],
    references: ['referenties'],
    interests: ['interesses', 'hobby s'],
    other: ['octrooien', 'rijbewijs'],
  },
  compoundTails: {
    experience: ['ervaring'],
    education: ['opleiding', 'opleidingen'],
    skills: ['vaardigheden'],
    projects: ['projecten'],
  },
  and: ['en'],
};
