/** Sections that are lists: skills, languages, awards, activities, publications, courses. */
import type { Publication } from '@folio/core';
import { hasDate, isDateOnly, takeDate } from './dates.ts';
import { EMAIL_RE, isLocation } from './contact.ts';
import { headFields } from './fields.ts';
import { splitBlocks, type Block } from './entries.ts';
import { joinWrapped, wordCount, WRAPPED_SENTENCE } from './text.ts';
import { classifyHeading } from './headings.ts';
import { lineBold, lineSize, lineText, lineX, type Line } from './types.ts';

const LEVEL =
  /^(?:(?:near[- ])?native(?: speaker| language)?|mother tongue|fluent|proficient|advanced|intermediate|beginner|basic|elementary|expert|professional(?: working)?(?: proficiency)?|full professional proficiency|limited working proficiency|conversational|business(?: fluent)?|working knowledge|good|very good|excellent|muttersprache|fließend|verhandlungssicher|grundkenntnisse|gut|sehr gut|langue maternelle|maternelle|courant|bilingue|notions|intermédiaire|débutant|avancé|lengua materna|nativo|nativa|fluido|básico|intermedio|avanzado|madrelingua|fluente|moedertaal|vloeiend|gute kenntnisse|sehr gute kenntnisse|fortgeschritten|anfänger|bon|bon niveau|très bon|scolaire|bueno|muy bueno|alto|medio|conversacional|buono|ottimo|discreto|scolastico|avanzato|intermedio|base|elementare|bom|ótimo|intermediário|avançado|conversação|basis|redelijk|goed|zeer goed|uitstekend|gevorderd|(?:skill )?level|nivel|nível|niveau|livello|熟练|精通|流利|母语|良好|一般|熟悉|了解|掌握|入门|基础|水平|[abc][12]|\d+(?:[.,]\d+)?(?:\s*\/\s*\d+)?|[★☆●○]+)$/iu;

export const isLevel = (s: string): boolean => LEVEL.test(s.trim().replace(/[()]/g, ''));

/**
 * Whether a list gives a proficiency anywhere ("English: fluent", "French (B2)", "IELTS 7.5"), as
 * a list of spoken languages does and one of programming languages ("Python, Go, SQL") does not.
 */
export const givesLevels = (text: string): boolean =>
  text
    .split(/\s*[,;:()|/–—]\s*|\s+-\s+/u)
    .some((part) => !!part.trim() && (isLevel(part) || LANGUAGE_TEST.test(part.trim())));

/** Language tests and their scores ("TOEFL 105", "IELTS 7.5", "CET-6") given as a level. */
const LANGUAGE_TEST =
  /^(?:toefl|ielts|toeic|cefr|delf|dalf|dele|hsk|jlpt|topik|testdaf|goethe|cambridge|cae|cpe|fce|gre|cet-?\s?[46]|tem-?\s?[48])\b/i;

/**
 * Where a parenthesised part closing `s` starts (with the spaces before it), or -1: the index
 * /\s*[(（][^)）]*[)）]\s*$/u finds, in one pass. The expression scanned on from every "(" and
 * took time quadratic in their number.
 */
export function trailingParen(s: string): number {
  let end = s.length;
  while (end > 0 && /\s/.test(s[end - 1]!)) end--;
  if (s[end - 1] !== ')' && s[end - 1] !== '）') return -1;
  let open = -1;
  for (let i = end - 2; i >= 0; i--) {
    const c = s[i];
    if (c === ')' || c === '）') break;
    if (c === '(' || c === '（') open = i;
  }
  while (open > 0 && /\s/.test(s[open - 1]!)) open--;
  return open;
}

const stripLevel = (s: string): string => {
  const at = trailingParen(s);
  const inner = (at < 0 ? '' : s.slice(at)).replace(/[()（）]/gu, '').trim();
  // "Deutsch (Muttersprache, C2)", "French (reading, B1)": a short note that names a level
  const levelNote =
    wordCount(inner) <= 6 &&
    inner.split(/\s*[,;]\s*/).some((x) => isLevel(x) || LANGUAGE_TEST.test(x));
  const kept =
    at >= 0 && (isLevel(inner) || LANGUAGE_TEST.test(inner) || levelNote) ? s.slice(0, at) : s;
  return kept
    .replace(/\s*[-–—:]\s*([^-–—:]+)$/u, (m, lvl: string) => (isLevel(lvl) ? '' : m))
    .trim();
};

/**
 * A skill as named: a lower-case level before it is dropped ("basic Excel"), and an acronym
 * spelled out after it keeps the acronym ("SQL (Structured Query Language)").
 */
function skillName(s: string): string {
  const t = s.replace(
    /^(?:basic|intermediate|advanced|proficient|expert|beginner)\s+(?=\p{L})/u,
    '',
  );
  const m = /^(\p{Lu}[\p{Lu}\d]{1,7})\s*[(（]([^)）]+)[)）]$/u.exec(t);
  if (m?.[1] && m[2]) {
    const initials = m[2]
      .split(/[\s-]+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => w[0])
      .join('');
    if (initials === m[1].replace(/\d/g, '')) return m[1];
  }
  return t;
}

function splitList(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,;|•·、，；]/u.test(ch)) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out
    .map((x) =>
      x
        .trim()
        .replace(/^(?:and|und|et|y|e|en)\s+/i, '')
        .replace(/\.$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** A spaced operator or slash between list items ("C == Python > C++", "HTML / CSS"). */
const ITEM_OPERATOR = /^\s+(?:==?|>=?|≥|≈|\/)\s+/u;

/**
 * List items: "C == Python > C++ > Java", "HTML / CSS": spaced operators and slashes separate,
 * outside parentheses only ("Modelling (Excel / Sheets)" is one item naming two tools).
 */
function splitItems(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) depth--;
    else if (depth === 0 && /\s/.test(ch) && (i === 0 || !/\s/.test(s[i - 1]!))) {
      const m = ITEM_OPERATOR.exec(s.slice(i));
      if (m) {
        out.push(s.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  out.push(s.slice(start));
  return out.flatMap(splitList);
}

const isList = (t: string): boolean => {
  const parts = splitItems(t);
  return parts.length >= 3 && parts.every((p) => wordCount(p) <= 3);
};

/** Words of an item outside its parentheses ("SEO & SEM (Google Ads, Ahrefs, Meta Ads)": 3). */
const itemWords = (p: string): number => {
  // one pass (an expression scanning on from every "(" is quadratic in their number)
  let depth = 0;
  let out = '';
  for (const ch of p) {
    if (ch === '(' || ch === '（') depth++;
    else if ((ch === ')' || ch === '）') && depth > 0) {
      depth--;
      out += ' ';
    } else if (depth === 0) out += ch;
  }
  return wordCount(depth > 0 ? p : out);
};

/**
 * How many words a list item of a short phrase runs to at most ("• experience with HTML"): an
 * item, not a sentence, whatever its first letter.
 */
const SHORT_ITEM_WORDS = 6;

/** How many words an item runs to at most in a column of items under a category label. */
const COLUMN_ITEM_WORDS = 4;

/** How many words each item of a labelled list runs to at most ("Operating Systems: Linux"). */
const LABELLED_ITEM_WORDS = 3;

/**
 * "Programming Languages: C, C++.": a label and its short items, a list even when a full stop
 * closes it as a sentence would.
 */
const isLabelledList = (t: string): boolean => {
  const rest = /^[^:：]{1,40}[:：]\s*(\S.*?)\.?$/u.exec(t)?.[1];
  return !!rest && splitItems(rest).every((p) => itemWords(p) <= LABELLED_ITEM_WORDS);
};

/** A name that starts in lower case before a capital ("iManage", "jQuery", "macOS"): no sentence. */
const lowerName = (t: string): boolean => /^\p{Ll}+\p{Lu}[\p{L}\d.+#-]*$/u.test(t);

const isProse = (t: string): boolean => {
  if (isList(t) || isLabelledList(t)) return false;
  return (
    (/^\p{Ll}/u.test(t) && !lowerName(t)) ||
    (/[.!?]$/.test(t) && wordCount(t) >= 3) ||
    sentenceItems(t.replace(/^[^:：]{1,40}[:：]\s*/u, '')).some((p) => itemWords(p) >= 6)
  );
};

/** Skills: "Label: a, b, c" rows, tag rows, sidebar lists; labels, levels and prose dropped. */
/**
 * The name of a skills category leading its list without a colon, before a capitalised first item
 * ("Technical Grant writing | …", "Habilidades blandas Trabajo en equipo | …").
 */
const CATEGORY_LEAD =
  /^(?:technical|tools|software|soft skills|hard skills|technische|fachkenntnisse|werkzeuge|soziale kompetenzen|techniques|outils|logiciels|savoir-être|técnicas|herramientas|habilidades blandas|habilidades técnicas|tecniche|strumenti|competenze trasversali|ferramentas|comportamentais|vakkennis|vaardigheden)\s+/iu;
/** The category's name leads only a capitalised first item ("Technical writing" is an item). */
const dropCategoryLead = (t: string): string => {
  const m = CATEGORY_LEAD.exec(t);
  return m && /^[\p{Lu}\d]/u.test(t.slice(m[0].length)) ? t.slice(m[0].length) : t;
};

/** A wrapped line ends within this many ems of the lists' right edge. */
const WRAP_SLACK = 8;

/** Join lines that continue the last segment of the line above (wrapped lists). */
function joinContinuations(lines: Line[]): Line[] {
  const out: Line[] = [];
  /** The column's right edge: a line wraps there, one ending well short of it does not. */
  const right = Math.max(
    0,
    ...lines.flatMap((l) => [...l.segs.map((s) => s.x2), l.colW > 0 ? l.colX + l.colW : 0]),
  );
  for (const l of lines) {
    const prev = out[out.length - 1];
    const last = prev?.segs[prev.segs.length - 1];
    const first = l.segs[0];
    const separated = !!last && /[,，、]$/u.test(last.text.trim());
    // (a value column's lines that end short of the edge without a comma are items of their own:
    // "Medicine   General practice" over "Surgery")
    const wrapped = !!last && last.x2 >= right - WRAP_SLACK * (last.size || 10);
    // "… | Compensation and benefits | Performance" over "management": a list's last item
    // wrapped onto a line of its own (no item starts in lower case at the list's edge)
    const wrappedItem =
      !!last &&
      !!first &&
      wrapped &&
      /[,;|]/.test(last.text) &&
      /^\p{Ll}/u.test(first.text.trim()) &&
      Math.abs(first.x - (prev?.segs[0]?.x ?? 0)) < 3;
    if (
      prev &&
      last &&
      first &&
      l.segs.length === 1 &&
      !l.bullet &&
      l.gap < 1.6 &&
      (separated ||
        wrappedItem ||
        (Math.abs(first.x - last.x) < 3 && prev.segs.length > 1 && wrapped)) &&
      !/[:：]/.test(first.text)
    ) {
      const sep = /[,;|]$/.test(last.text) ? ' ' : ' ';
      out[out.length - 1] = {
        ...prev,
        segs: [...prev.segs.slice(0, -1), { ...last, text: `${last.text}${sep}${first.text}` }],
      };
      continue;
    }
    out.push(l);
  }
  return out;
}

/** "Proficient in Windows and Mac OS, Word, and Excel": a list written as a sentence. */
const PROFICIENT =
  /^(?:(?:highly|very|strong|basic|good|advanced|working)\s+)?(?:proficient|proficiency|skilled|experienced|experience|familiar|familiarity|knowledgeable|knowledge|competent|expertise|versed|well[- ]versed|comfortable)\s+(?:in|with|of)\s+/i;

function sentenceItems(seg: string): string[] {
  const m = PROFICIENT.exec(seg.trim());
  if (!m) return splitItems(seg);
  // in such a sentence "and" joins items too
  return splitItems(seg.trim().slice(m[0].length)).flatMap((p) => p.split(/\s+(?:and|&)\s+/i));
}

/**
 * A line that separates items with commas outside parentheses: a list under a label. Commas
 * only inside parentheses name the tools of one item ("Budget Control (Excel, SAP)"), a sibling
 * of the line above, not its list.
 */
const separatedList = (t: string): boolean => /[,;|]/.test(t.replace(/[(（][^()（）]*[)）]/gu, ''));

/** A label line looks different from the list after it: weight, size or indent. */
function setApart(label: Line, next: Line): boolean {
  const a = label.segs[0];
  const b = next.segs[0];
  if (!a || !b) return true;
  return a.bold !== b.bold || Math.abs(a.size - b.size) > 0.4 || Math.abs(a.x - b.x) > 3;
}

/**
 * A row of names over a row of lists in the same cells ("Web Tools   Databases" over
 * "Vite, Jest   Redis, MySQL"): the names head the columns of a table, they are no skills.
 */
function headerRow(row: Line, next: Line): boolean {
  if (row.segs.length < 2 || next.segs.length !== row.segs.length) return false;
  return row.segs.every((s, k) => {
    const n = next.segs[k];
    return !!n && Math.abs(n.x - s.x) <= 3 && /[,;|]/.test(n.text);
  });
}

/**
 * A row of category cells side by side, each with its list: "category 1: XXX, YYY   category 2:
 * ZZZ", or two labels or more alternating with their lists ("OS   Linux, Unix   database
 * MySQL"; one label beside one list may be a skill and its tools). The lists, without their
 * labels; undefined for any other row.
 */
function cellLists(segs: string[]): string[] | undefined {
  if (segs.length < 2) return undefined;
  const labelled = segs.map((sg) => /^[^:：]{1,40}[:：]\s*(\S.*)$/u.exec(sg)?.[1]);
  if (labelled.every((c) => c !== undefined)) return labelled;
  const sep = (sg: string) => /[,;|，、]/u.test(sg);
  const labels = segs.filter((_, k) => k % 2 === 0);
  const lists = segs.filter((_, k) => k % 2 === 1);
  if (
    segs.length >= 4 &&
    segs.length % 2 === 0 &&
    labels.every((sg) => !sep(sg) && wordCount(sg) <= 3) &&
    lists.some(sep)
  )
    return lists;
  return undefined;
}

/** One line of a skills section: the line, its cells' texts and its whole text. */
interface SkillRow {
  l: Line;
  segs: string[];
  t: string;
}

/**
 * The rows of a skills section, wrapped lines joined. "Medicine   General practice" over
 * "Surgery" at the second cell's x: the first cell is a label in a rail beside a column of items,
 * no skill itself, and is left out.
 */
function skillRows(input: Line[]): SkillRow[] {
  const lines = joinContinuations(input);
  return lines.map((l, i) => {
    const next = lines[i + 1];
    const cell = l.segs[1];
    const rail =
      !!cell &&
      !!next &&
      !next.bullet &&
      next.segs.length === 1 &&
      Math.abs((next.segs[0]?.x ?? 0) - cell.x) < 3 &&
      !/[,;|:：]/.test(l.segs[0]?.text ?? '');
    const segs = rail ? l.segs.slice(1) : l.segs;
    return {
      l,
      segs: segs.map((s) => s.text.trim()),
      t: segs
        .map((s) => s.text)
        .join(' ')
        .trim(),
    };
  });
}

/**
 * Which rows are prose, no list: a row of short tags, of category cells or a short list item
 * never is; a row that a prose row in lower case goes on from is.
 */
function proseRows(texts: SkillRow[], cells: (string[] | undefined)[]): boolean[] {
  // a row of short tags set apart ("gRPC   AWS   ECS") is a list, whatever its first letter
  const tagRow = texts.map((x) => x.segs.length > 1 && x.segs.every((sg) => wordCount(sg) <= 3));
  // a list item of a short phrase is a skill, whatever its first letter ("• javascript")
  const tagItem = texts.map(
    (x) => x.l.bullet && wordCount(x.t) <= SHORT_ITEM_WORDS && !/[.!?]$/.test(x.t),
  );
  const prose = texts.map((x, i) => !tagRow[i] && !cells[i] && !tagItem[i] && isProse(x.t));
  for (let i = texts.length - 2; i >= 0; i--) {
    if (
      !prose[i] &&
      !cells[i] &&
      !tagRow[i] &&
      prose[i + 1] &&
      /^[\p{Ll}]/u.test(texts[i + 1]?.t ?? '') &&
      !/[.!?]$/.test(texts[i]?.t ?? '')
    )
      prose[i] = true;
  }
  return prose;
}

/**
 * Where row i is a category label and no skill, the last row it takes along (itself, or the
 * items of a category of interests); undefined when it is no such label.
 */
function categoryLabelEnd(texts: SkillRow[], prose: boolean[], i: number): number | undefined {
  const x = texts[i];
  if (!x) return undefined;
  // a category label over items set deeper ("Cooking" over "• Pasta", "• Sauces", two at
  // least: one may be a note on the skill) is no skill;
  // a category of interests among the skills takes its items along (they are no skills either)
  const deeper = (k: number) => {
    const n = texts[k];
    return !!n && lineX(n.l) > lineX(x.l) + 0.5 * lineSize(x.l);
  };
  if (!x.l.bullet && x.segs.length === 1 && !/[,;|:：]/.test(x.t) && deeper(i + 1)) {
    const kind = classifyHeading(x.t);
    if (kind === 'interests' || kind === 'references') {
      let end = i;
      while (deeper(end + 1)) end++;
      return end;
    }
    if (texts[i + 1]?.l.bullet && texts[i + 2]?.l.bullet && deeper(i + 2)) return i;
  }
  // a bold category label over a column of plain items, one to a line ("Tools" over
  // "Relativity", "Westlaw") is no skill
  const plainItem = (k: number) => {
    const n = texts[k];
    return (
      !!n &&
      !n.l.bullet &&
      !lineBold(n.l) &&
      n.segs.length === 1 &&
      Math.abs(lineX(n.l) - lineX(x.l)) < 3 &&
      !prose[k] &&
      itemWords(n.t) <= COLUMN_ITEM_WORDS &&
      !/[,;|:：.]$|[,;|:：]/.test(n.t)
    );
  };
  if (
    lineBold(x.l) &&
    !x.l.bullet &&
    x.segs.length === 1 &&
    !/[,;|:：]/.test(x.t) &&
    plainItem(i + 1) &&
    plainItem(i + 2)
  )
    return i;
  return undefined;
}

/** The skills row i names (none for contact details, or a category label over its list). */
function rowSkills(
  texts: SkillRow[],
  prose: boolean[],
  cells: (string[] | undefined)[],
  i: number,
): string[] {
  const x = texts[i];
  if (!x) return [];
  // contact details printed among the lists (a page's foot) are no skills
  if (EMAIL_RE.test(x.t)) return [];
  let segs = cells[i] ?? x.segs;
  const label = cells[i] ? null : /^([^:：]{1,40})[:：]\s*(.*)$/u.exec(x.t);
  if (label) {
    if (!label[2]) return [];
    segs = [label[2]];
  } else if (segs.length === 1 && /[|,;]/.test(segs[0] ?? '')) {
    // "Herramientas BambooHR | Workday": a category's name set before its list without a colon
    segs = [dropCategoryLead(segs[0] ?? '')];
  }
  const parts = segs
    .flatMap(sentenceItems)
    .map(stripLevel)
    .map(skillName)
    .filter((p) => p && !isLevel(p));
  if (!label && !/[,;|]/.test(x.t)) {
    // a category label (or a bold row of them over a table): the next content line is a list
    let j = i + 1;
    const levels = (k: number) => {
      const r = texts[k];
      return !!r && (isLevel(r.t) || r.t === '' || r.segs.every((sg) => isLevel(sg)));
    };
    while (j < texts.length && levels(j)) j++;
    const next = texts[j];
    if (
      next &&
      !prose[j] &&
      (parts.length === 1 || lineBold(x.l)) &&
      (separatedList(next.t) || (next.segs.length > 1 && setApart(x.l, next.l))) &&
      (parts.length === 1 || !lineBold(next.l))
    )
      return [];
    if (next && !prose[j] && headerRow(x.l, next.l)) return [];
  }
  return parts.filter((p) => !(itemWords(p) > 5 || /^\d+([.,]\d+)?%?$/.test(p)));
}

/** The skills a skills section names, in order: list items, cells and rows, labels left out. */
export function parseSkills(input: Line[]): string[] {
  const texts = skillRows(input);
  const cells = texts.map((x) => cellLists(x.segs));
  const prose = proseRows(texts, cells);
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const x = texts[i];
    if (!x || prose[i] || isLevel(x.t) || isDateOnly(x.t)) continue;
    const end = categoryLabelEnd(texts, prose, i);
    if (end !== undefined) {
      i = end;
      continue;
    }
    out.push(...rowSkills(texts, prose, cells, i));
  }
  return out;
}

/**
 * A "Language(s):" row of a skills list that gives proficiencies ("Language: Fluent in Spanish")
 * names human languages; without them ("Languages: Go, Rust") it lists programming languages.
 */
const LANGUAGES_LABEL =
  /^(?:(?:spoken\s+|foreign\s+|human\s+)?languages?|langues|idiomas|sprachen|lingue|línguas|talen|语言|外语|语言能力)\s*[:：]\s*/iu;
export const isSpokenLanguageRow = (l: Line): boolean =>
  LANGUAGES_LABEL.test(lineText(l).trim()) &&
  // ("Lingue: Inglese (C1), Francese (B1)": levels in parentheses)
  (givesLevels(lineText(l).trim().replace(LANGUAGES_LABEL, '')) ||
    /(?<!\p{L})(?:fluent|fluency|native|conversational|bilingual|mother tongue|toefl|ielts|toeic|maternelle|courant|bilingue|nativo|nativa|fluido|muttersprache|fließend|verhandlungssicher|madrelingua|fluente|moedertaal|vloeiend)(?!\p{L})/iu.test(
      lineText(l),
    ) ||
    /熟练|精通|流利|母语|良好|英语|日语|德语|法语|汉语|普通话/u.test(lineText(l)));

/**
 * A spoken-language row wrapped before its last level ("Languages: French (native), Spanish" over
 * "(basic)"): the note in parentheses alone on the next line is joined back to the row.
 */
export function joinWrappedLevels(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    if (prev && isSpokenLanguageRow(prev) && /^[(（][^()（）]+[)）]$/u.test(lineText(l).trim()))
      out[out.length - 1] = { ...prev, segs: [...prev.segs, ...l.segs] };
    else out.push(l);
  }
  return out;
}

/**
 * The column heads of a language grid (the Europass self-assessment: "UNDERSTANDING   SPEAKING",
 * "Listening   Reading   Spoken interaction") and its legend ("Levels: A1 and A2: …").
 */
const LANGUAGE_GRID =
  /^(?:understanding|speaking|writing|listening|reading|spoken (?:interaction|production)|comprehension|compréhension|parler|écrire|écouter|lire|prendre part à une conversation|s['’]exprimer oralement en continu|verstehen|sprechen|schreiben|hören|lesen|an gesprächen teilnehmen|zusammenhängendes sprechen|comprensión|comprensión auditiva|comprensión de lectura|hablar|escribir|interacción oral|expresión oral|expresión escrita|comprensione|ascolto|lettura|parlato|scritto|interazione|produzione orale|produzione scritta|compreensão|compreensão oral|leitura|conversação|fala|escrita|begrijpen|luisteren|spreken|schrijven|gesprekken voeren)$/iu;
const LEVEL_LEGEND = /^(?:levels?|niveaux?|niveles|níveis|stufen|livelli|niveaus)\s*[:：]/iu;

/** A template's numbered placeholder for a language ("Language 1", "Idioma 2", "语言 3"). */
const LANGUAGE_PLACEHOLDER =
  /^((?:language|langue|idioma|sprache|lingua|língua|taal|语言)\s*\d{1,2})(?=$|[\s:：])/iu;

/** Human languages with levels removed. */
export function parseLanguages(lines: Line[]): string[] {
  const out: string[] = [];
  // notes in smaller type under a language ("Zertifikat (A2)") name no language
  const size = Math.max(0, ...lines.map(lineSize));
  for (const l of lines) {
    const full = lineText(l).trim();
    if (LEVEL_LEGEND.test(full) || (lines.length > 2 && lineSize(l) < size - 0.6)) continue;
    // "Languages: …" names the list, not a language
    const t = full.replace(LANGUAGES_LABEL, '');
    const labelled = t !== full;
    if (isLevel(t)) continue;
    // "Spanish: Fluent (speaking, reading)": a language named before its level, not a label
    const named = /^([^:：,]{1,30})[:：]\s*([^,;(（]+)/u.exec(t);
    if (named?.[1] && named[2] && isLevel(named[2].replace(/[.;]\s*$/, '').trim())) {
      const p = stripLevel(named[1].trim());
      if (p && !isLevel(p) && wordCount(p) <= 3 && !/\d/.test(p)) out.push(p);
      continue;
    }
    const body = t.replace(/^[^:：]{1,30}[:：]\s*(?=.+,)/u, '');
    // cells in smaller type than the row's first are notes on the language ("Comment"); a
    // "Languages" label in the rail, set larger, is no measure of the list beside it
    const lead = classifyHeading(l.segs[0]?.text ?? '') === 'languages' ? 1 : 0;
    const first = l.segs[lead]?.size ?? 0;
    const cells = l.segs.filter((s) => s.size >= first - 0.6).map((s) => s.text);
    for (const seg of l.segs.length > 1 && !labelled ? cells : [body]) {
      // a template's numbered placeholder ("Language 1: Skill level", "语言 1 水平")
      const numbered = LANGUAGE_PLACEHOLDER.exec(seg.trim());
      if (numbered?.[1]) {
        out.push(numbered[1]);
        continue;
      }
      for (const raw of splitList(seg)) {
        if (isLevel(raw)) continue;
        const p = stripLevel(
          raw
            .replace(/\s*[:：]\s*.*$/u, '')
            .replace(/^(?:fluent|conversational|bilingual|proficient)\s+in\s+/i, ''),
        );
        if (!p || isLevel(p) || wordCount(p) > 3 || /\d/.test(p)) continue;
        // a label in the rail ("Mother tongue(s)", "Other language(s)") or a grid's column head
        if (classifyHeading(p) === 'languages' || LANGUAGE_GRID.test(p)) continue;
        out.push(p);
      }
    }
  }
  return out;
}

/** One item per entry title, or per bullet when a list has no titles. */
export function parseTitledList(lines: Line[], mode: 'awards' | 'activities'): string[] {
  const out: string[] = [];
  for (const b of splitBlocks(lines)) {
    for (const head of dateEndedGroups(b.head)) {
      const titles: string[] = [];
      for (const [i, h] of head.entries()) {
        const cells = h.segs.map((s) => s.text.trim()).filter((s) => !isDateOnly(s));
        // a place set apart after the title ("… World Final   Las Vegas, U.S.A", "Online")
        const last = cells[cells.length - 1] ?? '';
        if (cells.length >= 2 && (isLocation(last) || /^(?:online|virtual)$/i.test(last)))
          cells.pop();
        let t = cells.join(' ').trim();
        // a sub-heading of the list in bold ("International Awards", "Community")
        const sub = classifyHeading(t);
        if (
          mode === 'awards' &&
          h.segs.length === 1 &&
          lineBold(h) &&
          (sub === 'awards' || sub === 'extracurricular')
        )
          continue;
        const d = takeDate(t);
        if (d && d.rest && isDateOnly(t.slice(0, t.length - d.rest.length).trim())) t = d.rest;
        if (!t) continue;
        const prev = titles[titles.length - 1];
        // a title ending in a comma goes on over the next line
        if (prev !== undefined && prev.endsWith(',') && i > 0) {
          titles[titles.length - 1] = `${prev} ${t}`;
          continue;
        }
        // a line ending in a function word is a sentence wrapped onto the next line, not a title
        if (i > 0 && WRAPPED_SENTENCE.test(t)) break;
        titles.push(t);
      }
      out.push(...(mode === 'awards' ? titles : titles.slice(0, 1)));
    }
    if (!b.head.length) out.push(...b.body);
  }
  // "Organization 1 • Organization 2 • Organization 3": several set apart on one line
  return dropListNumbers(out).flatMap((t) => {
    const items = t.split(/\s+[•·|]\s+/u);
    return items.length >= 3 && items.every((x) => wordCount(x) <= 6) ? items : [t];
  });
}

const ITEM_NUMBER = /^(\d{1,2})[.)]\s+(?=\S)/u;

/**
 * "1. Award" / "2. Award": the numbers of a numbered list are no part of its items. Only a run
 * counting up from one is such a list ("1. Platz" alone is a German ordinal, "1st place").
 */
export function dropListNumbers(items: string[]): string[] {
  const numbers = items.map((t) => ITEM_NUMBER.exec(t)?.[1]).filter((n) => n !== undefined);
  const counting = numbers.length >= 2 && numbers.every((n, i) => Number(n) === i + 1);
  return counting ? items.map((t) => t.replace(ITEM_NUMBER, '')) : items;
}

/**
 * Stacked entries of a titled list, each title / issuer / date ("Cloud Practitioner" /
 * "Amazon" / "2021"): a date line after two or more lines ends an entry, the next line opens
 * another.
 */
function dateEndedGroups(head: Line[]): Line[][] {
  const groups: Line[][] = [];
  let cur: Line[] = [];
  for (const h of head) {
    const last = cur[cur.length - 1];
    if (
      last &&
      cur.length >= 3 &&
      isDateOnly(lineText(last).trim()) &&
      !isDateOnly(lineText(h).trim())
    ) {
      groups.push(cur);
      cur = [];
    }
    cur.push(h);
  }
  if (cur.length) groups.push(cur);
  return groups;
}

const QUOTED = /[“"«„]([^”"»]+)[”"»]/u;

const DOI_OR_URL = /^(?:doi:\s*|https?:\/\/\S+\s*)?10\.\d{4,}\/|^(?:https?:\/\/|www\.)\S/i;
const NAME_PART = /^(?:\p{Lu}[\p{L}'’-]*\.?|\p{Lu}\.(?:\s*\p{Lu}\.)*|et al\.?)$/u;

/** "John Doe, Jane Roe and A. Smith": only capitalised names and initials, two or more. */
export function isAuthorList(t: string): boolean {
  const parts = t
    .replace(/[,\s]+et al\.?$/, '')
    .replace(/[.,;\s]+$/, '')
    .split(/\s*[,;&]\s*(?:and\s+)?|\s+and\s+/)
    .filter(Boolean);
  if (parts.length < 2) return false;
  return parts.every((p) => {
    const words = p.split(/\s+/).filter(Boolean);
    return words.length >= 1 && words.length <= 4 && words.every((w) => NAME_PART.test(w));
  });
}

/**
 * A block whose head is a DOI or link, or a list of authors, is the detail of the publication
 * above it (title first, then authors, then the DOI and venue), not a publication of its own.
 */
function mergePublicationDetails(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    const first = b.head[0] ? lineText(b.head[0]).trim() : '';
    if (prev?.head.length && first && (DOI_OR_URL.test(first) || isAuthorList(first))) {
      for (const h of b.head)
        for (const sg of h.segs) if (sg.url && !/^mailto:/i.test(sg.url)) prev.urls.push(sg.url);
      prev.body.push(...b.head.map((h) => lineText(h).trim()), ...b.body);
      prev.urls.push(...b.urls);
      prev.extra.push(...b.extra);
      continue;
    }
    out.push(b);
  }
  return out;
}

/** Sub-headings of a publication list ("Journal Articles", "Conference Proceedings"). */
export const PUB_KIND =
  /^(?:(?:selected|refereed|peer[- ]reviewed|international|national|other|invited)\s+)*(?:books?|book chapters?|chapters|monographs?|(?:journal|conference|workshop|magazine)\s+(?:articles|papers|publications|proceedings)|journals?|conferences?|proceedings|workshops?|preprints?|theses|thesis|dissertations?|(?:technical\s+)?reports?|articles|posters|abstracts|zeitschriftenartikel|konferenzbeiträge|bücher|articles de revue|revistas|libros|congresos)$/iu;

/**
 * A conference venue followed by its place and date ("Proceedings of X, Lyon, France, May 2019")
 * is the venue alone.
 */
function venueOnly(v: string): string {
  const parts = v
    .trim()
    .replace(/[.,;]+$/, '')
    .split(/\s*,\s*/);
  if (parts.length < 3 || !isDateOnly(parts[parts.length - 1] ?? '')) return v.trim();
  parts.pop();
  for (let k = 1; k < parts.length; k++)
    if (isLocation(parts.slice(k).join(', '))) return parts.slice(0, k).join(', ');
  return parts.join(', ');
}

/** "1. ", "[3] ", "(2) ": the number of a citation in a numbered list, no part of it. */
const LIST_NUMBER = /^(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)])\s+/u;

export function parsePublications(lines: Line[]): Publication[] {
  const out: Publication[] = [];
  for (const b0 of mergePublicationDetails(splitBlocks(lines))) {
    const headText = b0.head.map(lineText).join(' ').trim();
    // a sub-heading over its citations names a kind of publication, not a publication
    const b =
      b0.head.length && b0.body.length && PUB_KIND.test(headText.replace(/[:：]$/u, ''))
        ? { ...b0, head: [] }
        : b0;
    const items = b.head.length ? [b.head.map(lineText).join(' '), ...b.body] : b.body;
    // a citation with its title in quotes, read as an entry head, is read as a citation
    // (and so is a numbered one: "2. Authors. Title. Venue, 2021.")
    if (b.head.length && !QUOTED.test(items[0] ?? '') && !LIST_NUMBER.test(items[0] ?? '')) {
      const h = headFields(b);
      const title = h.rest[0];
      if (!title) continue;
      const pub: Publication = { title };
      const all = b.body.join(' ');
      const venue =
        /\(([^()]*\d{4}[^()]*)\)/.exec(all)?.[1] ?? /\b(?:in|In)\s+([^,.]+)/.exec(all)?.[1];
      if (venue) pub.venue = venue.replace(/,\s*(spotlight|oral|poster).*$/i, '').trim();
      const url = h.urls[0] ?? /\b(10\.\d{4,}\/\S+|https?:\/\/\S+)/.exec(all)?.[1];
      if (url) pub.url = url;
      out.push(pub);
      continue;
    }
    for (const numbered of items) {
      const it = numbered.replace(LIST_NUMBER, '');
      const q = QUOTED.exec(it);
      if (q?.[1]) {
        const after = it.slice((q.index ?? 0) + q[0].length).replace(/^[\s,.]+/, '');
        const venue = after
          .replace(/^in\s+/i, '')
          .split(/,\s*(?:vol\.|no\.|pp\.|\d{4})|,\s*\d|\.\s*$/)[0]
          ?.trim();
        out.push({
          title: q[1].replace(/,$/, '').trim(),
          ...(venue ? { venue: venueOnly(venue) } : {}),
        });
        continue;
      }
      // "Authors, Title. Venue, Year." (an initial's full stop ends no part: "E. Smith")
      const parts = it.split(/(?<!(?:^|[\s.])\p{Lu})\.\s+/u);
      // "Jane Roe. Title, 2019.": one author's name before the title
      const first = parts[0] ?? '';
      // (with a comma, "Authors, Title. Venue, Year." is read below)
      const named =
        (isAuthorList(first) && !first.includes(',')) ||
        (/^\p{Lu}\S*(?:\s+\p{Lu}\S*){1,3}$/u.test(first) &&
          first.split(/\s+/).every((w) => NAME_PART.test(w)));
      const tail = parts.length === 2 ? /,\s*([^,]+?)\.?$/u.exec(parts[1] ?? '') : null;
      const dated = !!tail?.[1] && (isDateOnly(tail[1]) || /^year$/i.test(tail[1]));
      const title =
        named && dated && tail
          ? parts[1]?.slice(0, tail.index)
          : parts.length >= 3
            ? parts[1]
            : parts[0];
      if (!title) continue;
      const venueRaw = parts.length >= 3 ? parts[2] : parts[1];
      const venue = venueRaw?.split(/,\s*(?:vol\.|\d{4})/)[0]?.trim();
      out.push({
        title: title.replace(/^.*?,\s*(?=[A-Z][^,]*$)/, '').trim(),
        ...(venue ? { venue } : {}),
      });
    }
  }
  return out;
}

export function paragraph(lines: Line[]): string {
  let s = '';
  const right = Math.max(
    0,
    ...lines.flatMap((l) => [...l.segs.map((sg) => sg.x2), l.colW > 0 ? l.colX + l.colW : 0]),
  );
  let wrapped = false;
  for (const l of lines) {
    const t = lineText(l).trim();
    const next = wrapped && !l.bullet && l.gap < CJK_WRAP_GAP;
    s = next && CJK_END.test(s) && CJK_START.test(t) ? s + t : joinWrapped(s, t);
    const last = l.segs[l.segs.length - 1];
    wrapped = !!last && last.x2 >= right - CJK_WRAP_SLACK * (last.size || 10);
  }
  return s.trim();
}

/**
 * Chinese and Japanese set no spaces between words: a line run to the column's edge and wrapped
 * between two of their characters (or their full-width punctuation) joins without one. Korean
 * spaces its words and is left out.
 */
const CJK_END =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]$/u;
const CJK_START =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
/** A wrapped line of such text ends within this many ems of the paragraph's right edge. */
const CJK_WRAP_SLACK = 2;
/** A wrapped line follows at a line's usual spacing (in line heights); a wider gap is a break. */
const CJK_WRAP_GAP = 1.6;

export function parseCourses(lines: Line[]): string[] {
  return lines
    .flatMap((l) => splitList(lineText(l).replace(/^[^:]{1,40}:\s*/, '')))
    .filter((c) => c && !hasDate(c) && wordCount(c) <= 8);
}
