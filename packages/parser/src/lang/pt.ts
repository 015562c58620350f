import type { Language } from './types.ts';

export const pt: Language = {
  code: 'pt',
  headings: {
    extracurricular: ['voluntariado', 'atividades'],
    publications: ['publicacoes'],
    certifications: ['certificacoes', 'certificados'],
    courses: ['cursos'],
    languages: ['linguas', 'idiomas', 'conhecimentos linguisticos', 'lingua materna'],
    awards: ['premios', 'premiacoes', 'reconhecimentos'],
    education: [
      'educacao',
      'formacao',
      'escolaridade',
      // "Experiências acadêmicas", "Experiencia académica": schooling, not work
      'experiencias academicas',
    ],
    projects: ['projetos'],
    experience: [
      'experiencia profissional',
      'experiencias',
      'experiencias profissionais',
      'atividades profissionais',
      'historico profissional',
      'estagios',
      'estagio',
      'docencia',
    ],
    skills: [
      'conhecimentos',
      'habilidades',
      'competencias',
      'ferramentas',
      'linguagens de programacao',
    ],
    summary: ['sobre mim', 'resumo', 'apresentacao', 'perfil', 'objetivo'],
    contact: ['contato', 'contatos', 'contacto', 'dados pessoais', 'informacoes pessoais'],
    references: ['referencias'],
    interests: ['interesses', 'hobbies'],
    // what a template leaves for the rest (languages, courses, volunteering): no section of its own
    other: ['patentes', 'carta de conducao', 'informacoes adicionais'],
  },
  and: ['e'],
};
