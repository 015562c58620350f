import type { Language } from './types.ts';

export const es: Language = {
  code: 'es',
  headings: {
    extracurricular: ['voluntariado', 'voluntariados', 'actividades'],
    publications: ['publicaciones'],
    certifications: ['certificados', 'certificaciones'],
    courses: ['cursos', 'formacion complementaria'],
    languages: [
      'idiomas',
      'lenguas',
      'competencias linguisticas',
      'lengua materna',
      'lengua s materna s',
    ],
    awards: ['premios', 'reconocimientos', 'distinciones', 'logros'],
    education: [
      'educacion',
      'formacion',
      'estudios',
      'titulos',
      'titulacion',
      'experiencia academica',
    ],
    projects: ['proyectos'],
    experience: ['experiencia', 'experiencias', 'trayectoria', 'practicas', 'empleo', 'docencia'],
    skills: [
      'habilidades',
      'competencias',
      'conocimientos',
      'aptitudes',
      'destrezas',
      'herramientas',
      'lenguajes de programacion',
    ],
    summary: ['perfil', 'resumen', 'sobre mi', 'acerca de mi', 'objetivo', 'presentacion'],
    contact: ['contacto', 'datos personales', 'informacion personal', 'datos de contacto'],
    references: ['referencias'],
    interests: ['intereses', 'aficiones'],
    other: ['patentes', 'carnet de conducir', 'permiso de conducir', 'informacion adicional'],
  },
  and: ['y', 'e'],
};
