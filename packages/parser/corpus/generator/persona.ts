/**
 * A persona: everything one resume prints, already formatted as printed (dates in the document's
 * style, headings in its language). A family renders every field that is present and nothing
 * else, and the gold is made from the same object (gold.ts), so what is printed and what is
 * expected cannot drift apart. Options let a family leave things out (no summary, no places,
 * years only) before anything is rendered.
 */
import { countries, type City, type Country } from './bank/countries.ts';
import {
  bulletTemplates,
  contactLabels,
  dateWords,
  degreeIn,
  degrees,
  headings,
  hobbies,
  languageLevels,
  languageNames,
  referencesText,
  type Lang,
  type SectionKey,
} from './bank/languages.ts';
import { professions, type Profession } from './bank/professions.ts';
import {
  formatPeriod,
  pickDateFormat,
  type DateFormat,
  type DateStyle,
  type Period,
} from './dates.ts';
import type { Rng } from './rng.ts';

/** The generator's "today": fixed, so output never depends on the clock. */
export const TODAY = { y: 2026, m: 10 };

export interface ExpEntry {
  position: string;
  company: string;
  location?: string;
  dates: string;
  bullets: string[];
  technologies?: string[];
}
export interface EduEntry {
  institution: string;
  degree: string;
  field?: string;
  /** The degree line as printed when degree and field share it ("M.Sc. in Physics"). */
  degreeLine: string;
  dates: string;
  location?: string;
  gpa?: { label: string; value: string };
}
export interface SkillGroup {
  label: string;
  kind: 'technical' | 'tools' | 'soft';
  items: string[];
}
export interface LanguageItem {
  name: string;
  level: string;
}
export interface ProjectEntry {
  name: string;
  dates?: string;
  url?: string;
  bullets: string[];
  technologies?: string[];
}
export interface Publication {
  authors: string;
  title: string;
  venue: string;
  year: number;
}

export interface Persona {
  lang: Lang;
  country: Country;
  profession: Profession;
  name: string;
  title?: string;
  email: string;
  phone: string;
  location?: string;
  linkedin?: string;
  github?: string;
  portfolio?: string;
  /** Extra personal lines some layouts print (birth date, nationality): never in the gold. */
  personal: { label: string; value: string }[];
  summary?: string;
  experience: ExpEntry[];
  education: EduEntry[];
  skills: SkillGroup[];
  certifications: string[];
  languages: LanguageItem[];
  projects: ProjectEntry[];
  awards: string[];
  publications: Publication[];
  volunteering: string[];
  interests: string[];
  /** "References: available upon request" (left out of the gold, as the conventions say). */
  references?: string;
  headings: Record<SectionKey, string>;
  labels: (typeof contactLabels)[Lang];
  dateFormat: DateFormat;
}

export interface PersonaOptions {
  lang?: Lang;
  countryCode?: string;
  professionKey?: string;
  dateStyle?: DateStyle;
  /** Number of roles and sections: short (one page), normal, long (two or three pages). */
  size?: 'short' | 'normal' | 'long';
  summary?: boolean;
  /** Print the place of each role. */
  expLocation?: boolean;
  /** Print the place of each school. */
  eduLocation?: boolean;
  /** Print the contact location as a full postal address. */
  fullAddress?: boolean;
  links?: boolean;
  projects?: boolean;
  publications?: boolean;
  awards?: boolean;
  volunteering?: boolean;
  certifications?: boolean;
  languages?: boolean;
  interests?: boolean;
  references?: boolean;
  headline?: boolean;
  /** Skill groups printed with their labels; when false one unlabelled list. */
  skillGroups?: boolean;
  /** Technologies line under roles. */
  technologies?: boolean;
  /** LinkedIn's "Save to PDF": "January 2020 - Present (2 years 3 months)", no "since", no seasons. */
  durations?: boolean;
}

const softSkills: Record<Lang, readonly string[]> = {
  en: [
    'Communication',
    'Teamwork',
    'Problem solving',
    'Time management',
    'Leadership',
    'Attention to detail',
  ],
  de: [
    'Teamfähigkeit',
    'Kommunikationsstärke',
    'Organisationstalent',
    'Belastbarkeit',
    'Zuverlässigkeit',
  ],
  fr: ['Travail en équipe', 'Communication', 'Rigueur', 'Autonomie', 'Organisation'],
  es: ['Trabajo en equipo', 'Comunicación', 'Liderazgo', 'Organización', 'Resolución de problemas'],
  it: ['Lavoro di squadra', 'Comunicazione', 'Problem solving', 'Organizzazione', 'Leadership'],
  pt: ['Trabalho em equipe', 'Comunicação', 'Liderança', 'Organização', 'Proatividade'],
  nl: ['Samenwerken', 'Communicatief vaardig', 'Zelfstandig', 'Resultaatgericht', 'Flexibel'],
  zh: ['团队合作', '沟通能力', '学习能力', '抗压能力', '责任心'],
};
const groupLabels: Record<Lang, { technical: string; tools: string; soft: string }> = {
  en: { technical: 'Technical', tools: 'Tools', soft: 'Soft skills' },
  de: { technical: 'Fachkenntnisse', tools: 'Software', soft: 'Soziale Kompetenzen' },
  fr: { technical: 'Techniques', tools: 'Outils', soft: 'Savoir-être' },
  es: { technical: 'Técnicas', tools: 'Herramientas', soft: 'Habilidades blandas' },
  it: { technical: 'Tecniche', tools: 'Strumenti', soft: 'Competenze trasversali' },
  pt: { technical: 'Técnicas', tools: 'Ferramentas', soft: 'Comportamentais' },
  nl: { technical: 'Vakkennis', tools: 'Software', soft: 'Persoonlijke vaardigheden' },
  zh: { technical: '专业技能', tools: '软件工具', soft: '综合素质' },
};
const awardsBank: Record<Lang, readonly string[]> = {
  en: [
    'Employee of the Year 2022',
    "Dean's List",
    'Best Graduate Award',
    'Regional Excellence Award 2021',
    'Innovation Prize',
  ],
  de: [
    'Mitarbeiterin des Jahres 2022',
    'Deutschlandstipendium',
    'Preis für die beste Abschlussarbeit',
    'Innovationspreis 2021',
  ],
  fr: [
    "Prix de l'innovation 2021",
    'Major de promotion',
    "Bourse d'excellence",
    'Trophée du meilleur projet',
  ],
  es: [
    'Premio a la innovación 2021',
    'Matrícula de honor',
    'Beca de excelencia',
    'Premio extraordinario de fin de grado',
  ],
  it: [
    'Premio innovazione 2021',
    'Borsa di studio per merito',
    'Miglior tesi di laurea',
    'Dipendente dell’anno 2022',
  ],
  pt: [
    'Prêmio de inovação 2021',
    'Bolsa de mérito acadêmico',
    'Melhor trabalho de conclusão de curso',
    'Funcionário do ano 2022',
  ],
  nl: [
    'Innovatieprijs 2021',
    'Excellentiebeurs',
    'Beste afstudeerscriptie',
    'Medewerker van het jaar 2022',
  ],
  zh: ['国家奖学金', '优秀毕业生', '年度优秀员工', '创新大赛一等奖'],
};
const volunteeringBank: Record<Lang, readonly string[]> = {
  en: [
    'Volunteer tutor, Code Club',
    'Treasurer, Student Union',
    'Food bank volunteer',
    'Mentor, Girls Who Code',
    'Coach, youth football team',
  ],
  de: [
    'Ehrenamtliche Nachhilfe, Caritas',
    'Kassenwartin, Fachschaft',
    'Trainer einer Jugendfußballmannschaft',
    'Helferin bei der Tafel',
  ],
  fr: [
    'Bénévole, Restos du Cœur',
    'Trésorière, Bureau des étudiants',
    'Entraîneur de football jeunes',
    'Tutrice, association de soutien scolaire',
  ],
  es: [
    'Voluntaria, Cruz Roja',
    'Tesorero, Consejo de Estudiantes',
    'Entrenador de fútbol infantil',
    'Voluntario, Banco de Alimentos',
  ],
  it: [
    'Volontaria, Croce Rossa Italiana',
    'Tesoriere, associazione studentesca',
    'Allenatore di calcio giovanile',
    'Volontario, Banco Alimentare',
  ],
  pt: [
    'Voluntária, Cruz Vermelha',
    'Tesoureiro, Centro Acadêmico',
    'Treinador de futebol infantil',
    'Voluntário, Banco de Alimentos',
  ],
  nl: [
    'Vrijwilliger, Voedselbank',
    'Penningmeester, studievereniging',
    'Trainer jeugdvoetbal',
    'Huiswerkbegeleider, buurthuis',
  ],
  zh: ['校学生会主席', '社区志愿者', '支教志愿者', '校篮球队队长'],
};
const summaryTemplates: Record<Lang, readonly string[]> = {
  en: [
    '{title} with {y} years of experience in {s1} and {s2}. Known for reliable delivery and clear communication.',
    'Experienced {title} focused on {s1}, {s2} and continuous improvement. Looking for a new challenge in a growing team.',
    'Results-driven professional with a background in {s1}. Enjoys working with people and solving practical problems.',
  ],
  de: [
    '{title} mit {y} Jahren Berufserfahrung in {s1} und {s2}. Strukturiert, zuverlässig und teamorientiert.',
    'Erfahrene Fachkraft mit Schwerpunkt {s1}. Ich suche eine neue Herausforderung in einem engagierten Team.',
  ],
  fr: [
    '{title} avec {y} ans d’expérience en {s1} et {s2}. Rigoureux, autonome et orienté résultats.',
    'Professionnelle expérimentée spécialisée en {s1}, à la recherche d’un nouveau défi.',
  ],
  es: [
    '{title} con {y} años de experiencia en {s1} y {s2}. Persona organizada, resolutiva y orientada a resultados.',
    'Profesional con experiencia en {s1} que busca nuevos retos en un equipo dinámico.',
  ],
  it: [
    '{title} con {y} anni di esperienza in {s1} e {s2}. Persona precisa, affidabile e orientata ai risultati.',
    'Professionista con esperienza in {s1}, alla ricerca di nuove sfide in un team dinamico.',
  ],
  pt: [
    '{title} com {y} anos de experiência em {s1} e {s2}. Profissional organizado e focado em resultados.',
    'Profissional com experiência em {s1}, em busca de novos desafios em uma equipe dinâmica.',
  ],
  nl: [
    '{title} met {y} jaar ervaring in {s1} en {s2}. Gestructureerd, betrouwbaar en een echte teamspeler.',
    'Ervaren professional met focus op {s1}, op zoek naar een nieuwe uitdaging.',
  ],
  zh: [
    '{y}年{title}工作经验，熟悉{s1}和{s2}，工作认真负责，具有良好的团队合作精神。',
    '具备扎实的{s1}基础，善于沟通，能够独立解决问题。',
  ],
};
const venues = [
  'Journal of Applied Research',
  'Proceedings of the International Conference on Systems',
  'Physical Review B',
  'Annual Review of Methods',
  'European Journal of Practice',
  'Nature Communications',
];
const pubPatterns = [
  'A study of {t} in {u}',
  '{T}: new evidence from {u}',
  'Towards better {t}',
  'On the limits of {t}',
  'Measuring {t} at scale',
];
const pinyin: Record<string, string> = {
  王: 'wang',
  李: 'li',
  张: 'zhang',
  刘: 'liu',
  陈: 'chen',
  杨: 'yang',
  赵: 'zhao',
  黄: 'huang',
  周: 'zhou',
  吴: 'wu',
  徐: 'xu',
  孙: 'sun',
  伟: 'wei',
  芳: 'fang',
  娜: 'na',
  敏: 'min',
  静: 'jing',
  磊: 'lei',
  洋: 'yang',
  婷: 'ting',
  杰: 'jie',
  欣怡: 'xinyi',
  子轩: 'zixuan',
  雨桐: 'yutong',
};

const ascii = (s: string) =>
  s
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const fill = (t: string, v: Record<string, string>) =>
  t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

function pickHeadings(rng: Rng, lang: Lang): Record<SectionKey, string> {
  const out = {} as Record<SectionKey, string>;
  for (const [k, list] of Object.entries(headings[lang]) as [SectionKey, readonly string[]][]) {
    out[k] = rng.chance(0.45) ? list[0]! : rng.pick(list);
  }
  return out;
}

const durationWords: Record<Lang, [string, string, string, string]> = {
  en: ['year', 'years', 'month', 'months'],
  de: ['Jahr', 'Jahre', 'Monat', 'Monate'],
  fr: ['an', 'ans', 'mois', 'mois'],
  es: ['año', 'años', 'mes', 'meses'],
  it: ['anno', 'anni', 'mese', 'mesi'],
  pt: ['ano', 'anos', 'mês', 'meses'],
  nl: ['jaar', 'jaar', 'maand', 'maanden'],
  zh: ['年', '年', '个月', '个月'],
};

/** "2 years 3 months" (both ends counted, as LinkedIn does). */
function duration(lang: Lang, p: Period): string {
  const end = p.end ?? TODAY;
  const n = end.y * 12 + end.m - (p.start.y * 12 + p.start.m) + 1;
  const [y1, yn, m1, mn] = durationWords[lang];
  const y = Math.floor(n / 12);
  const m = n % 12;
  const part = (k: number, one: string, many: string) =>
    lang === 'zh' ? `${k}${one}` : `${k} ${k === 1 ? one : many}`;
  const parts = [...(y ? [part(y, y1, yn)] : []), ...(m ? [part(m, m1, mn)] : [])];
  return parts.join(lang === 'zh' ? '' : ' ');
}

function addMonths(d: { y: number; m: number }, k: number) {
  const t = d.y * 12 + (d.m - 1) + k;
  return { y: Math.floor(t / 12), m: (t % 12) + 1 };
}

export function makePersona(rng: Rng, o: PersonaOptions = {}): Persona {
  const profession = o.professionKey
    ? professions.find((p) => p.key === o.professionKey)!
    : rng.pick(professions);
  let country: Country;
  if (o.countryCode) country = countries.find((c) => c.code === o.countryCode)!;
  else if (o.lang) {
    // mostly a country whose first language it is; sometimes one where it is a second language
    const home = countries.filter((c) => c.langs[0] === o.lang);
    const all = countries.filter((c) => c.langs.includes(o.lang!));
    country = rng.pick(home.length && rng.chance(0.75) ? home : all);
  } else country = rng.pick(countries);
  const lang: Lang = o.lang ?? (rng.chance(0.7) ? country.langs[0]! : rng.pick(country.langs));
  const size = o.size ?? 'normal';
  const city: City = rng.pick(country.cities);
  const first = rng.pick(country.first);
  const last = rng.pick(country.last);
  const zhName = country.code === 'CN';
  const name = zhName ? `${last}${first}` : `${first} ${last}`;
  const handleBase = zhName
    ? `${pinyin[last] ?? 'li'}${pinyin[first] ?? 'ming'}`
    : `${ascii(first)}${rng.pick(['.', '', '_', '-'])}${ascii(last)}`;
  const handle = handleBase.replace(/[^a-z0-9]/g, '');
  const email = `${handleBase.replace(/-/g, '.')}${rng.chance(0.3) ? rng.int(1, 99) : ''}@${rng.pick(country.emailDomains)}`;
  const dateFormat = pickDateFormat(rng, lang, o.dateStyle);
  if (o.durations)
    Object.assign(dateFormat, {
      since: false,
      season: false,
      sep: ' - ',
      capitalise: true,
      present: dateWords[lang].present[0]!,
    });
  const titles = profession.titles[lang];
  const skills = rng.sample(lang === 'zh' ? profession.technicalZh : profession.technical, 6);
  const fillVars = () => ({
    skill: rng.pick(skills),
    n: String(rng.int(3, 40)),
    m: String(rng.int(10, 45)),
  });
  const used = new Set<string>();
  const bullet = (): string =>
    lang === 'en' && profession.bullets.some((b) => !used.has(b))
      ? rng.pick(profession.bullets.filter((b) => !used.has(b)))
      : fill(rng.pick(bulletTemplates[lang]), fillVars());
  // bullets are not repeated within a document while the bank lasts
  const bullets = (n: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < n * 8 && out.length < n; i++) {
      const b = bullet();
      if (out.includes(b) || (used.has(b) && i < n * 6)) continue;
      out.push(b);
      used.add(b);
    }
    return out;
  };

  // roles, most recent first, going back from TODAY
  const nRoles =
    size === 'short' ? rng.int(2, 3) : size === 'normal' ? rng.int(3, 4) : rng.int(4, 6);
  const experience: ExpEntry[] = [];
  let end: { y: number; m: number } | undefined = rng.chance(0.65)
    ? undefined
    : addMonths(TODAY, -rng.int(1, 8));
  let titleIdx = Math.min(titles.length - 1, nRoles - 1);
  let prevCompany: string | undefined;
  for (let i = 0; i < nRoles; i++) {
    const last = i === nRoles - 1;
    const summer = last && rng.chance(0.3);
    const to = end ?? TODAY;
    let start = addMonths(to, -rng.int(10, 48));
    let period: Period = { start, end };
    if (summer) {
      const y = to.y - 1;
      start = { y, m: 6 };
      period = { start, end: { y, m: 8 } };
    }
    let company: string;
    const promoted = !!prevCompany && rng.chance(0.25);
    if (promoted) company = prevCompany!;
    else if (lang === 'zh')
      company = rng.pick(profession.employersZh.filter((x) => x !== prevCompany));
    else {
      const sfx = rng.pick(
        country.code === 'CN' ? ['Co., Ltd.', 'Ltd.', ''] : country.companySuffix,
      );
      const prevBase = prevCompany?.replace(` ${sfx}`, '');
      const base = rng.pick(
        profession.employers.filter((x) => !prevCompany?.startsWith(x) && x !== prevBase),
      );
      company = `${base}${sfx ? ` ${sfx}` : ''}`;
    }
    prevCompany = company;
    const position = titles[Math.max(0, titleIdx)]!;
    titleIdx -= 1;
    const nb = size === 'short' ? rng.int(2, 3) : rng.int(2, 5);
    const entry: ExpEntry = {
      position,
      company,
      dates:
        formatPeriod(dateFormat, period, { summer }) +
        (o.durations ? ` (${duration(lang, period)})` : ''),
      bullets: bullets(nb),
    };
    if (o.expLocation ?? true)
      entry.location =
        promoted && experience.at(-1)?.location
          ? experience.at(-1)!.location
          : country.location(rng, rng.pick(country.cities));
    if (o.technologies && rng.chance(0.6))
      entry.technologies = rng.sample(
        [...profession.technical, ...profession.tools],
        rng.int(2, 4),
      );
    experience.push(entry);
    end = addMonths(start, -rng.int(0, 4));
  }
  // drop repeated company names in a row when they are identical entries with the same title
  const expFixed = experience.filter(
    (e, i) =>
      i === 0 ||
      e.position !== experience[i - 1]!.position ||
      e.company !== experience[i - 1]!.company,
  );

  // education
  const research = profession.key === 'research';
  const vocational = profession.key === 'chef' || profession.key === 'mechanic';
  const levels: ('bachelor' | 'master' | 'doctorate' | 'vocational')[] = vocational
    ? ['vocational']
    : research
      ? ['doctorate', 'master', 'bachelor']
      : size === 'short' || rng.chance(0.5)
        ? ['bachelor']
        : ['master', 'bachelor'];
  const eduEnd0 = addMonths(end ?? TODAY, -rng.int(0, 6));
  let eduEnd = eduEnd0;
  const eduFormat: DateFormat = rng.chance(0.4)
    ? {
        ...dateFormat,
        style: lang === 'zh' && dateFormat.style !== 'yyyy' ? dateFormat.style : 'yyyy',
        since: false,
      }
    : { ...dateFormat, since: false };
  const education: EduEntry[] = levels.map((lv) => {
    const years = lv === 'doctorate' ? 4 : lv === 'master' ? 2 : 3;
    const start = { y: eduEnd.y - years, m: rng.pick([9, 10]) };
    const period: Period = { start, end: { y: eduEnd.y, m: rng.pick([6, 7]) } };
    eduEnd = { y: start.y, m: 7 };
    const degree = rng.pick(degrees[lang][lv]);
    const field = profession.field[lang];
    const join = degreeIn[lang];
    const degreeLine =
      lang === 'zh'
        ? `${field} ${degree}`
        : `${degree}${rng.chance(0.5) && join ? ` ${join} ` : ', '}${field}`;
    const e: EduEntry = {
      institution: rng.pick(country.universities),
      degree,
      field,
      degreeLine,
      dates: formatPeriod(eduFormat, period),
    };
    if (o.eduLocation ?? rng.chance(0.5)) e.location = rng.pick(country.cities).city;
    if (lv !== 'vocational' && rng.chance(0.3)) {
      // grades as each system prints them; the scorer compares the first number
      const grade: Record<Lang, () => [string, string]> = {
        en: () => ['GPA', `${rng.int(30, 39) / 10}/4.0`],
        zh: () => ['GPA', `${rng.int(30, 39) / 10}/4.0`],
        de: () => ['Note', `${rng.int(1, 2)},${rng.int(0, 9)}`],
        fr: () => ['Moyenne', `${rng.int(12, 18)}/20`],
        es: () => ['Nota media', `${rng.int(7, 9)},${rng.int(0, 9)}/10`],
        it: () => ['Voto', `${rng.int(100, 110)}/110`],
        pt: () => ['Média', `${rng.int(14, 19)}/20`],
        nl: () => ['Gemiddeld cijfer', `${rng.int(7, 8)},${rng.int(0, 9)}`],
      };
      const [label, value] = grade[lang]();
      e.gpa = { label, value };
    }
    return e;
  });

  const gl = groupLabels[lang];
  const groups: SkillGroup[] = [{ label: gl.technical, kind: 'technical', items: skills }];
  // Chinese resumes list tools in English only where the trade does (software, data, design)
  if (lang !== 'zh' || ['software', 'data', 'design', 'civil'].includes(profession.key))
    groups.push({
      label: gl.tools,
      kind: 'tools',
      items: rng.sample(profession.tools, rng.int(3, 5)),
    });
  if (rng.chance(0.4))
    groups.push({ label: gl.soft, kind: 'soft', items: rng.sample(softSkills[lang], 3) });
  const skillGroups: SkillGroup[] =
    o.skillGroups === false
      ? [{ label: '', kind: 'technical', items: groups.flatMap((g) => g.items) }]
      : groups;

  const native =
    lang === 'en' && ['CA'].includes(country.code)
      ? 'fr'
      : country.langs[0] === 'en'
        ? 'en'
        : country.langs[0]!;
  const codes = [
    native,
    ...(native === 'en' ? [] : ['en']),
    ...rng.sample(
      ['de', 'fr', 'es', 'it', 'pt', 'nl', 'zh', 'ja'].filter((c) => c !== native),
      rng.int(0, 1),
    ),
  ];
  const lvls = languageLevels[lang];
  const languages: LanguageItem[] = codes.map((c, i) => ({
    name: languageNames[lang][c] ?? c,
    level:
      i === 0
        ? lvls[0]!
        : rng.chance(0.4)
          ? rng.pick(['C1', 'B2', 'B1', 'C2'])
          : lvls[rng.int(1, lvls.length - 1)]!,
  }));

  const techy = ['software', 'data', 'design', 'research', 'marketing', 'civil'].includes(
    profession.key,
  );
  const projects: ProjectEntry[] =
    (o.projects ?? techy)
      ? rng
          .sample(
            profession.projects,
            Math.min(profession.projects.length, size === 'short' ? 1 : 2),
          )
          .map((n) => ({
            name: n,
            bullets: bullets(rng.int(1, 2)),
            ...(rng.chance(0.4) ? { technologies: rng.sample(profession.technical, 3) } : {}),
          }))
      : [];
  const publications: Publication[] =
    (o.publications ?? research)
      ? Array.from({ length: size === 'long' ? rng.int(4, 7) : rng.int(2, 3) }, (_, i) => {
          const t = rng.pick(profession.topics);
          const u = rng.pick(
            profession.topics.filter((x) => x !== t).concat(['practice', 'small samples']),
          );
          const title = fill(rng.pick(pubPatterns), {
            t,
            T: t.charAt(0).toUpperCase() + t.slice(1),
            u,
          });
          const coauthors = rng.sample(
            countries.flatMap((c) => (c.code === 'CN' ? [] : c.last)),
            rng.int(1, 3),
          );
          const me = zhName ? name : `${first.charAt(0)}. ${last}`;
          return {
            authors: [
              me,
              ...coauthors.map((x) => `${rng.pick('ABCDEGHJKLMNPRST'.split(''))}. ${x}`),
            ].join(', '),
            title: `${title}${i > 2 ? ` (part ${i - 1})` : ''}`,
            venue: rng.pick(venues),
            year: TODAY.y - 1 - i,
          };
        })
      : [];

  const headline = o.headline ?? rng.chance(0.8);
  const links = o.links ?? rng.chance(0.7);
  const p: Persona = {
    lang,
    country,
    profession,
    name,
    email,
    phone: country.phone(rng),
    personal: [],
    experience: expFixed,
    education,
    skills: skillGroups,
    certifications:
      (o.certifications ?? rng.chance(0.5))
        ? rng.sample(profession.certifications, rng.int(1, 2))
        : [],
    languages: (o.languages ?? rng.chance(0.7)) ? languages : [],
    projects,
    awards: (o.awards ?? rng.chance(0.35)) ? rng.sample(awardsBank[lang], rng.int(1, 2)) : [],
    publications,
    volunteering:
      (o.volunteering ?? rng.chance(0.3)) ? rng.sample(volunteeringBank[lang], rng.int(1, 2)) : [],
    interests: (o.interests ?? rng.chance(0.3)) ? rng.sample(hobbies[lang], 3) : [],
    ...((o.references ?? rng.chance(0.2)) ? { references: referencesText[lang] } : {}),
    headings: pickHeadings(rng, lang),
    labels: contactLabels[lang],
    dateFormat,
  };
  if (headline) p.title = expFixed[0]?.position ?? titles[0]!;
  p.location = o.fullAddress ? country.address(rng, city) : country.location(rng, city);
  if (links) {
    p.linkedin = rng.pick([
      `linkedin.com/in/${handle}`,
      `https://www.linkedin.com/in/${handle}`,
      `www.linkedin.com/in/${handle}`,
    ]);
    if (['software', 'data', 'research'].includes(profession.key))
      p.github = rng.pick([`github.com/${handle}`, `https://github.com/${handle}`]);
    if (['design', 'marketing', 'chef'].includes(profession.key) || rng.chance(0.2))
      p.portfolio = rng.pick([`${handle}.com`, `www.${handle}.design`, `https://${handle}.dev`]);
  }
  if (o.summary ?? rng.chance(0.7)) {
    const years = String(Math.max(2, TODAY.y - (education[0] ? eduEnd0.y : TODAY.y - 5)));
    p.summary = fill(rng.pick(summaryTemplates[lang]), {
      title: lang === 'zh' || lang === 'en' ? (p.title ?? titles[0]!) : (titles[0] ?? ''),
      y: years,
      s1: skills[0]!,
      s2: skills[1]!,
    });
  }
  if (rng.chance(0.3) && lang !== 'en')
    p.personal.push({ label: p.labels.nationality, value: country.name.local });
  if (rng.chance(0.25))
    p.personal.push({
      label: p.labels.born,
      value:
        lang === 'en'
          ? `${rng.int(1, 28)} March ${rng.int(1975, 2000)}`
          : `${String(rng.int(1, 28)).padStart(2, '0')}.03.${rng.int(1975, 2000)}`,
    });
  return p;
}
