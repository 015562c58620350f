/**
 * The words of LinkedIn's profile export in the languages of its interface: section headings,
 * month names, the units of the durations it prints beside dates, and the word for "today". This
 * is the reader's second source of evidence: layout comes first (layout.ts, read.ts), and a
 * heading missing here is still read by its position and content.
 *
 * Written from the languages, not from any document; the corpus generator keeps its own table of
 * what it prints (corpus/generator/linkedin-ui.ts), so neither can lean on the other.
 */

export type SidebarKind =
  'contact' | 'skills' | 'languages' | 'certifications' | 'awards' | 'publications';
export type MainKind = 'summary' | 'experience' | 'education';

/** The order LinkedIn prints the sidebar's sections in. */
export const SIDEBAR_ORDER: readonly SidebarKind[] = [
  'contact',
  'skills',
  'languages',
  'certifications',
  'awards',
  'publications',
];
/** The order LinkedIn prints the main column's sections in. */
export const MAIN_ORDER: readonly MainKind[] = ['summary', 'experience', 'education'];

/** Heading words by kind: en, de, fr, es, pt, it, nl, pl, ru, tr, ko, ro (several forms seen in use). */
const SIDEBAR_HEADINGS: Record<SidebarKind, string[]> = {
  contact: [
    'contact',
    'kontakt',
    'kontaktdaten',
    'coordonnées',
    'contacter',
    'contactar',
    'contacto',
    'contato',
    'contatta',
    'contatti',
    'dane kontaktowe',
    'kontakt',
    'контактная информация',
    'способы связаться',
    'контакты',
    'iletişim',
    'iletişim bilgileri',
    '연락처',
    'contactați',
    'date de contact',
  ],
  skills: [
    'top skills',
    'top-kenntnisse',
    'top kenntnisse',
    'wichtigste kenntnisse',
    'principales compétences',
    'compétences principales',
    'aptitudes principales',
    'principales aptitudes',
    'principais competências',
    'competências principais',
    'competenze principali',
    'belangrijkste vaardigheden',
    'topvaardigheden',
    'najważniejsze umiejętności',
    'główne umiejętności',
    'основные навыки',
    'ключевые навыки',
    'en önemli yetenekler',
    'başlıca yetenekler',
    '대표 보유기술',
    '주요 기술',
    'aptitudini principale',
    'competențe principale',
  ],
  languages: [
    'languages',
    'sprachen',
    'langues',
    'idiomas',
    'lingue',
    'talen',
    'języki',
    'языки',
    'diller',
    '언어',
    'limbi',
    'limbi străine',
  ],
  certifications: [
    'certifications',
    'zertifizierungen',
    'bescheinigungen',
    'certificaciones',
    'certificações',
    'certificazioni',
    'certificeringen',
    'certificaten',
    'certyfikaty',
    'certyfikacje',
    'сертификаты',
    'лицензии и сертификаты',
    'sertifikalar',
    'lisanslar ve sertifikalar',
    '자격증',
    'certificări',
  ],
  awards: [
    'honors-awards',
    'honors & awards',
    'honors and awards',
    'auszeichnungen',
    'ehrungen und auszeichnungen',
    'distinctions',
    'prix et distinctions',
    'reconocimientos y premios',
    'premios',
    'reconhecimentos e prêmios',
    'prêmios',
    'riconoscimenti e premi',
    'onderscheidingen',
    'prijzen en onderscheidingen',
    'wyróżnienia i nagrody',
    'nagrody i wyróżnienia',
    'награды и премии',
    'награды',
    'onur ve ödüller',
    'ödüller',
    '수상 경력',
    'onoruri și premii',
    'distincții',
  ],
  publications: [
    'publications',
    'veröffentlichungen',
    'publikationen',
    'publicaciones',
    'publicações',
    'pubblicazioni',
    'publicaties',
    'publikacje',
    'публикации',
    'yayınlar',
    '출판물',
    'publicații',
  ],
};

const MAIN_HEADINGS: Record<MainKind, string[]> = {
  summary: [
    'summary',
    'about',
    'zusammenfassung',
    'info',
    'résumé',
    'extracto',
    'acerca de',
    'resumo',
    'sobre',
    'riepilogo',
    'informazioni',
    'samenvatting',
    'info',
    'podsumowanie',
    'informacje',
    'общие сведения',
    'резюме',
    'özet',
    'hakkında',
    '요약',
    '소개',
    'rezumat',
    'despre',
  ],
  experience: [
    'experience',
    'berufserfahrung',
    'erfahrung',
    'expérience',
    'experiencia',
    'experiência',
    'esperienza',
    'esperienze',
    'ervaring',
    'werkervaring',
    'doświadczenie',
    'опыт работы',
    'опыт',
    'deneyim',
    'iş deneyimi',
    '경력',
    'experiență',
    'experienţă',
  ],
  education: [
    'education',
    'ausbildung',
    'bildung',
    'formation',
    'études',
    'educación',
    'formación',
    'formação acadêmica',
    'formação',
    'educação',
    'formazione',
    'istruzione',
    'opleiding',
    'opleidingen',
    'wykształcenie',
    'edukacja',
    'образование',
    'eğitim',
    '학력',
    'studii',
    'educație',
    'educaţie',
  ],
};

/** Compared in lower case ("İletişim" as "iletişim": the dotted capital I without its dot). */
const key = (s: string) =>
  s.normalize('NFC').replace(/İ/gu, 'i').toLowerCase().replace(/\s+/g, ' ').trim();

function lookup<K extends string>(table: Record<K, string[]>, title: string): K | undefined {
  const k = key(title);
  for (const [kind, words] of Object.entries(table) as [K, string[]][])
    if (words.some((w) => key(w) === k)) return kind;
  return undefined;
}

export const sidebarKind = (title: string): SidebarKind | undefined =>
  lookup(SIDEBAR_HEADINGS, title);
export const mainKind = (title: string): MainKind | undefined => lookup(MAIN_HEADINGS, title);

/**
 * Month names (and their short and genitive forms) in the export's languages. Russian, Polish and
 * Romanian print the genitive after a day or before a year ("ноября 2019"); Korean writes "3월".
 */
const MONTHS = [
  // en
  'january february march april may june july august september october november december',
  'jan feb mar apr jun jul aug sep sept oct nov dec',
  // de
  'januar februar märz april mai juni juli august september oktober november dezember jänner',
  // fr
  'janvier février mars avril mai juin juillet août septembre octobre novembre décembre',
  // es
  'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
  // pt
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro',
  // it
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  // nl
  'januari februari maart april mei juni juli augustus september oktober november december',
  // pl (nominative and genitive)
  'styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik listopad grudzień',
  'stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia',
  // ru (nominative and genitive)
  'январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь',
  'января февраля марта апреля мая июня июля августа сентября октября ноября декабря',
  // tr
  'ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık',
  // ro
  'ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie noiembrie decembrie',
]
  .join(' ')
  .split(' ');
const MONTH_SET = new Set(MONTHS);

/** "Today" as the end of a span (LinkedIn often keeps the English word in other languages). */
const PRESENT = new Set(
  [
    'present',
    'heute',
    'aujourd’hui',
    "aujourd'hui",
    'presente',
    'actualidad',
    'atual',
    'o momento',
    'oggi',
    'heden',
    'obecnie',
    'настоящее время',
    'по настоящее время',
    'günümüz',
    'halen',
    '현재',
    'prezent',
  ].map(key),
);

/** Words that join a month to its year or a span's ends ("de", "of", "г."). */
const LINKS = new Set(['de', 'of', 'del', 'di', 'г.', 'r.', 'рік', 'год', 'года', 'yıl']);

/** Duration units: years and months, singular and plural forms. */
const UNITS = new Set(
  [
    'year years yr yrs month months mo mos',
    'jahr jahre jahren monat monate monaten',
    'an ans année années mois',
    'año años mes meses',
    'ano anos mês meses',
    'anno anni mese mesi',
    'jaar jaren maand maanden mnd',
    'rok lata lat miesiąc miesiące miesięcy',
    'год года лет месяц месяца месяцев',
    'yıl ay',
    'an ani lună luni',
  ]
    .join(' ')
    .split(' '),
);
/** Korean glues the unit to the number ("1년 2개월"). */
const KO_UNIT = /^\d{1,2}(?:년|개월)$/u;

const YEAR = /\b(?:19|20)\d{2}\b|(?:19|20)\d{2}년/u;

/**
 * A duration as LinkedIn prints it beside a span or under a company ("2 years 3 months",
 * "(1 ano)", "3 ani 8 luni", "1년 2개월"): numbers with unit words and no year. The units are
 * checked against the table when `strict`; without it any short word after a number is a unit
 * (the caller knows by position that the line is a duration).
 */
export function isDuration(text: string, strict = true): boolean {
  const t = text
    .trim()
    .replace(/^\((.*)\)$/u, '$1')
    .trim();
  if (!t || YEAR.test(t) || t.length > 40) return false;
  const words = t.toLowerCase().split(/\s+/);
  if (words.length === 0) return false;
  let numbers = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (KO_UNIT.test(w)) {
      numbers++;
      continue;
    }
    if (!/^\d{1,2}$/.test(w)) return false;
    const unit = words[++i];
    if (!unit || !/^\p{L}{1,10}\.?$/u.test(unit)) return false;
    if (strict && !UNITS.has(unit.replace(/\.$/, ''))) return false;
    numbers++;
  }
  return numbers >= 1 && numbers <= 2;
}

/** A span of dates's own words: months, years, "today", links and dashes, nothing else. */
export function isDateSpan(text: string): boolean {
  const t = key(text);
  if (!YEAR.test(t) && !PRESENT.has(t)) return false;
  let rest = t;
  for (const p of PRESENT) rest = rest.split(p).join(' ');
  return rest
    .split(/[\s\-–—/.,]+/)
    .filter(Boolean)
    .every(
      (w) =>
        /^\d{1,4}$/.test(w) ||
        /^\d{1,4}(?:년|월)$/u.test(w) ||
        MONTH_SET.has(w) ||
        MONTH_SET.has(w.replace(/\.$/, '')) ||
        LINKS.has(w),
    );
}

/** The span of a date line without the duration LinkedIn prints after it in parentheses. */
export function withoutDuration(text: string): string {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/u.exec(text.trim());
  if (m && isDuration(m[2] ?? '', false)) return (m[1] ?? '').trim();
  return text.trim();
}

/**
 * The label of a line that lists a role's technologies ("Stack: Vue.js, Django"): en, de, fr, es,
 * pt, it, nl, pl, ru, tr, ko, ro.
 */
export const STACK_LABEL =
  /^(?:(?:tech(?:nology)?\s+)?stack|technologies|tech|technologien|technologies utilisées|tecnolog[íi]as|tecnologias|tecnologie|technologieën|technologie|технологии|стек|teknolojiler|기술 스택|tehnologii)\s*:\s*(?=\S)/iu;
