/** Contact block: name, headline, email, phone, links by kind, location. */
import type { Contact } from '@folio/core';
import { hasDate } from './dates.ts';
import { findPhone } from './phones.ts';
import { classifyHeading } from './headings.ts';
import { COMPANY, INSTITUTION } from './head-words.ts';
import { ROLE, wordCount, WRAPPED_SENTENCE } from './text.ts';
import { lineBold, lineSize, lineText, lineX, lineX2, type Line } from './types.ts';

/**
 * Every repetition before the last literal is bounded (local part 64, domain 253, labels 63):
 * unbounded ones made a long run of letters or dots cost time quadratic in its length.
 */
export const EMAIL_RE = /[\p{L}0-9._%+-]{1,64}@[\p{L}0-9.-]{1,253}\.[\p{L}]{2,}/u;
/** Every e-mail address of a text. */
const EMAIL_ANYWHERE = new RegExp(EMAIL_RE.source, 'gu');
/** A web address (no global flag: a test leaves no state behind for the next caller). */
export const URL_RE =
  /(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,63}(?::\d{1,5})?(?:\/[^\s,|)\]]*)?/i;
/** Every web address of a text. */
const urlsIn = (text: string) => text.matchAll(new RegExp(URL_RE.source, 'gi'));

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
const REGION_WORDS =
  'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|usa|united states|uk|united kingdom|england|scotland|ireland|canada|australia|germany|deutschland|france|spain|españa|italy|italia|portugal|netherlands|nederland|belgium|switzerland|schweiz|austria|österreich|sweden|norway|denmark|finland|poland|india|china|japan|singapore|brazil|brasil|mexico|méxico|argentina|türkiye|turkey|israel|country|ontario|quebec|bavaria|bayern';
export const LOCATION_TAIL = new RegExp(
  String.raw`(?:,|\s)\s*(?:(?:${US_STATES})(?:\s+\d{5}(?:-\d{4})?)?|(?:${REGION_WORDS})(?:\s+\d{4,6})?|\d{4,6})\s*$`,
  'iu',
);

/** "City, ST", "City, Country", a street address, or "Remote". */
export function isLocation(s: string): boolean {
  const t = s.trim();
  if (!t || t.length > 90 || EMAIL_RE.test(t) || /https?:|www\.|\.com\b/i.test(t)) return false;
  if (
    /^(remote|hybrid|on-?site|anywhere|worldwide|homeoffice|home office|télétravail|remoto)$/i.test(
      t,
    )
  )
    return true;
  if (hasDate(t) && !/\d{5}/.test(t)) return false;
  if (!/^[\p{L}0-9 .,'’#()/-]+$/u.test(t)) return false;
  if (!t.includes(',')) return new RegExp(`^[\\p{L} .'-]+\\s(?:${US_STATES})$`, 'u').test(t);
  if (LOCATION_TAIL.test(t)) return true;
  // "City, Region" of two or three capitalised words each
  return (
    /^\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,2}, \p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,2}$/u.test(
      t,
    ) && t.split(',').length === 2
  );
}

/** Words that name a street, in the languages the parser reads. */
const STREET =
  /(?:\b(?:street|st|road|rd|avenue|ave|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl|square|sq|broadway|straße|strasse|str|weg|gasse|platz|allee|ring|damm|rue|chemin|via|viale|piazza|corso|calle|avenida|av|plaza|paseo|rua|travessa|laan|straat|plein|gracht|singel)\b\.?|\p{L}(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|gracht))/iu;

/** "Musterweg 42", "221 Baker Street": a street and its house number, alone on a line. */
const streetLine = (s: string): boolean =>
  STREET.test(s) &&
  /(?:^|\s)\d{1,5}[a-z]?(?:\/\d+)?(?:\s|$)/i.test(s) &&
  !s.includes(',') &&
  s.split(/\s+/).length <= 5 &&
  !findPhone(s);
/** "12345 Berlin", "A-1920 Salzhausen": a postcode and a town, alone on a line. */
const POSTCODE_LINE =
  /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}[\p{L}.'’-]*(?:[\s-]\p{L}[\p{L}.'’-]*){0,3}$/u;

/**
 * A postal address as a header prints it: "Musterweg 42, 12345 Berlin", "32 Reading rd,
 * Birmingham, B26 3QJ", "12 somestreet, 3456 somecity", "北京市朝阳区". A house number beside a
 * street word, or a number and a postcode with a town, in at most two lines' worth of text;
 * never an e-mail, a link or a phone number.
 */
export function isPostalAddress(s: string): boolean {
  const t = s.trim();
  if (!t || t.length > 100 || EMAIL_RE.test(t) || /https?:|www\./i.test(t) || findPhone(t))
    return false;
  if (/^\p{Script=Han}{2,}(?:省|市|区|县)\p{Script=Han}*$/u.test(t) && t.length <= 20) return true;
  if (!/\p{L}/u.test(t) || !/\d/.test(t)) return false;
  const houseNumber = /(?:^|[\s,])\d{1,5}[a-z]?(?:\/\d+)?(?=[\s,]|$)/i.test(t);
  const postcodeTown = /(?:^|[\s,])(?:[A-Z]-)?\d{4,5}\s+\p{L}{2,}/u.test(t);
  const ukPostcode = /\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/.test(t);
  return houseNumber && (STREET.test(t) || postcodeTown || ukPostcode) && t.includes(',');
}

export type LinkKind =
  'linkedin' | 'github' | 'twitter' | 'portfolio' | 'email' | 'phone' | 'other';

export function linkKind(url: string): LinkKind {
  const u = url.toLowerCase();
  if (u.startsWith('mailto:')) return 'email';
  if (u.startsWith('tel:')) return 'phone';
  if (/linkedin\.com/.test(u)) return 'linkedin';
  if (/github\.com/.test(u)) return 'github';
  if (/(twitter\.com|\/\/x\.com|^x\.com)/.test(u)) return 'twitter';
  if (/(orcid|gitlab|scholar\.google|researchgate|doi\.org|mastodon)/.test(u)) return 'other';
  return 'portfolio';
}

/** An email, phone, web address, handle or place. */
const contactItem = (p: string): boolean =>
  EMAIL_RE.test(p) ||
  !!findPhone(p) ||
  /https?:|www\.|\.(?:com|org|net|io|dev|me)\b|\//i.test(p) ||
  isLocation(p);

/** Split a header line into its fields (segments, then |, ·, •, bullets, wide separators). */
export function headerPieces(line: Line): string[] {
  return line.segs
    .flatMap((s) => s.text.split(/\s+[|·•●◆⋄∙‧]\s+|\s{2,}|\s+[|]\s*|\s+,\s+/u))
    .map((p) => p.replace(/^[|·•●◆⋄,\s]+|[|·•●◆⋄,\s]+$/gu, '').trim())
    .filter(Boolean);
}

const PROFILE_URL =
  /(?<![\w./-])(?:https?:\/\/)?(?:www\.)?(?:github\.com\/[\w-]+|linkedin\.com\/in\/[\w%-]+)\/?(?![\w./-])/gi;

/** A contact detail's label and its value ("Correo: …", "LinkedIn: …"). */
const CONTACT_LABEL =
  /^(linkedin|github|twitter|e-?mail|correo(?:\s+electr[oó]nico)?|courriel|mail)\s*[:：]\s*(.*)$/i;

/**
 * "me.com" linked to a profile elsewhere (a template's own link left on the person's site): the
 * printed address names another site, so it is no handle on the profile's network.
 */
const printsOtherSite = (printed: string, kind: LinkKind): boolean =>
  SITE_ADDRESS.test(printed) && !printed.toLowerCase().includes(kind);

/** A web address as printed: "www." before it or a common top-level domain closing its host. */
const SITE_ADDRESS =
  /^(?:www\.[\w.-]+|[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|me|edu|info|app|site|page|blog|xyz|tech))(?:\/\S*)?$/i;

/** "github.com/owner/repo": a link to one repository, not to its owner's profile. */
const REPOSITORY_URL = /github\.com\/[\w.-]+\/[\w.-]+/i;

const NETWORK_LABEL = /^(linkedin|github|twitter|x|website|portfolio|homepage|web|blog)$/i;

/** Lowercase words inside a place name ("Rio de Janeiro", "Frankfurt am Main"). */
const PLACE_PARTICLE = String.raw`(?:de|do|da|dos|das|del|di|la|le|les|am|an|im|in|op|aan|sur|upon|on)`;
/**
 * The shape of a town as a row of contact details prints it: capitalised words with an optional
 * postcode before or after ("75011 Paris", "1012 AB Amsterdam", "Brisbane QLD 4000"), a region
 * code ("Firenze (FI)", "Rio de Janeiro - RJ", "Belo Horizonte/MG") or a region after a comma;
 * or a few Han characters ("中国 杭州").
 */
const PLACE_SHAPE = new RegExp(
  String.raw`^(?:(?:[A-Z]{1,2}-)?\d{4,5}(?:\s[A-Z]{2})?\s)?\p{Lu}[\p{L}'’.-]*(?:\s(?:\p{Lu}[\p{L}'’.-]*|${PLACE_PARTICLE}))*` +
    String.raw`(?:\s?\(\p{Lu}{2}\)|\s?[-/]\s?\p{Lu}{2,3}|,\s\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*)*)*(?:\s\d{4,5})?$`,
  'u',
);
const HAN_PLACE_SHAPE = /^[\p{Script=Han}]{2,6}(?:\s[\p{Script=Han}]{2,6})?$/u;
/** Separators between the details of a row. */
const ROW_SEPARATOR = /\s[|·•●◆⋄∙‧–—-]\s|\s?\|\s?|,\s|\s{2,}|\uFFFC/u;

/**
 * The one text of a row of contact details that is neither its e-mail, a link nor its phone,
 * when it has the shape of a town: "Edinburgh · +44 … · a@b.org", "Porto - 915 … - a@b.pt",
 * "Vancouver, BC, Canada (613) 391-1111 a@b.ca". A row holding anything else (a name, a
 * headline) gives nothing.
 */
export function rowPlace(text: string): string | undefined {
  const phone = findPhone(text);
  if (!phone && !EMAIL_RE.test(text)) return undefined;
  let rest = text.replace(EMAIL_ANYWHERE, '\uFFFC');
  rest = rest.replace(new RegExp(URL_RE.source, 'gi'), '\uFFFC');
  if (phone) rest = rest.replace(phone, '\uFFFC');
  // the separators around the removed details, and a place's own comma, are told apart by
  // trying the text before the first removed detail whole
  const runs = rest
    .split('\uFFFC')
    .map((r) => r.replace(/^[\s|·•●◆⋄∙‧,;–—-]+|[\s|·•●◆⋄∙‧,;–—-]+$/gu, ''))
    .filter(Boolean);
  if (runs.length !== 1) return undefined;
  const run = runs[0]!;
  if (run.split(ROW_SEPARATOR).length > 1 && !PLACE_SHAPE.test(run)) return undefined;
  // (a label letter left of its detail, "T +12 345", is no place; nor a school or a firm)
  if (!/\p{L}{2}/u.test(run) || wordCount(run) > 6 || hasDate(run)) return undefined;
  if (ROLE.test(run) || INSTITUTION.test(run) || COMPANY.test(run)) return undefined;
  return PLACE_SHAPE.test(run) || HAN_PLACE_SHAPE.test(run) ? run : undefined;
}

/**
 * A line of the contact block that is only a town ("Bristol", "10115 Berlin", "Rio de Janeiro -
 * RJ", "⌂ 80331 München") beside a line holding an e-mail, a phone or a web address: the place.
 * The name and the headline are never it.
 */
function lonePlace(scope: Line[], c: Contact): string | undefined {
  const detail = (l: Line | undefined) => !!l && contactDetail(lineText(l));
  for (const [i, l] of scope.entries()) {
    const t = lineText(l)
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .trim();
    if (!t || t === c.name || t === c.title || !(detail(scope[i - 1]) || detail(scope[i + 1])))
      continue;
    if (!(PLACE_SHAPE.test(t) || HAN_PLACE_SHAPE.test(t)) || !/\p{L}{2}/u.test(t)) continue;
    if (wordCount(t) > 6 || hasDate(t) || classifyHeading(t)) continue;
    if (ROLE.test(t) || INSTITUTION.test(t) || COMPANY.test(t)) continue;
    return t;
  }
  return undefined;
}

/** "Address:", "Adresse :", "地址：": the label of a place. */
const PLACE_LABEL =
  /^(location|address|adresse|dirección|indirizzo|endereço|adres|wohnort|现住城市|现居住地|现居地|居住地|所在城市|所在地|地址|现住址|住址)\s*[:：]\s*/i;

/** An e-mail, a phone number or a web address. */
const contactDetail = (t: string): boolean =>
  EMAIL_RE.test(t) || !!findPhone(t) || /https?:|www\./i.test(t);

/** Words a headline's wrapped end runs to at most ("… Web" / "Developer"). */
const WRAPPED_HEADLINE_WORDS = 3;

/**
 * The headline with its wrapped end: a short line under it in its style, as close as a wrapped
 * line, after which a wider gap sets the contact details apart ("Creative and Innovative Web" /
 * "Developer", "BSc in Computer Science" / "Student").
 */
function headlineWrap(t: string, line: Line, under?: Line, after?: Line): string {
  if (!under) return t;
  const u = lineText(under).trim();
  const sameStyle =
    Math.abs(lineSize(under) - lineSize(line)) < 0.1 && lineBold(under) === lineBold(line);
  const close = under.gap <= line.gap + 0.3 || under.gap <= 1.5;
  const apart = !after || after.gap > under.gap + 1;
  const wordLike =
    wordCount(u) <= WRAPPED_HEADLINE_WORDS &&
    !/[\d@/|·•]/u.test(u) &&
    !contactDetail(u) &&
    !isLocation(u) &&
    !classifyHeading(u) &&
    !/[.!?:;]$/.test(t);
  return sameStyle && close && apart && wordLike && t.length + u.length < 90 ? `${t} ${u}` : t;
}

/** A word set letter-spaced, "A V E R Y", as the word ("AVERY"); undefined for other text. */
const unspaced = (t: string): string | undefined =>
  /^\p{L}(?: \p{L}){2,}$/u.test(t) ? t.replace(/ /g, '') : undefined;

/**
 * A name set letter-spaced, each word a segment of its own ("A V E R Y" "T R E M B L A Y"), as
 * its words; undefined when the line's first segment is not letter-spaced.
 */
function spacedName(l: Line): string | undefined {
  const words: string[] = [];
  for (const s of l.segs) {
    const t = s.text.trim();
    // (the last word may be short: "R A O", "L I")
    const w =
      unspaced(t) ??
      (words.length && /^\p{L}(?: \p{L})*$/u.test(t) ? t.replace(/ /g, '') : undefined);
    if (!w) break;
    words.push(w);
  }
  return words.length ? words.join(' ') : undefined;
}

export interface ContactInput {
  /** Lines before the first section heading. */
  header: Line[];
  /** Lines of sections holding contact details or profiles. */
  contactLines: Line[];
  all: Line[];
  links: string[];
}

/** The labels CV forms (Europass) print before the headline, in the languages the parser reads. */
const HEADLINE_LABEL =
  /^(?:job applied for|position|preferred job|desired (?:job|position)|studies applied for|gewünschte (?:beschäftigung|position)|angestrebte (?:position|stelle)|emploi (?:recherché|souhaité)|poste (?:visé|souhaité)|empleo (?:deseado|solicitado)|puesto (?:deseado|solicitado)|occupazione desiderata|posizione (?:desiderata|ricoperta)|emprego pretendido|posição (?:desejada|pretendida)|gewenste (?:functie|baan))[:：]?$/iu;
/** Without a header, the name may be among this many first lines of the contact section. */
const NAME_IN_CONTACT = 2;
/** Lines of a wrapped phrase stand less than this many type sizes apart. */
const WRAP_LINES = 1.6;

/**
 * Which lines can be the name: a short first segment that is no contact detail, heading, date or
 * phrase, and no end of a phrase wrapped onto the line below it.
 */
function nameTest(all: Line[]): (l: Line) => boolean {
  const nameText = (l: Line) => {
    // the name is the line's first segment: a phone or an e-mail set apart beside it is no part
    const t = (l.segs.length > 1 ? (l.segs[0]?.text ?? '') : lineText(l)).trim();
    return (
      t.length >= 2 &&
      t.length <= 60 &&
      !EMAIL_RE.test(t) &&
      !/\d{3}/.test(t) &&
      !/https?:|www\./i.test(t) &&
      // (a name set letter-spaced counts its words, not its letters)
      (unspaced(t) ?? t).split(/\s+/).length <= 6 &&
      // a headline written as a phrase ("Seeking a Master's Degree in …") is no name
      !/\s(?:a|an|in|of|for|the|and|to|with|at|on)\s/.test(t) &&
      !classifyHeading(t) &&
      !classifyHeading(unspaced(t) ?? t) &&
      !hasDate(t)
    );
  };
  /**
   * The end of a phrase wrapped onto the line below it, in the same type ("Seeking a Master's
   * Degree in Computer" / "Science"): no name, however large.
   */
  const at = new Map(all.map((l, i) => [l, i]));
  const wrappedTail = (l: Line) => {
    const prev = all[(at.get(l) ?? 0) - 1];
    return (
      !!prev &&
      prev.page === l.page &&
      Math.abs(lineSize(prev) - lineSize(l)) < 0.1 &&
      lineBold(prev) === lineBold(l) &&
      Math.abs(l.y - prev.y) < WRAP_LINES * lineSize(l) &&
      !nameText(prev)
    );
  };
  return (l: Line) => nameText(l) && !wrappedTail(l);
}

/**
 * The name's line: the largest text among the first lines of the header, else the first plain
 * line (without a header, a contact section opening the document starts with the name, its label
 * set apart in a rail: "PERSONAL INFORMATION   Jane Roe"); the largest text of the first page
 * where it is larger still (a sidebar or header box may hold it).
 */
function findNameLine(
  { header, contactLines, all }: ContactInput,
  page1: Line[],
  nameOk: (l: Line) => boolean,
): Line | undefined {
  const candidates = header.length
    ? header.slice(0, 6)
    : [...contactLines.slice(0, NAME_IN_CONTACT), ...all.slice(0, 4)];
  const sizes = candidates.filter(nameOk).map(lineSize);
  const maxSize = Math.max(0, ...sizes);
  let nameLine: Line | undefined = candidates.find(
    (l) => nameOk(l) && lineSize(l) >= maxSize - 0.1,
  );
  const maxAll = Math.max(0, ...page1.filter(nameOk).map(lineSize));
  if (!nameLine || lineSize(nameLine) < maxAll - 0.5)
    nameLine = page1.find((l) => nameOk(l) && lineSize(l) >= maxAll - 0.1) ?? nameLine;
  return nameLine;
}

/** A link of a kind the contact keeps, unless one of that kind was found before. */
function setLink(c: Contact, kind: LinkKind, value: string): void {
  if (kind === 'linkedin' || kind === 'github' || kind === 'twitter' || kind === 'portfolio') {
    if (!c[kind]) c[kind] = value;
  }
}

/** Printed text with a link target: the printed address or handle, or the target of a sentence. */
function linkedTexts(c: Contact, scope: Line[]): void {
  for (const l of scope) {
    for (const s of l.segs) {
      if (!s.url) continue;
      const kind = linkKind(s.url);
      // the linked text up to a separator ("john.doe •", "jdoe • additional information")
      let printed = (s.text.split(/\s+[|·•●◆⋄∙‧]\s*|\s*[|·•●◆⋄∙‧]\s*$/u)[0] ?? '')
        .replace(/^(linkedin|github|twitter|homepage|website|portfolio|web)\s*:\s*/i, '')
        // a lone glyph before the address is its icon, read as a letter ("Õ www.example.com")
        .replace(/^\S\s+(?=\S+\.\S+$)/u, '')
        .trim();
      // an icon read as letters before the handle the link ends with ("in jdoe", "gh jdoe")
      const handle = /^\S{1,2}\s+(\S+)$/u.exec(printed)?.[1];
      if (handle && s.url.replace(/\/+$/, '').toLowerCase().endsWith(`/${handle.toLowerCase()}`))
        printed = handle;
      if (!printed || EMAIL_RE.test(printed) || findPhone(printed)) continue;
      if (printed.length > 80) continue;
      if (printed.split(/\s+/).length > 3) {
        // a link on a word of a sentence: the sentence is no address, the target is
        if (/^https?:\/\//i.test(s.url)) setLink(c, kind, s.url.replace(/^https?:\/\/|\/$/gi, ''));
        continue;
      }
      if (kind === 'portfolio' && !/\./.test(printed)) continue;
      if (kind !== 'portfolio' && printsOtherSite(printed, kind)) continue;
      setLink(c, kind, printed);
    }
  }
}

/**
 * Printed URLs, profile addresses printed anywhere, handles by a network label, and values after
 * a contact label in the header.
 */
function printedLinks(c: Contact, scope: Line[], all: Line[], header: Line[]): void {
  for (const l of scope) {
    for (const p of headerPieces(l)) {
      if (EMAIL_RE.test(p)) continue;
      const stripped = p.replace(
        /^(linkedin|github|twitter|homepage|website|portfolio|web)\s*:\s*/i,
        '',
      );
      for (const m of urlsIn(stripped)) {
        const u = m[0].replace(/[.,;]+$/, '');
        if (/\.(js|ts|py|net)$/i.test(u) && !/\//.test(u)) continue;
        if (/^\d/.test(u)) continue;
        setLink(c, linkKind(u), u);
      }
    }
  }
  // a profile address printed elsewhere ("GitHub: https://github.com/jdoe" under "Other"), not
  // a link to one repository or post
  for (const l of all) {
    if (c.github && c.linkedin) break;
    for (const m of lineText(l).matchAll(PROFILE_URL)) setLink(c, linkKind(m[0]), m[0]);
  }
  // "handle" above or below a network label ("johndoe" / "LinkedIn")
  for (let i = 0; i < scope.length; i++) {
    const t = lineText(scope[i]!).trim();
    if (!NETWORK_LABEL.test(t)) continue;
    const kind = linkKind(`${t.toLowerCase()}.com`);
    const prev = scope[i - 1] ? lineText(scope[i - 1]!).trim() : '';
    if (prev && !/\s/.test(prev) && !NETWORK_LABEL.test(prev)) setLink(c, kind, prev);
  }
  // "LinkedIn: jdoe", "Correo: …": a value after a contact label in the header, in any shape
  for (const l of header) {
    const m = CONTACT_LABEL.exec(lineText(l).trim());
    const value = m?.[2]?.trim() ?? '';
    if (!m || !value || value.length > 60 || wordCount(value) > 4) continue;
    const label = m[1]!.toLowerCase();
    if (/^(linkedin|github|twitter)$/.test(label)) setLink(c, linkKind(`${label}.com`), value);
    else if (!/^(linkedin|github|twitter)/.test(label) && !c.email) c.email = value;
  }
}

/** Link targets only (icons without printed text): LinkedIn and GitHub profiles. */
function targetLinks(c: Contact, links: string[], scope: Line[], all: Line[]): void {
  for (const u of links) {
    const kind = linkKind(u);
    if ((kind === 'github' && !REPOSITORY_URL.test(u)) || kind === 'linkedin') {
      const handle = u.replace(/\/+$/, '').split('/').pop() ?? '';
      // (a site's address alone, "https://github.com/", is no one's profile)
      if (!handle || handle.includes('.')) continue;
      const printed = all.some((l) => lineText(l).includes(handle));
      // the handle printed alone among the contact details, the link behind it says whose it is
      const alone = scope.some((l) => headerPieces(l).includes(handle));
      if (!printed) setLink(c, kind, u);
      else if (alone) setLink(c, kind, handle);
    }
  }
}

/**
 * The name from its line (a given name over a family name joined, a headline beside it in one
 * run taken apart); the line the name ends on.
 */
function readName(
  c: Contact,
  nameLine: Line,
  header: Line[],
  nameOk: (l: Line) => boolean,
): { last: Line; spaced: string | undefined } {
  let last = nameLine;
  c.name = nameLine.segs[0]?.text.trim() ?? lineText(nameLine).trim();
  const spaced = spacedName(nameLine);
  if (spaced) c.name = spaced;
  // the given name over the family name, each a single word on a line of its own set as large
  const under = header[header.indexOf(nameLine) + 1];
  if (
    under &&
    nameLine.segs.length === 1 &&
    under.segs.length === 1 &&
    !/\s/.test(c.name) &&
    !/\s/.test(lineText(under).trim()) &&
    lineText(under).trim() !== c.name &&
    nameOk(under) &&
    Math.abs(lineSize(under) - lineSize(nameLine)) < 0.1 &&
    lineSize(nameLine) >= 14
  ) {
    c.name = `${c.name} ${lineText(under).trim()}`;
    last = under;
  }
  // "John Doe | Data Engineer": the name and the headline in one run, set apart by a bar
  const named = last.segs.length === 1 ? headerPieces(last) : [];
  if (named.length === 2 && /\s[|·•]\s/u.test(c.name) && !contactItem(named[1] ?? '')) {
    c.name = named[0]!;
    c.title = named[1]!;
  }
  return { last, spaced };
}

/**
 * The headline under the name's line (lines beside it, profile handles in a corner, skipped), or
 * a job title leading a row of contact details, or the name line's second segment.
 */
function readHeadline(
  c: Contact,
  nameLine: Line,
  header: Line[],
  spaced: string | undefined,
): void {
  const idx = header.indexOf(nameLine);
  // the headline sits under the name: lines beside it (profile handles in a corner) are skipped
  const anchor: Line = nameLine;
  const beside = (l: Line) => lineX(l) > lineX2(anchor) || lineX2(l) < lineX(anchor);
  let k = idx + 1;
  while (idx >= 0 && k < idx + 3 && header[k] && beside(header[k]!)) k++;
  const next = idx >= 0 && !c.title ? header[k] : undefined;
  // (the name printed again, in the page header and in the body, is no headline)
  if (next && lineText(next).trim() !== c.name) {
    const t = lineText(next).trim();
    const pieces = headerPieces(next);
    if (
      t.length <= 90 &&
      pieces.length === 1 &&
      !EMAIL_RE.test(t) &&
      !CONTACT_LABEL.test(t) &&
      !PLACE_LABEL.test(t) &&
      !findPhone(t) &&
      !/https?:|www\.|\.com/i.test(t) &&
      !isLocation(t) &&
      !streetLine(t) &&
      !hasDate(t) &&
      // (a line cut off after a comma or a function word wraps on: a quotation, no headline)
      !/,$/.test(t) &&
      !WRAPPED_SENTENCE.test(t)
    )
      c.title = headlineWrap(t, next, header[k + 1], header[k + 2]);
    // "Data Engineer | mail | City": a job title leading a row of contact details
    const first = pieces[0] ?? '';
    if (
      !c.title &&
      pieces.length > 1 &&
      ROLE.test(first) &&
      wordCount(first) <= 6 &&
      !/\d|@|https?:|www\./i.test(first) &&
      !isLocation(first) &&
      pieces.slice(1).every((p) => contactItem(p))
    )
      c.title = first;
  }
  // the name line may carry the title in a second segment
  if (!c.title && nameLine.segs.length === 2 && !spaced) {
    const t = nameLine.segs[1]?.text.trim() ?? '';
    if (t && !EMAIL_RE.test(t) && !findPhone(t) && !isLocation(t)) c.title = t;
  }
}

/**
 * The place: a street over a postcode line, a place (or a value after a place label) among the
 * contact pieces, a lone town among the contact details, or a town in a row of them.
 */
function readLocation(c: Contact, scope: Line[], nameLine: Line | undefined): void {
  for (const [i, l] of scope.entries()) {
    if (l === nameLine) continue;
    // "Musterweg 42" over "12345 Berlin": the street and the town on lines of their own
    const t = lineText(l).trim();
    const next = scope[i + 1] ? lineText(scope[i + 1]!).trim() : '';
    if (streetLine(t) && POSTCODE_LINE.test(next)) {
      c.location = `${t}, ${next}`;
      break;
    }
    for (const p of headerPieces(l)) {
      // (an icon before the place, "📍 Jakarta, Indonesia", is no part of it)
      const stripped = p.replace(PLACE_LABEL, '').replace(/^[^\p{L}\p{N}(]+/u, '');
      // a value after a place label is the place, whatever its shape (a Chinese place, or a
      // template's "Your street, Your town")
      const labelled =
        PLACE_LABEL.test(p) && stripped.length <= 90 && !contactDetail(stripped) && !!stripped;
      if (isLocation(stripped) || isPostalAddress(stripped) || labelled) {
        c.location = stripped;
        break;
      }
    }
    if (c.location) break;
  }
  // a town on a line of its own among contact details ("Bristol" over "+44 …" and the e-mail),
  // with no comma or region to tell it by
  if (!c.location) c.location = lonePlace(scope, c);
  // a town in a row of contact details
  if (!c.location) {
    for (const l of scope) {
      const place = l === nameLine ? undefined : rowPlace(lineText(l).trim());
      if (place && place !== c.name && place !== c.title) {
        c.location = place;
        break;
      }
    }
  }
}

/**
 * The contact details: name and headline, e-mail, phone, profile links and place, read from the
 * header and the contact sections (and the lines of the document where those lack them).
 */
export function extractContact(input: ContactInput): Contact {
  const { contactLines, all, links } = input;
  let header = input.header;
  const c: Contact = {};
  const scope = [...header, ...contactLines];
  const nameOk = nameTest(all);
  const page1 = all.filter((l) => l.page === all[0]?.page);
  let nameLine = findNameLine(input, page1, nameOk);
  if (nameLine && !header.includes(nameLine)) {
    const at = all.indexOf(nameLine);
    header = all.slice(at, at + 4);
    scope.push(...header);
  }
  // a foot line of the first page, or of the document, made of contact items ("12 somestreet,
  // 3456 somecity • T +12 345 • jdoe@example.org"), as some classes print them
  for (const l of new Set([...page1.slice(-2), ...all.slice(-2)])) {
    const items = headerPieces(l);
    if (
      !scope.includes(l) &&
      items.length >= 2 &&
      items.some((p) => EMAIL_RE.test(p) || findPhone(p)) &&
      items.every((p) => p.length <= 100)
    )
      scope.push(l);
  }
  const textOf = (ls: Line[]) => ls.map(lineText).join('\n');
  const email = EMAIL_RE.exec(textOf(scope)) ?? EMAIL_RE.exec(textOf(all));
  if (email) c.email = email[0].replace(/^mailto:/i, '');
  // (an e-mail sharing a piece with the number, "+91 98667 28768 a@b.in", is taken out first)
  const phone = scope
    .flatMap(headerPieces)
    .map((p) => findPhone(p.replace(EMAIL_ANYWHERE, ' ')))
    .find(Boolean);
  if (phone) c.phone = phone;

  // Links: printed text with a link target, then printed URLs, then profile labels.
  linkedTexts(c, scope);
  printedLinks(c, scope, all, header);
  targetLinks(c, links, scope, all);

  // "JOB APPLIED FOR   Project manager": the headline after the label a CV form prints for it
  // (a rail may have set the label apart from the contact lines: the first page is read)
  for (const l of page1) {
    const label = l.segs.length === 2 ? (l.segs[0]?.text.trim() ?? '') : '';
    const value = l.segs[1]?.text.trim() ?? '';
    if (HEADLINE_LABEL.test(label) && value && wordCount(value) <= 8 && !c.title) c.title = value;
  }
  if (nameLine) {
    const { last, spaced } = readName(c, nameLine, header, nameOk);
    nameLine = last;
    readHeadline(c, nameLine, header, spaced);
  }
  readLocation(c, scope, nameLine);
  return c;
}
