/**
 * Section headings: a vocabulary per section kind in English, German, French, Spanish, Italian,
 * Portuguese, Dutch (and Chinese), matched on the normalised heading text. Phrases are matched
 * whole; keywords are matched inside short headings ("Where I've worked", "Academic Background").
 */
import { normKey, wordCount } from './text.ts';

export type SectionKind =
  | 'summary'
  | 'experience'
  | 'education'
  | 'projects'
  | 'skills'
  | 'certifications'
  | 'languages'
  | 'awards'
  | 'publications'
  | 'extracurricular'
  | 'courses'
  | 'profiles'
  | 'contact'
  | 'references'
  | 'interests'
  | 'other';

/** Keywords (normalised, accent-free). Order matters: the first kind whose keyword matches wins. */
const KEYWORDS: [SectionKind, string[]][] = [
  [
    'extracurricular',
    [
      'volunteer',
      'volunteering',
      'extracurricular',
      'extra curricular',
      'activities',
      'affiliations',
      'memberships',
      'involvement',
      'clubs',
      'community',
      'ehrenamt',
      'ehrenamtlich',
      'benevolat',
      'voluntariado',
      'volontariato',
      'vrijwilligerswerk',
      'associatif',
      'associations',
      'engagement',
      'leadership activities',
    ],
  ],
  [
    'publications',
    [
      'publications',
      'publication',
      'papers',
      'veroffentlichungen',
      'publicaciones',
      'pubblicazioni',
      'publicacoes',
      'publicaties',
      'research papers',
    ],
  ],
  [
    'certifications',
    [
      'certifications',
      'certification',
      'certificates',
      'certificate',
      'licenses',
      'licences',
      'zertifikate',
      'zertifizierungen',
      'certificats',
      'certificados',
      'certificazioni',
      'attestati',
      'certificacoes',
      'certificaten',
      'accreditations',
    ],
  ],
  [
    'courses',
    [
      'coursework',
      'courses',
      'kurse',
      'cours',
      'cursos',
      'corsi',
      'cursussen',
      'trainings',
      'training',
    ],
  ],
  [
    'languages',
    [
      'languages',
      'language skills',
      'language',
      'sprachen',
      'sprachkenntnisse',
      'langues',
      'idiomas',
      'lingue',
      'linguas',
      'talen',
      'talenkennis',
      'taalvaardigheden',
      'competences linguistiques',
      'competencias linguisticas',
      'conoscenze linguistiche',
      'competenze linguistiche',
      'conhecimentos linguisticos',
      'spoken languages',
      'mother tongue',
      'mother tongue s',
      'mother tongues',
      'other language s',
      'other languages',
      'muttersprache',
      'langue maternelle',
      'langue s maternelle s',
      'lengua materna',
      'lengua s materna s',
      'madrelingua',
      'moedertaal',
      'lingua materna',
      'lingua s materna s',
    ],
  ],
  [
    'awards',
    [
      'awards',
      'award',
      'honors',
      'honours',
      'achievements',
      'accomplishments',
      'scholarships',
      'distinctions',
      'auszeichnungen',
      'preise',
      'prix',
      'distinctions',
      'premios',
      'reconocimientos',
      'premi',
      'riconoscimenti',
      'premios',
      'premiacoes',
      'prijzen',
      'onderscheidingen',
      'recognition',
    ],
  ],
  [
    'education',
    [
      'education',
      'educational',
      'academic',
      'academics',
      'studies',
      'qualifications',
      'schooling',
      'degrees',
      'doctorate',
      'promotion',
      'promotie',
      'ausbildung',
      'bildung',
      'bildungsweg',
      'studium',
      'formation',
      'etudes',
      'educacion',
      'formacion',
      'estudios',
      'istruzione',
      'formazione',
      // the Italian "qualifications": "Titoli di studio"
      'titoli di studio',
      'educacao',
      'formacao',
      // "Experiências acadêmicas", "Experiencia académica": schooling, not work
      'experiencias academicas',
      'experiencia academica',
      'opleiding',
      'opleidingen',
      'onderwijs',
      'studie',
      'scolarite',
      'titulos',
      'school',
    ],
  ],
  [
    'projects',
    [
      'projects',
      'project',
      'portfolio',
      'side projects',
      'projekte',
      'projets',
      'proyectos',
      'progetti',
      'projetos',
      'projecten',
      'things i ve built',
      'built',
      'open source',
    ],
  ],
  [
    'experience',
    [
      'experience',
      'experiences',
      'employment',
      'work',
      'worked',
      'career',
      'internships',
      'internship',
      'positions',
      'jobs',
      'professional',
      'berufserfahrung',
      'erfahrung',
      'berufliche',
      'praktika',
      'praktikum',
      'tatigkeiten',
      'berufstatigkeit',
      'werdegang',
      'experience professionnelle',
      'experiences professionnelles',
      'parcours',
      'stages',
      'experiencia',
      'trayectoria',
      'esperienza',
      'esperienze',
      'esperienza lavorativa',
      'experiencia profissional',
      'experiencias',
      'experiencias profissionais',
      'historico profissional',
      'werkervaring',
      'ervaring',
      'loopbaan',
      'history',
      'leadership',
      'teaching',
      'lehrtätigkeit',
      'lehrtatigkeit',
      'enseignement',
      'docencia',
      'insegnamento',
      'docência',
      'onderwijservaring',
    ],
  ],
  [
    'skills',
    [
      'skills',
      'skill',
      'technologies',
      'technology',
      'tech stack',
      'toolbox',
      'toolkit',
      'tools',
      'competencies',
      'competences',
      'expertise',
      'strengths',
      'proficiencies',
      'proficiency',
      'abilities',
      'kenntnisse',
      'fahigkeiten',
      'kompetenzen',
      'fertigkeiten',
      'competences techniques',
      'habilidades',
      'competencias',
      'conocimientos',
      'competenze',
      'capacita',
      'conhecimentos',
      'vaardigheden',
      'competenties',
      'vaardigheden',
      'know how',
      'knowledge',
      'stack',
      'programming',
      'programming languages',
      'computer languages',
      'coding languages',
      'programmiersprachen',
      'lenguajes de programacion',
      'langages de programmation',
      'linguaggi di programmazione',
      'linguagens de programacao',
      'programmeertalen',
    ],
  ],
  [
    'summary',
    [
      'summary',
      'profile',
      'objective',
      'about',
      'about me',
      'introduction',
      'overview',
      'personal statement',
      'professional summary',
      'career objective',
      'profil',
      'zusammenfassung',
      'uber mich',
      'kurzprofil',
      'resume',
      'a propos',
      'perfil',
      'resumen',
      'sobre mi',
      'objetivo',
      'profilo',
      'sommario',
      'chi sono',
      'obiettivo',
      'sobre mim',
      'resumo',
      'apresentacao',
      'presentacion',
      'profiel',
      'samenvatting',
      'over mij',
    ],
  ],
  ['profiles', ['profiles', 'social', 'links', 'online', 'networks', 'social media']],
  [
    'contact',
    [
      'contact',
      'contact information',
      'contact details',
      'kontakt',
      'contacto',
      'contatti',
      'contato',
      'coordonnees',
      'personal details',
      'personal information',
      'persoonlijke gegevens',
      'personliche daten',
      'personliche angaben',
      'angaben zur person',
      'zur person',
      'zu meiner person',
    ],
  ],
  [
    'references',
    ['references', 'referees', 'referenzen', 'referencias', 'referenze', 'referenties'],
  ],
  [
    'interests',
    [
      'interests',
      'hobbies',
      'interessen',
      'hobbys',
      'loisirs',
      'centres d interet',
      'intereses',
      'aficiones',
      'interessi',
      'interesses',
      'hobby s',
      'passions',
    ],
  ],
  // sections with no place in the resume shape: known so that they end the section above
  [
    'other',
    [
      'patents',
      'patent',
      'talks',
      'invited talks',
      'presentations',
      'conference talks',
      // "Teaching Philosophy", "Research Philosophy": a credo, not a professional summary
      'philosophy',
      'teaching philosophy',
      'teaching statement',
      'speaking',
      'vortrage',
      'patente',
      'brevets',
      'patentes',
      'brevetti',
      'octrooien',
      'driving licence',
      'driving license',
      'driver s license',
      'fuhrerschein',
      'permis de conduire',
      'carnet de conducir',
      'permiso de conducir',
      'patente di guida',
      'rijbewijs',
      'carta de conducao',
      // what a template leaves for the rest (languages, courses, volunteering): no section of its own
      'informacoes adicionais',
      'informacion adicional',
    ],
  ],
];

const CJK: [SectionKind, RegExp][] = [
  ['education', /教育|学历/],
  // "项目经历" (projects), "活动经历" / "社团经历" / "志愿者经历" (activities): the first word names the kind
  ['projects', /项目/],
  ['extracurricular', /^(?:活动|社团|志愿|校园)/],
  ['experience', /经历|经验|工作|实习/],
  // "语言技能", "外语能力": spoken languages ("编程语言" stays with the skills below)
  ['languages', /^(?:语言|外语)/],
  ['skills', /技能|技术/],
  ['awards', /奖|荣誉/],
  ['certifications', /证书|资格/],
  ['contact', /个人信息|基本信息|联系方式/],
  ['languages', /语言/],
  ['interests', /兴趣|爱好/],
  ['summary', /简介|自我评价|个人/],
  // a thesis ("毕业论文", "学位论文") is no publication list ("Master thesis" is none either)
  ['other', /^(?:毕业|学位|硕士|博士|本科)论文/],
  ['publications', /论文|发表/],
  ['other', /^其他|^其它/],
];

/** Words that never appear in a heading (they mark a sentence or an entry). */
const NOT_HEADING =
  /\b(at|for|with|from|inc|llc|ltd|gmbh|university|college|lead|developer|engineer|manager|intern|analyst|designer|director|consultant|platform|dashboard|app)\b/;

/** The keyword is whole words of the key (both normalised: single spaces, no punctuation). */
const matches = (key: string, kw: string): boolean => ` ${key} `.includes(` ${kw} `);

/** Texts already classified (a parse asks about the same lines many times), up to a bound. */
const classified = new Map<string, SectionKind | undefined>();
const CLASSIFIED_MAX = 4096;

/** Classify a heading text, or undefined when it is not a known heading. */
export function classifyHeading(text: string): SectionKind | undefined {
  if (classified.has(text)) return classified.get(text);
  const kind = classifyText(text);
  if (classified.size >= CLASSIFIED_MAX) classified.clear();
  classified.set(text, kind);
  return kind;
}

function classifyText(text: string): SectionKind | undefined {
  if (/[:：]\s*\S/.test(text)) return undefined;
  // "Skills & Awards", "Education and Training": the first named section leads
  const parts = text.split(/\s+(?:&|and|und|et|y|e|en)\s+|\s*[,/]\s*/i);
  if (parts.length > 1 && parts[0] && text.length <= 48) {
    const first = classifyOne(parts[0]);
    if (first) return first;
    const whole = completeCompound(parts[0], parts[parts.length - 1] ?? '');
    if (whole) return whole;
  }
  return classifyOne(text);
}

/**
 * "Aus- und Weiterbildung", "Berufs- und Praxiserfahrung": a word cut short at a hyphen shares
 * the ending of the last word ("Ausbildung", "Berufserfahrung"); the kind that whole word names.
 */
function completeCompound(first: string, last: string): SectionKind | undefined {
  const m = /^(\p{L}+)-$/u.exec(first.trim());
  const tail = last.trim();
  if (!m?.[1] || !/^\p{L}+$/u.test(tail)) return undefined;
  for (let cut = tail.length - 3; cut >= 1; cut--) {
    const kind = classifyOne(m[1] + tail.slice(cut).toLowerCase());
    if (kind) return kind;
  }
  return undefined;
}

function classifyOne(text: string): SectionKind | undefined {
  const raw = text.replace(/[:：]\s*$/, '').trim();
  if (!raw || raw.length > 48) return undefined;
  if (/\p{Script=Han}/u.test(raw)) {
    if (raw.length > 8) return undefined;
    // "说明 论文简介": two words of several characters apart are a label and its content (a
    // heading is one compound word; letter-spaced headings space single characters)
    if (/\p{Script=Han}{2}\s+\p{Script=Han}{2}/u.test(raw)) return undefined;
    for (const [kind, re] of CJK) if (re.test(raw)) return kind;
    return undefined;
  }
  if (/\d/.test(raw) || /[.,;!?@]$/.test(raw) || /[@|•]/.test(raw)) return undefined;
  const key = normKey(raw).replace(/'/g, ' ').replace(/\s+/g, ' ');
  const words = wordCount(key);
  if (words === 0 || words > 5) return undefined;
  if (NOT_HEADING.test(key) && words >= 2) return undefined;
  for (const [kind, kws] of KEYWORDS) {
    for (const kw of kws) {
      if (key === kw) return kind;
    }
  }
  if (words > 4) return undefined;
  for (const [kind, kws] of KEYWORDS) {
    for (const kw of kws) {
      if (matches(key, kw)) return kind;
    }
  }
  return words === 1 ? compoundKind(key) : undefined;
}

/**
 * German and Dutch join a heading's words into one ("Praxiserfahrung", "Hochschulausbildung",
 * "Werkervaring"): the last word of the compound names the section (a project's, the first).
 */
const COMPOUND_TAILS: [string, SectionKind][] = [
  ['erfahrung', 'experience'],
  ['erfahrungen', 'experience'],
  ['ervaring', 'experience'],
  ['ausbildung', 'education'],
  ['opleiding', 'education'],
  ['opleidingen', 'education'],
  ['kenntnisse', 'skills'],
  ['fahigkeiten', 'skills'],
  ['kompetenzen', 'skills'],
  ['vaardigheden', 'skills'],
  ['sprachen', 'languages'],
  ['projekte', 'projects'],
  ['projecten', 'projects'],
];

function compoundKind(key: string): SectionKind | undefined {
  const word = key.replace(/-/g, '');
  if (!/^\p{L}+$/u.test(word)) return undefined;
  // ("Projekterfahrung", "Projectervaring": experience gained in projects, listed as projects)
  if (/^proje[ck]t/.test(word)) return 'projects';
  for (const [tail, kind] of COMPOUND_TAILS)
    if (word.length >= tail.length + 3 && word.endsWith(tail)) return kind;
  return undefined;
}
