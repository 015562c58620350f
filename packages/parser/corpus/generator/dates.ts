/**
 * Date styles: how a period is printed. A document uses one style throughout (as people do), with
 * two per-entry exceptions real resumes show: "since April 2020" for a current role and
 * "Summer 2022" for a short summer internship. Gold dates are these strings, verbatim.
 */
import { dateWords, monthsLong, monthsShort, type Lang } from './bank/languages.ts';
import type { Rng } from './rng.ts';

export interface YearMonth {
  y: number;
  /** 1..12 */
  m: number;
}
export interface Period {
  start: YearMonth;
  /** undefined: ongoing. */
  end?: YearMonth;
}

export const dateStyles = [
  'mon-yyyy', // Jan 2020 – Present
  'month-yyyy', // January 2020 – March 2022, März 2019 – heute
  'mm/yyyy', // 01/2020 – 03/2022, 01/2020–heute
  'mm.yyyy', // 09.2018 – 06.2022
  'yyyy', // 2019 - 2021
  'yyyy.mm', // 2018.09 - 2022.06
  'yyyy-mm', // 2020-01 – 2022-03
  'yyyy年m月', // 2018年9月 - 2022年6月
  "mon-'yy", // Jan '20 – Mar '22
] as const;
export type DateStyle = (typeof dateStyles)[number];

/** Styles that read naturally in each language (all work everywhere; these are the usual ones). */
export const usualStyles: Record<Lang, readonly DateStyle[]> = {
  en: ['mon-yyyy', 'month-yyyy', 'mm/yyyy', 'yyyy', "mon-'yy", 'yyyy-mm'],
  de: ['mm/yyyy', 'mm.yyyy', 'month-yyyy', 'mon-yyyy', 'yyyy'],
  fr: ['month-yyyy', 'mm/yyyy', 'yyyy', 'mon-yyyy'],
  es: ['month-yyyy', 'mm/yyyy', 'yyyy', 'mon-yyyy'],
  it: ['mm/yyyy', 'month-yyyy', 'yyyy', 'mon-yyyy'],
  pt: ['mm/yyyy', 'month-yyyy', 'yyyy', 'mon-yyyy'],
  nl: ['month-yyyy', 'mm/yyyy', 'yyyy', 'mon-yyyy'],
  zh: ['yyyy.mm', 'yyyy年m月', 'yyyy-mm', 'yyyy'],
};

/** How one document prints its dates. */
export interface DateFormat {
  lang: Lang;
  style: DateStyle;
  /** Between start and end: ' – ', ' - ', '–', ' to ', ... */
  sep: string;
  present: string;
  /** Capitalise month names of languages that write them in lower case. */
  capitalise: boolean;
  /** Allow "since April 2020" for the current role. */
  since: boolean;
  /** Allow "Summer 2022" for a summer internship. */
  season: boolean;
}

export function pickDateFormat(rng: Rng, lang: Lang, style?: DateStyle): DateFormat {
  const st = style ?? rng.pick(usualStyles[lang]);
  const seps =
    lang === 'zh' ? [' - ', ' – ', '—', ' ~ ', '-'] : [' – ', ' - ', '–', ' — ', ' to ', '-'];
  let sep = rng.chance(0.4) ? seps[0]! : rng.pick(seps);
  if (sep === ' to ' && lang !== 'en') sep = ' – ';
  return {
    lang,
    style: st,
    sep,
    present: rng.chance(0.5) ? dateWords[lang].present[0]! : rng.pick(dateWords[lang].present),
    capitalise: rng.chance(0.5),
    since: rng.chance(0.35),
    season: rng.chance(0.5),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function formatMonth(f: DateFormat, d: YearMonth): string {
  const month = (names: readonly string[]) => {
    const n = names[d.m - 1]!;
    return f.capitalise ? cap(n) : n;
  };
  switch (f.style) {
    case 'mon-yyyy':
      return f.lang === 'zh' ? `${d.y}年${d.m}月` : `${month(monthsShort[f.lang])} ${d.y}`;
    case 'month-yyyy':
      return f.lang === 'zh' ? `${d.y}年${d.m}月` : `${month(monthsLong[f.lang])} ${d.y}`;
    case "mon-'yy":
      return `${month(monthsShort[f.lang])} '${String(d.y).slice(2)}`;
    case 'mm/yyyy':
      return `${pad(d.m)}/${d.y}`;
    case 'mm.yyyy':
      return `${pad(d.m)}.${d.y}`;
    case 'yyyy':
      return String(d.y);
    case 'yyyy.mm':
      return `${d.y}.${pad(d.m)}`;
    case 'yyyy-mm':
      return `${d.y}-${pad(d.m)}`;
    case 'yyyy年m月':
      return `${d.y}年${d.m}月`;
  }
}

/** "since April 2020" in the document's language. */
function sinceText(f: DateFormat, d: YearMonth): string {
  const w = dateWords[f.lang].since;
  if (f.lang === 'zh') return `${d.y}年${d.m}月至今`;
  const monthName = monthsLong[f.lang][d.m - 1]!;
  const m = f.lang === 'en' || f.lang === 'de' || f.capitalise ? cap(monthName) : monthName;
  const body = f.style === 'mm/yyyy' || f.style === 'mm.yyyy' ? formatMonth(f, d) : `${m} ${d.y}`;
  return `${f.lang === 'en' && !f.capitalise ? w : cap(w)} ${body}`;
}

/** The printed form of a period. `summer` marks a short summer internship. */
export function formatPeriod(f: DateFormat, p: Period, opts: { summer?: boolean } = {}): string {
  if (opts.summer && f.season && p.end && p.end.y === p.start.y) {
    const w = dateWords[f.lang].summer;
    return f.lang === 'zh' ? `${p.start.y}年${w}` : `${w} ${p.start.y}`;
  }
  if (!p.end && f.since) return sinceText(f, p.start);
  const a = formatMonth(f, p.start);
  const b = p.end ? formatMonth(f, p.end) : f.present;
  if (p.end && a === b) return a;
  return `${a}${f.sep}${b}`;
}
