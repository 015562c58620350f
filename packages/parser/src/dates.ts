/**
 * Dates as printed: month names and abbreviations in English, German, French, Spanish, Italian,
 * Portuguese and Dutch, numeric forms (03/2021, 2021-03, 03.2021), seasons, "present" words,
 * CJK year/month forms, and ranges joined by dashes, "to", "until", "bis", "à", "a", "al", "tot".
 */
const MONTHS = [
  'jan(?:uary|uar|vier|eiro|uari|v)?',
  'ene(?:ro)?',
  'gen(?:naio)?',
  'feb(?:ruary|ruar|rero|braio|ruari)?',
  'f[eé]vr?(?:ier)?',
  'fev(?:ereiro)?',
  'mar(?:ch|s|zo|ço|co|t)?',
  'mär(?:z)?',
  'mrt',
  'apr(?:il|ile)?',
  'avr(?:il)?',
  'abr(?:il)?',
  'may',
  'mai',
  'mayo',
  'mag(?:gio)?',
  'maio',
  'mei',
  'jun(?:e|i|io|ho)?',
  'juin',
  'giu(?:gno)?',
  'jul(?:y|i|io|ho)?',
  'juil(?:let)?',
  'lug(?:lio)?',
  'aug(?:ust|ustus)?',
  'ao[uû]t',
  'ago(?:sto)?',
  'sep(?:t(?:ember|embre|iembre)?)?',
  'set(?:embro|tembre)?',
  'oct(?:ober|obre|ubre)?',
  'okt(?:ober)?',
  'ott(?:obre)?',
  'out(?:ubro)?',
  'nov(?:ember|embre|iembre|embro)?',
  'dec(?:ember|embre)?',
  'dez(?:ember|embro)?',
  'd[eé]c(?:embre)?',
  'dic(?:iembre|embre)?',
  'spring',
  'summer',
  'fall',
  'autumn',
  'winter',
  // seasons in the other languages read ("Été 2018", "Sommer 2021", "Verano 2010", "Zomer 2011")
  'sommer',
  'fr[üu]hling',
  'fr[üu]hjahr',
  'herbst',
  '[ée]t[ée]',
  'printemps',
  'automne',
  'hiver',
  'verano',
  'oto[ñn]o',
  'invierno',
  'primavera',
  'autunno',
  'inverno',
  'ver[ãa]o',
  'outono',
  'zomer',
  'lente',
  'voorjaar',
  'najaar',
  'herfst',
  'month',
].join('|');

/** A year (1800–2099), or a template's placeholder for one ("20XX", "201x", "YYYY", "xxxx"). */
const YEAR = String.raw`(?:(?:19|20)(?:\d\d|\d[Xx]|[Xx]{2})|18\d\d|[Yy]{4}|[Xx]{4})`;
const MONTH = String.raw`(?:${MONTHS})\.?`;
const NUM_DATE = String.raw`(?:\d{1,2}[/.]\s?${YEAR}|${YEAR}[/.-]\d{1,2}(?!\d)|\d{1,2}[/.]\d{1,2}[/.]${YEAR})`;
const CJK_DATE = String.raw`${YEAR}\s*年(?:\s*\d{1,2}\s*月)?`;
const ONE_DATE = String.raw`(?:${CJK_DATE}|${NUM_DATE}|(?:\d{1,2}\.?\s)?${MONTH}\s*,?\s*'?(?:${YEAR}|\d\d)|${YEAR})`;
const PRESENT = String.raw`(?:present|current|now|today|ongoing|date|ce\s+jour|heute|aktuell|jetzt|présent|aujourd['’]hui|actuel(?:lement)?|en cours|actualidad|actualmente|en curso|presente|hoy|oggi|in corso|atual(?:mente)?|em curso|hoje|momento|heden|huidig|nu|dato|至今|现在|今)`;
const SEP = String.raw`\s*(?:[-–—‐‑−~]+|to|until|till|bis|à|au|a|al|hasta|ao|tot|→|至)\s*`;
/**
 * A template's placeholder range written in words ("year–year", "año–año", "Jahr – Jahr",
 * "年 – 年", "Start year – End year", "Ano de início – Ano de término"). Only the range counts:
 * the word alone is ordinary text ("Employee of the Year").
 */
const YEAR_WORD = String.raw`(?:(?:start|end|begin(?:ning)?)\s+year|years?|(?:año|ano)(?:\s+de\s+(?:in[ií]cio|t[ée]rmino|fin|fim|conclus[ãa]o))?|jahr|année|anno|jaar|年)`;
const WORD_RANGE = String.raw`${YEAR_WORD}\s*[-–—]+\s*(?:${YEAR_WORD}|${PRESENT})`;

export const DATE_RANGE_RE = new RegExp(
  String.raw`(?:(?:expected|anticipated|graduat(?:ed|ion|ing)|since|seit|depuis|desde|dal|sinds|from|von|de)\b[:\s]*(?:in\s+)?)*` +
    String.raw`(?:(?:预计|预期)\s*)?(?:${ONE_DATE})(?:${SEP}(?:${ONE_DATE}|${PRESENT}))?(?:\s*毕业)?` +
    String.raw`|${WORD_RANGE}|(?:${PRESENT}|now)\b(?=$)`,
  'iu',
);

/**
 * A date is not part of a longer word or number. Chinese is written without spaces, so Han
 * characters may touch a date ("预计2016年3月毕业", "2019年7月至今").
 */
const NOT_BEFORE = String.raw`(?<!(?!\p{Script=Han})[\p{L}\d])`;
const NOT_AFTER = String.raw`(?!(?!\p{Script=Han})[\p{L}\d])`;

const ANY_DATE_RE = new RegExp(`${NOT_BEFORE}(?:${ONE_DATE}|${WORD_RANGE})${NOT_AFTER}`, 'iu');

/** True when the text contains something that reads as a date. */
export const hasDate = (s: string): boolean => ANY_DATE_RE.test(s);

/** A date or a range of dates standing apart from the words around it (no global flag). */
const BOUNDED_RANGE_RE = new RegExp(`${NOT_BEFORE}(?:${DATE_RANGE_RE.source})${NOT_AFTER}`, 'iu');

/**
 * Find the first date or date range in a piece of text. Returns the date as printed and the rest
 * of the text with the date (and a dangling separator) removed.
 */
export function takeDate(s: string): Readonly<{ date: string; rest: string }> | undefined {
  if (taken.has(s)) return taken.get(s);
  const found = findDate(s);
  if (taken.size >= MEMO_MAX) taken.clear();
  taken.set(s, found);
  return found;
}

/** Texts already searched for a date (a parse asks about the same pieces many times). */
const taken = new Map<string, Readonly<{ date: string; rest: string }> | undefined>();
const MEMO_MAX = 8192;

function findDate(s: string): Readonly<{ date: string; rest: string }> | undefined {
  const m = BOUNDED_RANGE_RE.exec(s);
  if (!m || !hasDate(m[0])) return undefined;
  const date = m[0].trim();
  const rest = (s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length))
    .replace(/\(\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:|·•–—-]+|[\s,;:|·•(–—-]+$/g, '')
    .trim();
  return Object.freeze({ date, rest });
}

/** A piece that is only a date (or date range), possibly with a "Date:" label. */
export function isDateOnly(s: string): boolean {
  const t = takeDate(
    s.replace(/^(?:dates?|datum|fecha|période|periode|period|periodo|when)\s*:\s*/i, ''),
  );
  if (!t) return false;
  const rest = t.rest.replace(/[()[\]]/g, '').trim();
  // "Summer 2013, 2014": more dates after the first
  return rest === '' || (hasDate(rest) && rest.replace(ALL_DATES_RE, '').trim() === '');
}

const ALL_DATES_RE = new RegExp(
  `${NOT_BEFORE}(?:${ONE_DATE})${NOT_AFTER}|[\\s,;&/–—-]+|\\b(?:and|und|et|y|e|en)\\b`,
  'giu',
);
