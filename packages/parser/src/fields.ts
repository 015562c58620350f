/** Field assignment inside one entry: dates, places, organisation, role, degree, field of study. */
import type { Education, Experience, Project } from '@folio/core';
import { flag } from './confidence.ts';
import { isLocation, LOCATION_TAIL, URL_RE } from './contact.ts';
import { hasDate, isDateOnly, takeDate } from './dates.ts';
import { ABBREVIATED, COURSES_RE, pieces, type Block } from './entries.ts';
import { positionOdds } from './model/head-part.ts';
import {
  companyScore,
  DEGREE,
  COMPANY,
  INSTITUTION,
  isCjkPlace,
  LEGAL_FORM,
  ORG_UNIT,
  PLACE_PLACEHOLDER,
  POSTCODE_TOWN,
  REGION_TOWN,
  roleScore,
  TOWN,
  townPart,
  VENUE,
} from './head-words.ts';
import { normKey, wordCount } from './text.ts';
import { lineText } from './types.ts';

const LABEL =
  /^(dates?|datum|fecha|period[eo]?|when|location|ort|lieu|lugar|luogo|place|where)\s*:\s*/i;

const EXPECTED_DATE = /\b(?:expected|anticipated)\b|预计|预期/i;

/** "黑科技公司上海": a Chinese organisation name run together with its city. */
const HAN_ORG_PLACE =
  /^(\p{Script=Han}+(?:有限公司|公司|集团|银行|研究院|研究所|大学|学院|医院|实验室|工作室))(\p{Script=Han}{2,3})$/u;

/**
 * "Intern  Manager: Jane Roe": who the person reported to, printed after the role, is not part
 * of the role.
 */
const SUPERVISOR =
  /\s+(?:supervisor|manager|advisor|adviser|mentor|reporting to|reports to|references?|经理|导师|主管|上级|负责人|指导老师|证明人)\s*[:：].*$/iu;

interface HeadFields {
  dates?: string;
  location?: string;
  rest: string[];
  urls: string[];
}

/**
 * "Name of a place of work, City, Region": three or more comma parts whose first names a venue,
 * or joins words with "and" / "&", is an organisation followed by its place, not one place.
 */
function venueFirst(part: string): boolean {
  const pieces = part.split(/\s*,\s*/);
  const first = pieces[0] ?? '';
  return (
    pieces.length >= 3 &&
    first.split(/\s+/).length >= 2 &&
    (VENUE.test(first) || /\s(?:and|&)\s/i.test(first))
  );
}

/**
 * "Sterling Chambers AG, 8001 Zürich", "Centre for Climate Research, Lisboa": the last comma
 * part after an organisation is its town when it is a postcode and town, or a short capitalised
 * name that reads as no organisation, role or degree.
 */
function placeAfterOrg(before: string, tail: string): boolean {
  const t = tail.trim();
  if (t.includes(',')) return false;
  if (POSTCODE_TOWN.test(t)) return true;
  if (companyScore(before) === 0) return false;
  if (REGION_TOWN.test(t) && townPart(t)) return true;
  return (
    TOWN.test(t) &&
    t.split(/\s+/).length <= 4 &&
    companyScore(t) === 0 &&
    !ORG_UNIT.test(t) &&
    roleScore(t) === 0 &&
    !DEGREE.test(t)
  );
}

const DURATION = /^\(?\d+\+?\s+(?:years?|yrs?|months?|mos?)(?:\s+\d+\s+(?:months?|mos?))?\)?$/i;
const WORK_MODE_AFTER =
  /^(.+?),\s*(remote|hybrid|on-?site|homeoffice|home office|télétravail|remoto|en remoto)$/iu;

/**
 * "中国 上海": a country and a town printed with a space between them are one place, though a
 * space between Chinese words sets the head's parts apart.
 */
function joinCjkPlaces(block: Block, all: string[]): string[] {
  const text = block.head.map(lineText).join('\n');
  const out: string[] = [];
  for (const p of all) {
    const prev = out[out.length - 1];
    const both = prev !== undefined && `${prev} ${p}`;
    // (the place may end a piece after its organisation: "某某有限公司, 中国 上海")
    const last = prev?.split(/\s*[,，]\s*/).pop() ?? '';
    if (both && isCjkPlace(last) && isCjkPlace(p) && text.includes(both))
      out[out.length - 1] = both;
    else out.push(p);
  }
  return out;
}

/** How many words each name of a "Name. Name" head runs to at most. */
const STOP_PART_WORDS = 5;

/**
 * "Harbor Works. Deckhand": two short capitalised names and nothing else, parted by a full stop
 * after a word (no abbreviation such as "Inc."), are two fields, given back parted by a dash.
 */
function stopSplit(p: string): string {
  const m = /^(\p{Lu}[^.,;:()]*\p{Ll}{2})\.\s+(\p{Lu}[^.,;:()]*)$/u.exec(p);
  if (!m?.[1] || !m[2] || ABBREVIATED.test(`${m[1]}.`)) return p;
  if (wordCount(m[1]) > STOP_PART_WORDS || wordCount(m[2]) > STOP_PART_WORDS) return p;
  return `${m[1]} – ${m[2]}`;
}

/** A company name closed by its legal form, then a postal code and a town, with no comma. */
const LEGAL_THEN_POSTCODE =
  /^(.+?\s(?:GmbH|AG|KG|SE|SA|S\.A\.|SL|S\.L\.|SARL|SAS|SpA|S\.p\.A\.|Srl|S\.r\.l\.|Lda|BV|B\.V\.|NV|N\.V\.|Ltd\.?|Inc\.?|LLC|plc))\s+(\d{4,5}\s+\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)$/u;

/**
 * A head piece with its dates taken into `out.dates` (a labelled date, a piece of dates only, or
 * the first date inside it; a second, expected date is the same entry's graduation): what is
 * left of the piece, empty when nothing is.
 */
function takePieceDates(out: HeadFields, piece: string): string {
  let p = piece;
  const labelled = /^(dates?|datum|fecha|when)\s*:\s*/i.exec(p);
  p = p.replace(LABEL, '');
  if (labelled && !out.dates && p) {
    out.dates = p;
    return '';
  }
  if (!out.dates && isDateOnly(p)) {
    // "2003 – 2004 and 2006 – 2012": a piece of several dates is the entry's dates, whole
    // (without the parentheses round it: "(2012-2014)")
    out.dates = p.trim().replace(/^\((.*)\)$/, '$1');
    return '';
  }
  if (!out.dates) {
    const d = takeDate(p);
    if (d) {
      out.dates = d.date;
      p = d.rest;
    }
  } else {
    // a second, expected date inside a piece is the graduation date of the same entry
    const d = takeDate(p);
    if (d && EXPECTED_DATE.test(d.date) && d.rest) p = d.rest;
  }
  return p;
}

/** The parts of a head piece, set apart by dashes (or "Name. Name") when `splitDashes`. */
function pieceParts(piece: string, splitDashes: boolean): string[] {
  let p = piece;
  // the full stop some classes print after a head ("UCL, Louvain-la-Neuve.")
  if (/(?:\p{Ll}{2}|\p{Script=Han})\.$/u.test(p) && !ABBREVIATED.test(p)) p = p.slice(0, -1);
  return (splitDashes ? stopSplit(p) : p)
    .split(splitDashes ? /\s+[–—]\s+|\s+-\s+(?=\p{Lu}[\p{L}.]*,)/u : /\s+-\s+(?=\p{Lu}[\p{L}.]*,)/u)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A head part that ends in "Town, ST" after parts of its own without a number. */
const STATE_CLOSED = /^([^\d]+?),\s*(\p{Lu}[\p{L}.'’ -]*,\s*\p{Lu}{2})$/u;

/** One part of a head piece put where it belongs: the place, a link, or the parts left. */
function sortHeadPart(out: HeadFields, part: string, rightTown: string | undefined): void {
  // how long it lasted ("1 year", "6 months") is no field of the entry
  if (DURATION.test(part)) return;
  // "Blue Foods AG 4051 Basel": an employer's legal form, then a postal code and its town
  const posted = LEGAL_THEN_POSTCODE.exec(part);
  if (posted?.[1] && posted[2] && !out.location) {
    out.rest.push(posted[1]);
    out.location = posted[2];
    return;
  }
  // "Luxe Living, Remote": a way of working after the employer is the place
  const mode = WORK_MODE_AFTER.exec(part);
  if (mode?.[1] && mode[2] && !out.location) {
    out.rest.push(mode[1]);
    out.location = mode[2];
    return;
  }
  if (part === rightTown && !out.location) {
    out.location = part;
    return;
  }
  // "Tidewater Freight, Boulder, CO": a state's code closes a place of two parts, its town and
  // itself; the parts before them name something else (a street would carry its number)
  const closed = STATE_CLOSED.exec(part);
  if (closed?.[1] && closed[2] && !out.location && !rightTown && isLocation(closed[2])) {
    out.rest.push(closed[1]);
    out.location = closed[2];
    return;
  }
  if (
    !out.location &&
    !rightTown &&
    isLocation(part) &&
    // (a region code is no legal form: "Calgary, AB" is no company)
    companyScore(part.replace(/,\s*\p{Lu}{2}$/u, '')) === 0 &&
    DEGREE.exec(part)?.index !== 0 &&
    !part.split(/\s*[,，]\s*/).some(printedDegree) &&
    // (nor is a job title, its role noun last: "Graduate Engineer, Barrow Civil Works" reads
    // like "Town, Region")
    !part.split(/\s*[,，]\s*/).some((t) => roleScore(t) > 1 + companyScore(t)) &&
    !venueFirst(part)
  ) {
    out.location = part;
    return;
  }
  if (
    /^(?:https?:\/\/|www\.)/i.test(part) ||
    (URL_RE.test(part) && !/\s/.test(part) && /\//.test(part))
  ) {
    out.urls.push(part);
    return;
  }
  out.rest.push(part);
}

/**
 * "Company, City, ST": with no place found yet, the first part left that ends in one gives it up
 * (a Chinese organisation run together with its city, a town after a spaced hyphen, or the comma
 * parts closing it).
 */
function placeAtEnd(out: HeadFields): void {
  for (let i = 0; i < out.rest.length; i++) {
    const p = out.rest[i] ?? '';
    const han = HAN_ORG_PLACE.exec(p);
    if (han?.[1] && han[2] && isCjkPlace(han[2])) {
      out.location = han[2];
      out.rest[i] = han[1];
      return;
    }
    // "Mandiri Capital - Jakarta": a town after a spaced hyphen, beside an organisation or
    // under a role named apart
    // ("Recife - PE", "Curitiba - PR": a town and its state are one place)
    const dash = /^([^,]+?)\s+-\s+([^,-]+)$/u.exec(p);
    const roleApart = out.rest.some((r, j) => j !== i && roleScore(r) > 0 && companyScore(r) === 0);
    if (
      dash?.[1] &&
      dash[2] &&
      !/^\p{Lu}{2}$/u.test(dash[2]) &&
      (isLocation(dash[2]) || placeAfterOrg(dash[1], dash[2]) || (roleApart && townPart(dash[2])))
    ) {
      out.location = dash[2];
      out.rest[i] = dash[1];
      return;
    }
    const parts = p.split(/\s*[,，]\s*/);
    for (let k = 1; k < parts.length; k++) {
      const tail = parts.slice(k).join(', ');
      if (placeTail(parts[k - 1] ?? '', tail)) {
        out.location = tail;
        out.rest[i] = parts.slice(0, k).join(', ');
        return;
      }
    }
  }
  // "**Role**, *Employer*, Town.": the last part, a run of its own weight, after the organisation
  const n = out.rest.length;
  if (n >= 3 && placeTail(out.rest[n - 2] ?? '', out.rest[n - 1] ?? ''))
    out.location = out.rest.pop();
}

/** Whether `tail`, the last comma parts of a head part, is the place of the part before it. */
const placeTail = (before: string, tail: string): boolean =>
  (isLocation(tail) ||
    isCjkPlace(tail) ||
    // (a template's placeholder: "Institution name, location")
    PLACE_PLACEHOLDER.test(tail.trim()) ||
    placeAfterOrg(before, tail)) &&
  // (a degree is no part of a place: "Bachelor, University of Oklahoma")
  !tail.split(/\s*,\s*/).some(printedDegree) &&
  // (nor is a school: "Diploma, Field, Name College")
  !INSTITUTION.test(tail) &&
  // (nor a role: "Organisation, Unit, Research Engineer")
  !tail.split(/\s*,\s*/).some((t) => roleScore(t) > companyScore(t));

/**
 * An entry is named by its head: one whose only part reads as a place ("Staplerschein, IHK
 * Köln") names the entry there, and a place of its own is not known.
 */
function namedByPlace(h: HeadFields): void {
  if (h.rest.length || !h.location) return;
  h.rest.push(h.location);
  delete h.location;
}

/**
 * Pull dates, location, links and labels out of an entry's head pieces. `splitDashes`: parts are
 * also split at spaced dashes and where the weight or slant changes ("**Acme Corp**, Austin");
 * a project's name keeps both.
 */
export function headFields(block: Block, splitDashes = true): HeadFields {
  const out: HeadFields = { rest: [], urls: [...block.urls] };
  if (block.date) out.dates = block.date;
  for (const l of block.head)
    for (const s of l.segs) if (s.url && !/^mailto:/i.test(s.url)) out.urls.push(s.url);
  // "Employer   City" / "Job title   2019 – 2021": a bare town set apart at the right end of a
  // line is the place, before any part that merely reads like one ("Degree, Grade")
  const rightTowns = block.head
    .filter((l) => l.segs.length > 1 && !l.segs.some((x) => /\d/.test(x.text)))
    .map((l) => l.segs[l.segs.length - 1]?.text.trim() ?? '')
    .filter(townPart);
  const all = joinCjkPlaces(block, pieces(block, splitDashes));
  const rightTown = rightTowns.length === 1 && all.length >= 3 ? rightTowns[0] : undefined;
  for (const piece of all) {
    const p = takePieceDates(out, piece);
    if (!p) continue;
    for (const part of pieceParts(p, splitDashes)) sortHeadPart(out, part, rightTown);
  }
  if (!out.location && !rightTown) placeAtEnd(out);
  out.rest = out.rest.filter((r) => r && !/^[\s,;:|·•()–—-]*$/.test(r));
  return out;
}

/** A kind of post named before the organisation it was held at ("Internship Harbor Works"). */
const ENGAGEMENT =
  /^(internship|traineeship|apprenticeship|praktikum|volontariat|werkstudent(?:in)?|ferialpraktikum|pflichtpraktikum|stage|stagiaire|prácticas|pasantía|tirocinio|estágio|stageplaats)\s+(\p{Lu}.+)$/iu;

/** "Employer: …", "Arbeitgeber: …", "Einrichtung: …": an employer named after its label. */
export const EMPLOYER_LABEL =
  /^(?:employer|company|organi[sz]ation|arbeitgeber|firma|unternehmen|einrichtung|entreprise|employeur|empresa|empleador|azienda|datore di lavoro|werkgever|bedrijf|公司名称|公司|单位)\s*[:：]\s*/iu;

/** What is left of a name without its legal form or kind of company ("Inc.", "LLC", "GmbH"). */
const withoutForm = (s: string) =>
  s.replace(EVERY_LEGAL_FORM, ' ').replace(EVERY_COMPANY_WORD, ' ');
const EVERY_LEGAL_FORM = new RegExp(LEGAL_FORM.source, 'giu');
const EVERY_COMPANY_WORD = new RegExp(COMPANY.source, 'giu');

/**
 * Two names set apart by one comma: each starts in capitals (a clause going on in lower case is no
 * name: "Olympiads, selected by the society") and the second is more than a legal form ("Acme,
 * Inc.").
 */
function commaPair(part: string): [string, string] | undefined {
  const m = /^([^,]+),\s+([^,]+)$/u.exec(part.trim());
  const a = m?.[1]?.trim();
  const b = m?.[2]?.trim();
  if (!a || !b || !/\p{L}{2}/u.test(withoutForm(b))) return undefined;
  if (/^\p{Ll}/u.test(a) || /^\p{Ll}/u.test(b)) return undefined;
  return [a, b];
}

/**
 * "Payroll Officer, Harbourside Freight Ltd.", "Farmacista, Unity Health Pharmacy Srl": a role
 * and its employer printed in one run, set apart by a comma, where the words of one side say
 * what it is (a role noun, or a legal form on the right with none on the left). A name and its
 * legal form ("Acme, Inc."), a unit of an organisation ("Department of Physics, University of
 * Leeds") and a name going on in lower case stay whole.
 */
export function roleCommaEmployer(part: string): [string, string] | undefined {
  const pair = commaPair(part);
  if (!pair) return undefined;
  const [a, b] = pair;
  const role = (s: string) => roleScore(s) > 0 && companyScore(s) === 0;
  const orgRight =
    (companyScore(b) > 0 || VENUE.test(b)) && companyScore(a) === 0 && !ORG_UNIT.test(a);
  // (two sides that both read as roles tell nothing: "Globex Assistant, Assistant on TV")
  if (role(a) && role(b)) return undefined;
  return role(a) || role(b) || orgRight ? [a, b] : undefined;
}

/** The part is printed after the entry's dates, on the same head line. */
function afterDate(block: Block, dates: string | undefined, part: string): boolean {
  if (!dates) return false;
  return block.head.some((l) => {
    const t = lineText(l);
    const d = t.indexOf(dates);
    return d >= 0 && t.indexOf(part, d + dates.length) >= 0;
  });
}

/** An experience head as the rules read it (see `experienceHead`). */
interface ExperienceHead {
  h: HeadFields;
  cands: string[];
  fixed?: { position?: string; company: string };
}

/**
 * "Employer: Oregon City Garbage Co., Oregon": the labelled part (at `employer` among the parts
 * left) is the employer (and place); the first other part is the position.
 */
function labelledEmployer(h: HeadFields, employer: number): ExperienceHead {
  const named = (h.rest[employer] ?? '').replace(EMPLOYER_LABEL, '');
  const comma = named.lastIndexOf(', ');
  const tail = comma > 0 ? named.slice(comma + 2) : '';
  const place = !h.location && tail && (isLocation(tail) || townPart(tail));
  const position = h.rest.filter((_, i) => i !== employer);
  return {
    h: place ? { ...h, location: tail } : h,
    cands: [],
    fixed: {
      company: place ? named.slice(0, comma) : named,
      ...(position[0] ? { position: position[0] } : {}),
    },
  };
}

/**
 * "Delta Structures Ltd.  Chennai" / "Site Engineer": with no place yet, a bare town among the
 * head parts (none of the two sides of "Role, Employer Ltd.", in `paired`) is the place, when
 * what is left beside it says so. The candidates left.
 */
function bareTown(block: Block, h: HeadFields, cands: string[], paired: Set<string>): string[] {
  const towns = cands.filter((c) => townPart(c) && !paired.has(c));
  // of several name-like parts, the one with a postcode is the town
  const postcoded = towns.filter((t) => POSTCODE_TOWN.test(t.trim()));
  // ... or the one printed after the entry's dates on their line ("◷ 2019 – 2023 ⌂ Leeds")
  const afterDates = towns.filter((t) => afterDate(block, h.dates, t));
  // of three head lines that all read as names, the last, a word alone, is the place closing
  // the head ("Employer" / "Role" / "Town")
  const lastLine = block.head.length === 3 ? lineText(block.head[2]!).trim() : '';
  const closing =
    towns.length === cands.length &&
    cands.length === 3 &&
    cands[2] === lastLine &&
    wordCount(lastLine) === 1
      ? lastLine
      : undefined;
  const town =
    towns.length === 1
      ? towns[0]
      : postcoded.length === 1
        ? postcoded[0]
        : (closing ?? (afterDates.length === 1 ? afterDates[0] : undefined));
  const others = cands.filter((c) => c !== town);
  // with no organisation left beside it, a bare name is more likely the employer
  const employerLeft = POSTCODE_TOWN.test(town ?? '') || others.some((c) => companyScore(c) > 0);
  // (a template's placeholder for the place says so itself)
  const placeholder = !!town && PLACE_PLACEHOLDER.test(town.trim());
  if (
    town &&
    (placeholder ||
      // (a postcode and town is never a role or an employer)
      POSTCODE_TOWN.test(town.trim()) ||
      town === closing ||
      (employerLeft && (others.length >= 2 || others.some((c) => roleScore(c) > 0))))
  ) {
    h.location = town;
    return others;
  }
  return cands;
}

/**
 * "Científica de datos" / "Datavise, Barcelona, España": with a role and no employer, the first
 * of three place parts (or an organisation before a town) is the employer, moved from
 * `h.location` to the end of `cands`.
 */
function employerFromPlace(block: Block, h: HeadFields, cands: string[]): void {
  if (!h.location) return;
  const parts = h.location.split(/\s*,\s*/);
  const first = parts[0] ?? '';
  // "Mathematics tutor, UCL, Louvain-la-Neuve": printed in one run after the role, the first
  // of two place parts is the employer (a role is rarely followed by a place and no employer)
  const afterRole = block.head.some((l) =>
    lineText(l).includes(`${cands[0] ?? ''}, ${h.location ?? ''}`),
  );
  // "Redwood Brands, Basel" alone on the line under the role: two names of which the second
  // is no region or country we know ("Austin, Texas" stays a place)
  const ownLine =
    block.head.some((l) => lineText(l).trim() === h.location) && !LOCATION_TAIL.test(h.location);
  if (
    companyScore(cands[0] ?? '') === 0 &&
    (parts.length >= 3 ||
      (parts.length === 2 && (companyScore(first) > 0 || afterRole || ownLine))) &&
    roleScore(first) === 0
  ) {
    cands.push(first);
    h.location = parts.slice(1).join(', ');
  }
}

/**
 * "Traineeship Harbor Works, Perth": the kind of post, then where it was held (and its place),
 * when the one part left (or, with none, the place: a head read whole as a place when it ends in
 * one) says so.
 */
function engagedHead(h: HeadFields, cands: string[]): ExperienceHead | undefined {
  // (a head read whole as a place when it ends in one: "Internship Harbor Works, Perth")
  const post = cands.length === 1 ? cands[0] : cands.length === 0 ? h.location : undefined;
  const engaged = ENGAGEMENT.exec(post ?? '');
  if (!engaged?.[1] || !engaged[2]) return undefined;
  const where = engaged[2];
  const fromPlace = post === h.location;
  const comma = where.lastIndexOf(', ');
  const tail = comma > 0 ? where.slice(comma + 2) : '';
  const place =
    (fromPlace || !h.location) && wordCount(tail) >= 1 && wordCount(tail) <= 3 && !/\d/.test(tail);
  const { location: _place, ...rest } = h;
  const head = fromPlace ? rest : h;
  return {
    h: place ? { ...head, location: tail } : head,
    cands: [],
    fixed: { position: engaged[1], company: place ? where.slice(0, comma) : where },
  };
}

/**
 * The only part left, read as two: "Role at Company" (which says which is which), "Organisation,
 * Unit, Role", "Role, Company" or "Role – Company" with a role on one side, or two names set
 * apart by a comma beside a place already found.
 */
function splitOnlyPart(h: HeadFields, cands: string[]): ExperienceHead {
  const only = cands[0] ?? '';
  const split =
    /^(.+?)\s+(?:at|@|bei|chez|en|presso|na|bij)\s+(.+)$/iu.exec(only) ??
    /^(.+?),\s+(.+)$/u.exec(only) ??
    /^(.+?)\s+[-–—]\s+(.+)$/u.exec(only);
  // "Organisation, Unit, Role": a role named last after several parts of its organisation
  const parts = only.split(/\s*[,，]\s*/);
  const last = parts[parts.length - 1] ?? '';
  if (parts.length >= 3 && roleScore(last) > companyScore(last))
    return {
      h,
      cands: [last, only.slice(0, only.length - last.length).replace(/\s*[,，]\s*$/, '')],
    };
  if (split?.[1] && split[2] && (roleScore(split[1]) > 0 || roleScore(split[2]) > 0)) {
    if (/\s(at|@|bei|chez|en|presso|na|bij)\s/i.test(only))
      return { h, cands: [], fixed: { position: split[1], company: split[2] } };
    return { h, cands: [split[1], split[2]] };
  }
  // "Préparateur de commandes, Northgate Mills": the only part left, two names set apart by
  // a comma, the place already found: a role and an employer, which the model tells apart
  const pair = commaPair(only);
  if (pair && h.location && !pair.some((x) => isLocation(x))) return { h, cands: pair };
  return { h, cands };
}

/**
 * An experience head as the rules read it: dates, place and links out, and the parts left for
 * company and position (`cands`), unless "Role at Company" already said which is which (`fixed`).
 */
export function experienceHead(block: Block): ExperienceHead {
  const h = headFields(block);
  const employer = h.rest.findIndex((r) => EMPLOYER_LABEL.test(r));
  if (employer >= 0) return labelledEmployer(h, employer);
  // (the two sides of "Role, Employer Ltd." are no bare town)
  const paired = new Set<string>();
  let cands = h.rest
    .map((r) => r.replace(SUPERVISOR, ''))
    .filter(Boolean)
    .flatMap((c) => {
      const pair = roleCommaEmployer(c);
      pair?.forEach((x) => paired.add(x));
      return pair ?? [c];
    });
  if (!h.location && cands.length >= 2) cands = bareTown(block, h, cands, paired);
  if (h.location && cands.length === 1 && roleScore(cands[0] ?? '') > 0)
    employerFromPlace(block, h, cands);
  const engaged = engagedHead(h, cands);
  if (engaged) return engaged;
  if (!cands.length) {
    namedByPlace(h);
    cands = [...h.rest];
  }
  if (cands.length === 1) return splitOnlyPart(h, cands);
  return { h, cands };
}

export function parseExperience(block: Block): Experience {
  const { h, cands, fixed } = experienceHead(block);
  const e: Experience = { ...fixed };
  // where the words cannot tell role from employer, the learned model decides
  const odds = () => positionOdds(block, cands, h.location);
  if (cands.length === 1) {
    const only = cands[0] ?? '';
    // (a role whose head noun is plain outweighs a company word in its complement: "Software
    // Engineer", "Desarrollador de software")
    if (roleScore(only) > 0 && roleScore(only) > companyScore(only)) e.position = only;
    else if (roleScore(only) > 0 || companyScore(only) > 0) e.company = only;
    else {
      const p = odds()?.[0];
      if (p === undefined) {
        // neither a role nor a kind of company: company by default
        e.company = only;
        flag(e, 'company', 'role-or-company');
      } else if (p > 0.5) {
        e.position = only;
        flag(e, 'position', p);
      } else {
        e.company = only;
        flag(e, 'company', 1 - p);
      }
    }
  } else if (cands.length >= 2) {
    const [a = '', b = ''] = cands;
    const sa = roleScore(a) - companyScore(a);
    const sb = roleScore(b) - companyScore(b);
    const p = sa === sb ? odds() : null;
    // the probability that a is the position and b the company, against the other way round
    const pa = p ? (p[0] ?? 0) * (1 - (p[1] ?? 0)) : 0;
    const pb = p ? (p[1] ?? 0) * (1 - (p[0] ?? 0)) : 0;
    const aIsPosition = p ? pa > pb : sa > sb;
    e.position = aIsPosition ? a : b;
    e.company = aIsPosition ? b : a;
    if (sa === sb) {
      const sure = p ? Math.max(pa, pb) / Math.max(1e-9, pa + pb) : undefined;
      flag(e, 'company', sure ?? 'role-or-company');
      flag(e, 'position', sure ?? 'role-or-company');
    }
    if (cands.length > 2) flag(e, undefined, 'unassigned-parts');
  }
  if (h.location) e.location = h.location;
  if (e.location && companyScore(e.location) > 0) flag(e, 'location', 'looks-like-organisation');
  if (h.dates) e.dates = h.dates;
  const desc: string[] = [];
  const tech: string[] = [];
  for (const b of block.body) {
    const m =
      /^(?:technologies|tech(?:nologies)? stack|tech|stack|tools|environment|built with|technologien|technologies utilisées|tecnologías|tecnologie)\s*(?:used)?\s*:\s*(.+)$/i.exec(
        b,
      );
    if (m?.[1]) tech.push(...m[1].split(/\s*[,;|]\s*/).filter(Boolean));
    else desc.push(b);
  }
  if (desc.length) e.description = desc;
  if (tech.length) e.technologies = tech;
  return e;
}

/** A part that is a degree and nothing else ("B.S.", "Master of Science", "博士", "学士学位"). */
const onlyDegree = (s: string): boolean => {
  const m = DEGREE.exec(s);
  if (!m) return false;
  const rest = s
    .replace(m[0], ' ')
    .replace(/\b(?:of|in|arts|science|sciences|degree)\b|学位/giu, ' ');
  return rest.replace(/[\s.,()'’-]/g, '').length === 0;
};

/**
 * A degree alone, written so it cannot be a state code ("B.S.", "Master", "BSc", "博士"; not
 * "MA": a state code has no lower-case letter).
 */
const printedDegree = (s: string): boolean =>
  onlyDegree(s) &&
  (/[.\p{Script=Han}]/u.test(s) ||
    s.trim().length > 3 ||
    /^\p{Lu}+\p{Ll}+\p{Lu}?$/u.test(s.trim()));

function splitDegree(s: string): { degree: string; field?: string } {
  const t = s.trim();
  // the last "in" whose left side is a degree: "Dottorato di ricerca in Fisica", "Master of
  // Science in Physics"
  const connectives = [...t.matchAll(/\s+(?:in|en|em|in der|im|di|in het)\s+/giu)].reverse();
  for (const m of connectives) {
    const degree = t.slice(0, m.index).trim();
    const field = t.slice(m.index + m[0].length).trim();
    if (degree && field && DEGREE.test(degree)) return { degree, field };
  }
  const comma = /^([^,，]+)[,，]\s*(.+)$/.exec(t);
  if (comma?.[1] && comma[2] && DEGREE.test(comma[1]) && !hasDate(comma[2]))
    return { degree: comma[1], field: comma[2] };
  // the field first: "Computer Science, B.S.", "天文学,博士"
  if (comma?.[1] && comma[2] && onlyDegree(comma[2]) && !DEGREE.test(comma[1]))
    return { degree: comma[2], field: comma[1] };
  // abbreviation or single degree word followed by the field: "B.S. Computer Science"
  const first = /^(\S+)\s+(.+)$/u.exec(t);
  if (
    first?.[1] &&
    first[2] &&
    DEGREE.test(first[1]) &&
    !/^(of|in|de|en)\b/i.test(first[2]) &&
    !DEGREE.test(` ${first[2]}`)
  )
    return { degree: first[1], field: first[2] };
  return { degree: t };
}

const GPA_RE =
  /(?:^|\s)(\d[.,]\d{1,2}(?:\s*\/\s*\d+(?:[.,]\d+)?)?)\s*c?gpa\b|\b(?:c?gpa|grade|note|notas?|voto|cijfer|média|average)\s*[:\s]\s*(\d+(?:[.,]\d+)?(?:\s*\/\s*\d+(?:[.,]\d+)?)?)/i;

/** "Institution: …", "Bildungseinrichtung: …": a school named after its label. */
const SCHOOL_LABEL =
  /^(?:institution|school|university|college|bildungseinrichtung|einrichtung|hochschule|universität|établissement|école|institución|universidad|instituição|universidade|istituto|università|scuola|onderwijsinstelling|学校|院校)\s*[:：]\s*(.+)$/iu;
/**
 * "Bildungseinrichtung Universität Wien": a label word that only ever names the kind of field
 * (it never begins a school's own name), printed without its colon.
 */
const BARE_SCHOOL_LABEL = /^(?:[Bb]ildungseinrichtung|[Oo]nderwijsinstelling)\s+(\p{Lu}.+)$/u;
/** "Degree: …", "Abschluss: …": a degree named after its label. */
const DEGREE_LABEL =
  /^(?:degree|qualification|abschluss|diplôme|titre|título|titulo|grado|titolo|laurea|diploma|graad|学位|学历)\s*[:：]\s*(.+)$/iu;

/**
 * A template's placeholder for the grade ("Degree, Institution, City, Grade"): the word alone as
 * a part of the head.
 */
const GRADE_WORD = /^(?:grade|gpa|cgpa|note|nota|calificación|voto|cijfer|成绩|绩点)$/iu;

/** The head part without a grade placeholder among its comma parts, and that placeholder. */
function takeGradeWord(s: string): { grade?: string; rest: string } {
  const subs = s.split(/\s*[,，]\s*/);
  const at = subs.findIndex((x) => GRADE_WORD.test(x.trim()));
  if (at < 0) return { rest: s };
  return { grade: subs[at]!.trim(), rest: subs.filter((_, i) => i !== at).join(', ') };
}

/** A school named after "at the", "an der", "à l'" … up to a colon, comma or quotation. */
const SCHOOL_IN_TEXT =
  /(?:^|\s)(?:at(?: the)?|an der|am|à l['’]|à|en la|presso|aan de)\s+([^:,;„“"«(]+)/iu;

/** A grade placeholder among the place's comma parts is the grade, taken out of the place. */
function takeLocationGrade(h: HeadFields, ed: Education): void {
  if (!h.location) return;
  const g = takeGradeWord(h.location);
  if (g.grade) {
    ed.gpa = g.grade;
    if (g.rest) h.location = g.rest;
    else delete h.location;
  }
}

/**
 * "Diploma Study in Medicine at the Free University", "Bachelor Information Technology
 * University of Oklahoma": a part read as a degree and its school, when it is one.
 */
function schoolAfter(sub: string): string[] {
  // "Diploma Study in Medicine at the Free University": the school after "at"
  const at = /^(.+?)\s+(?:at(?: the)?|an der|am|à l['’]|à|en la|presso|aan de)\s+(.+)$/iu.exec(sub);
  // "Bachelor Information Technology University of Oklahoma": a degree, then its school
  const lead =
    /^(.+?)\s+((?:University|Université|Universidad|Universidade|Università|Universität|College|Institute|Institut|School)\s+(?:of|de|di|du|des|do|da|der|für)\s+.+)$/u.exec(
      sub,
    );
  if (at?.[1] && at[2] && INSTITUTION.test(at[2]) && !INSTITUTION.test(at[1]))
    return [at[1], at[2]];
  if (lead?.[1] && lead[2] && DEGREE.test(lead[1]) && !INSTITUTION.test(lead[1]))
    return [lead[1], lead[2]];
  return [sub];
}

/**
 * The head parts of an education entry with grades and labelled fields (major, school, degree)
 * taken into `ed`, the rest set apart at semicolons and before a school.
 */
function educationParts(h: HeadFields, ed: Education): string[] {
  const parts: string[] = [];
  for (let r of h.rest) {
    if (!ed.gpa) {
      const g = takeGradeWord(r);
      if (g.grade) {
        ed.gpa = g.grade;
        r = g.rest;
        if (!r) continue;
      }
    }
    const g = GPA_RE.exec(r);
    if (g?.[1] ?? g?.[2]) {
      ed.gpa = (g[1] ?? g[2])!;
      const rest = r.replace(g[0], '').replace(/^[\s,;|·]+|[\s,;|·]+$/g, '');
      if (rest) parts.push(rest);
      continue;
    }
    const major =
      /^(?:major|field|fach|specialization|specialisation|concentration|spécialité|especialidad)\s*:\s*(.+)$/i.exec(
        r,
      );
    if (major?.[1]) {
      ed.field_of_study = major[1];
      continue;
    }
    const school = SCHOOL_LABEL.exec(r) ?? BARE_SCHOOL_LABEL.exec(r);
    if (school?.[1] && !ed.institution) {
      ed.institution = school[1];
      continue;
    }
    const degree = DEGREE_LABEL.exec(r);
    if (degree?.[1] && !ed.degree) {
      ed.degree = degree[1];
      continue;
    }
    // "Computer Science; Awesome University": a semicolon sets parts apart as a comma before a
    // school does
    for (const piece of r.split(/\s*;\s+/))
      for (const sub of piece.split(/,\s+(?=.*(?:university|college|school|institut|universit))/i))
        parts.push(...schoolAfter(sub));
  }
  return parts;
}

/**
 * "Princeton University, PhD in Computer Science" or "Princeton University, Computer Science":
 * a part whose first comma part (`subs`) is a school; what follows is degree and field, or a
 * place, or left over.
 */
function schoolFirst(
  ed: Education,
  h: HeadFields,
  p: string,
  subs: string[],
  leftovers: string[],
): void {
  // "University, Faculty of …": the school and its faculty or college are the institution
  let k = 1;
  while (k < subs.length - 1 && INSTITUTION.test(subs[k] ?? '') && !DEGREE.test(subs[k] ?? '')) k++;
  ed.institution = subs.slice(0, k).join(p.includes('，') ? '，' : ', ');
  const after = subs.slice(k);
  // "…, Field, Degree" / "…, Degree, Field": a degree alone beside the field
  const at = after.findIndex(onlyDegree);
  const other = after.filter((_, i) => i !== at);
  if (after.length === 2 && at >= 0 && !ed.degree && !isLocation(other[0] ?? '')) {
    ed.degree = after[at];
    if (!ed.field_of_study) ed.field_of_study = other[0];
    return;
  }
  const rest = after.join(', ');
  const d = DEGREE.test(rest) ? splitDegree(rest) : undefined;
  if (d && !ed.degree) {
    ed.degree = d.degree;
    if (d.field && !ed.field_of_study) ed.field_of_study = d.field;
  } else if (d?.field && !ed.field_of_study && normKey(d.degree) === normKey(ed.degree ?? '')) {
    // the degree printed again with its field ("PhD" … "Princeton University, PhD in Physics")
    ed.field_of_study = d.field;
  } else if (!isLocation(rest) && !isCjkPlace(rest)) leftovers.push(rest);
  else if (!h.location) h.location = rest;
}

/**
 * "Degree, Institution, City": the degree first (comma parts before `school`), then the school,
 * then the place or what is left over.
 */
function degreeFirst(
  ed: Education,
  h: HeadFields,
  subs: string[],
  school: number,
  leftovers: string[],
): void {
  const d = splitDegree(subs.slice(0, school).join(', '));
  ed.degree = d.degree;
  if (d.field && !ed.field_of_study) ed.field_of_study = d.field;
  ed.institution = subs[school];
  const rest = subs.slice(school + 1).join(', ');
  if (rest && !h.location && (isLocation(rest) || townPart(rest) || isCjkPlace(rest)))
    h.location = rest;
  else if (rest) leftovers.push(rest);
}

/** The head parts given to school, degree and field by what they read as; the parts left over. */
function assignEducationParts(ed: Education, h: HeadFields, parts: string[]): string[] {
  const leftovers: string[] = [];
  for (const p of parts) {
    const subs = p.split(/\s*，\s*|,\s+/);
    if (subs.length > 1 && INSTITUTION.test(subs[0] ?? '') && !ed.institution) {
      schoolFirst(ed, h, p, subs, leftovers);
      continue;
    }
    const school = subs.findIndex((x, k) => k > 0 && INSTITUTION.test(x) && !DEGREE.test(x));
    if (school > 0 && DEGREE.test(subs[0] ?? '') && !ed.degree && !ed.institution) {
      degreeFirst(ed, h, subs, school, leftovers);
      continue;
    }
    if (DEGREE.test(p) && !ed.degree && !INSTITUTION.test(p.replace(DEGREE, ''))) {
      const d = splitDegree(p);
      ed.degree = d.degree;
      if (d.field && !ed.field_of_study) ed.field_of_study = d.field;
      continue;
    }
    if (INSTITUTION.test(p) && !ed.institution) {
      ed.institution = p;
      continue;
    }
    leftovers.push(p);
  }
  return leftovers;
}

/** The parts left over fill the school, field and degree still missing, in that order. */
function assignLeftovers(ed: Education, leftovers: string[]): void {
  for (const p of leftovers) {
    if (!ed.institution && !DEGREE.test(p)) ed.institution = p;
    else if (
      !ed.field_of_study &&
      (ed.degree || (!DEGREE.test(p) && !p.includes(','))) &&
      p.split(/\s+/).length <= 6 &&
      !/\d/.test(p)
    )
      // (beside a school, a part naming no degree is the subject studied: "Conflict management")
      ed.field_of_study = p;
    else if (!ed.degree) ed.degree = p;
    else flag(ed, undefined, 'unassigned-parts');
  }
}

/** An education entry's body: courses, a grade (when the head had none) and achievements. */
function readEducationBody(ed: Education, block: Block): void {
  const courses: string[] = [];
  const achievements: string[] = [];
  for (const b of block.body) {
    const c = COURSES_RE.exec(b);
    if (c?.[1]) {
      courses.push(
        ...c[1]
          .replace(/\.$/, '')
          .split(/\s*[,;]\s*/)
          .filter(Boolean),
      );
      continue;
    }
    const g = GPA_RE.exec(b);
    if ((g?.[1] ?? g?.[2]) && !ed.gpa) {
      ed.gpa = (g[1] ?? g[2])!;
      const rest = b.replace(g[0], '').replace(/^[\s,;|·]+|[\s,;|·]+$/g, '');
      if (rest) achievements.push(rest);
      continue;
    }
    achievements.push(b);
  }
  if (courses.length) ed.courses = courses;
  if (achievements.length) ed.achievements = achievements;
}

/** An education entry: head parts to school, degree, field and grade, then its body. */
export function parseEducation(block: Block): Education {
  const h = headFields(block);
  namedByPlace(h);
  const ed: Education = {};
  if (h.dates) ed.dates = h.dates;
  takeLocationGrade(h, ed);
  const parts = educationParts(h, ed);
  assignLeftovers(ed, assignEducationParts(ed, h, parts));
  if (ed.field_of_study && isLocation(ed.field_of_study))
    flag(ed, 'field_of_study', 'looks-like-place');
  if (ed.institution && !INSTITUTION.test(ed.institution) && isLocation(ed.institution))
    flag(ed, 'institution', 'looks-like-place');
  readEducationBody(ed, block);
  // "Doctoral thesis at the Free University of Berlin: …": with no school in the head, the one
  // its text names
  if (!ed.institution)
    for (const a of ed.achievements ?? []) {
      const school = SCHOOL_IN_TEXT.exec(a)?.[1]?.trim();
      if (school && INSTITUTION.test(school) && wordCount(school) <= 8) {
        ed.institution = school;
        break;
      }
    }
  return ed;
}

/** "Name | Tool, Tool, Tool": a short name, a bar, and a list of tools without a full stop. */
const NAME_AND_TOOLS = /^([^|,.:;]{3,60}?)\s+\|\s+([^|.]+,[^|.]+)$/u;

/** "Name (Tool, Tool, Tool)": a project's name with its tools in parentheses after it. */
const NAME_WITH_TOOLS = /^(.{3,80}?)\s+[(（]([^()（）]+[,，][^()（）]+)[)）]$/u;
/** How many words each tool in a name's parentheses runs to at most. */
const PAREN_TOOL_WORDS = 4;

/**
 * The name and its tools, when the parentheses after it list two or more short items; else
 * undefined ("(with the city council)" and "(Spring, 2021)" stay in the name).
 */
export function toolsInParens(text: string): { name: string; tools: string[] } | undefined {
  const m = NAME_WITH_TOOLS.exec(text.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const tools = m[2]
    .split(/\s*[,，]\s*/)
    .map((t) => t.trim())
    .filter(Boolean);
  const tool = (t: string) => wordCount(t) <= PAREN_TOOL_WORDS && !/[.!?]$|\d{4}/u.test(t);
  if (tools.length < 2 || !tools.every(tool)) return undefined;
  return { name: m[1].trim(), tools };
}

export function parseProject(block: Block): Project {
  const h = headFields(block, false);
  const p: Project = {};
  const rest = [...h.rest];
  // "1. Project One": the number of a numbered list is no part of the name
  const name = rest.shift()?.replace(/^\d{1,2}[.)]\s+(?=\S)/u, '');
  const desc: string[] = [];
  const tech: string[] = [];
  // "Flood study (Eurocodes, Site supervision)": the tools listed after the name
  const withTools = name ? toolsInParens(name) : undefined;
  if (withTools) {
    p.name = withTools.name;
    tech.push(...withTools.tools);
  } else if (name) p.name = name;
  if (h.dates) p.dates = h.dates;
  const url = h.urls.find((u) => !/^mailto:/i.test(u));
  if (url) p.url = url;
  // ("Name | Tool, Tool, Tool" read as the head: the parts after the bar are its tools)
  // (its list may wrap after a comma onto the head's next line)
  const headText = block.head.map((l) => lineText(l).trim());
  const wrapsAt = headText.findIndex((t) => !t.endsWith(','));
  const headTools = NAME_AND_TOOLS.exec(
    wrapsAt === headText.length - 1 ? headText.join(' ') : (headText[0] ?? ''),
  );
  if (headTools?.[1] && headTools[2] && p.name === headTools[1].trim())
    tech.push(...headTools[2].split(/\s*[,;]\s*/).filter(Boolean));
  const body = [...block.body];
  // "Bridge design | Geotechnics, Concrete design, Cost estimation" read as the first item of a
  // block without a head (it wrapped to as many words as a sentence): the name and its tools
  const named = !p.name ? NAME_AND_TOOLS.exec(body[0] ?? '') : null;
  if (named?.[1] && named[2]) {
    p.name = named[1].trim();
    tech.push(...named[2].split(/\s*[,;]\s*/).filter(Boolean));
    body.shift();
  }
  for (const b of body) {
    const m =
      /^(?:technologies|tech(?:nologies)? stack|tech|stack|tools|built with|technologien|tecnologías|tecnologie)\s*(?:used)?\s*:\s*(.+)$/i.exec(
        b,
      );
    if (m?.[1]) tech.push(...m[1].split(/\s*[,;|]\s*/).filter(Boolean));
    else desc.push(b);
  }
  if (desc.length) p.description = desc;
  if (tech.length) p.technologies = tech;
  return p;
}

export const blockTitle = (block: Block): string => {
  const h = headFields(block);
  return h.rest[0] ?? (block.head[0] ? lineText(block.head[0]) : (block.body[0] ?? ''));
};

/** How much more a text reads as a role than as an organisation (0: it cannot tell). */
const roleLean = (s: string | undefined): number => (s ? roleScore(s) - companyScore(s) : 0);

/**
 * The entries of one section share one layout. Where the words of an entry cannot tell its role
 * from its employer ("Nova Talent" / "HR Generalist"), it follows the order the entries that can
 * tell show (role first or employer first), when they agree.
 */
export function alignRoleOrder(entries: { e: Experience; block: Block }[]): void {
  const headText = (block: Block) => block.head.map(lineText).join(' \n ');
  const roleFirst = (e: Experience, block: Block): boolean | undefined => {
    const text = headText(block);
    const p = e.position ? text.indexOf(e.position) : -1;
    const c = e.company ? text.indexOf(e.company) : -1;
    return p < 0 || c < 0 || p === c ? undefined : p < c;
  };
  let roleFirstN = 0;
  let companyFirstN = 0;
  const doubtful: { e: Experience; block: Block }[] = [];
  for (const x of entries) {
    const order = roleFirst(x.e, x.block);
    if (order === undefined) continue;
    if (roleLean(x.e.position) === roleLean(x.e.company)) doubtful.push(x);
    else if (roleLean(x.e.position) > roleLean(x.e.company)) {
      if (order) roleFirstN++;
      else companyFirstN++;
    }
  }
  if (roleFirstN + companyFirstN < 1 || (roleFirstN && companyFirstN)) return;
  const wantRoleFirst = roleFirstN > 0;
  for (const { e, block } of doubtful)
    if (roleFirst(e, block) !== wantRoleFirst) [e.position, e.company] = [e.company, e.position];
}
