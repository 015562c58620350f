import type { Language } from './types.ts';

export const it: Language = {
  code: 'it',
  headings: {
    extracurricular: ['volontariato', 'attivita'],
    publications: ['pubblicazioni'],
    certifications: ['certificazioni', 'attestati'],
    courses: ['corsi'],
    languages: [
      'lingue',
      'conoscenze linguistiche',
      'competenze linguistiche',
      'madrelingua',
      'lingua materna',
      'lingua s materna s',
    ],
    awards: ['premi', 'riconoscimenti'],
    // the Italian "qualifications": "Titoli di studio"
    education: [
      'istruzione',
      'formazione',
      'titoli di studio',
      'percorso formativo',
      'percorso di studi',
    ],
    projects: ['progetti'],
    experience: [
      'esperienza',
      'esperienze',
      'esperienza lavorativa',
      'attivita professionali',
      'tirocini',
      'tirocinio',
      'insegnamento',
    ],
    skills: [
      'competenze',
      'capacita',
      'conoscenze',
      'abilita',
      'strumenti',
      'linguaggi di programmazione',
    ],
    summary: ['profilo', 'sommario', 'chi sono', 'obiettivo', 'presentazione'],
    contact: ['contatti', 'recapiti', 'informazioni personali', 'dati personali'],
    references: ['referenze'],
    interests: ['interessi', 'hobby'],
    other: ['brevetti', 'patente di guida'],
  },
  and: ['e'],
};
