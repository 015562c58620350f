/**
 * The probability that each field and entry of a read is right (issue 25 item 6; ADR 51).
 *
 * After a read, every entry of experience and education, each of their defining fields (filled
 * or empty) and each contact field is a candidate. A logistic model over what the read knows of
 * it judges how likely it is right: the kind of field, what its words say it is (a role, an
 * organisation, a place, a school, a degree) against what it should be, whether a decision point
 * doubted it (confidence.ts) and how sure a learned decision was, whether its value was found in
 * the document at all (sources.ts), how its entry compares with its siblings (a field every other
 * entry has, missing here), and how well the document as a whole was read.
 *
 * Fitted by scripts/train-review.node.ts to which candidates were wrong on the generated held-out
 * families and the real corpus, scored with folds by source repository, weights in
 * field-check.json. No text of any document and no word list of its own: the lexicons of
 * head-words.ts and contact.ts only.
 */
import type { ResumeData, UncertainField } from '@folio/core';
import { isLocation } from '../contact.ts';
import { hasDate, isDateOnly } from '../dates.ts';
import { companyScore, DEGREE, INSTITUTION, roleScore } from '../head-words.ts';
import { wordCount } from '../text.ts';
import weights from './field-check.json' with { type: 'json' };

/** What a candidate is: a contact field, an entry's field, or the entry itself. */
export const CHECK_KINDS = [
  'contact/name',
  'contact/title',
  'contact/email',
  'contact/phone',
  'contact/location',
  'contact/links',
  'experience',
  'experience/company',
  'experience/position',
  'experience/dates',
  'experience/location',
  'education',
  'education/institution',
  'education/degree',
  'education/field_of_study',
  'education/dates',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
const ENTRY_FIELD_KINDS = [
  'experience/company',
  'experience/position',
  'experience/dates',
  'experience/location',
  'education/institution',
  'education/degree',
  'education/field_of_study',
  'education/dates',
] as const;

export const CHECK_FEATURES = [
  ...CHECK_KINDS.map((k) => `kind:${k}`),
  'empty',
  'emptyWhereSiblingsHave',
  'filledWhereSiblingsLack',
  'markedHere',
  'markedEntry',
  'roleOrCompany',
  'unassignedParts',
  'filledFromAbove',
  'looksLikeOther',
  'decisionDoubt',
  'entryDoubt',
  'notFound',
  'words',
  'long',
  'digits',
  'dated',
  'fitsKind',
  'fitsOtherKind',
  'separators',
  'lowerStart',
  'caps',
  'sameAsSibling',
  'entryEmptyFields',
  'entryNoItems',
  'entryItems',
  'sectionEntries',
  'firstEntry',
  'lastEntry',
  'linesRead',
  'docSections',
  // what each kind of entry field makes of being empty, of its words and of another kind's words
  ...ENTRY_FIELD_KINDS.flatMap((k) => [`empty:${k}`, `fits:${k}`, `other:${k}`] as const),
] as const;
export const CHECK_DIM = CHECK_FEATURES.length;

/** One thing the review can mark, with its features. */
export interface CheckCandidate {
  path: string;
  kind: CheckKind;
  features: number[];
}

/** What the model reads of a finished parse. */
export interface CheckFacts {
  data: ResumeData;
  uncertain: readonly UncertainField[];
  /** The least sure learned decision about each path (confidence.ts). */
  decided: Readonly<Record<string, number>>;
  /** Paths whose value was found in the document (sources.ts). */
  sources: Readonly<Record<string, unknown>>;
  /** Share of the document's lines the values were read from (sources.ts). */
  linesRead: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** How well a text reads as a field of each kind (the lexicons'), 0–1. */
function fits(kind: string, t: string): number {
  if (!t) return 0;
  switch (kind) {
    case 'company':
    case 'institution':
      return companyScore(t) > 0 ? 1 : 0;
    case 'position':
      return Math.min(1, roleScore(t) / 2);
    case 'location':
      return isLocation(t) ? 1 : 0;
    case 'dates':
      return isDateOnly(t) ? 1 : hasDate(t) ? 0.5 : 0;
    case 'degree':
      return DEGREE.test(t) ? 1 : 0;
    default:
      return 0;
  }
}
const HEAD_KINDS: Record<string, readonly string[]> = {
  experience: ['company', 'position', 'dates', 'location'],
  education: ['institution', 'degree', 'field_of_study', 'dates'],
};
/** The best a text reads as another field of its entry. */
const fitsOther = (section: string, field: string, t: string) =>
  Math.max(
    0,
    ...(HEAD_KINDS[section] ?? [])
      .filter((k) => k !== field)
      .map((k) => fits(k === 'institution' ? 'company' : k, t)),
    field !== 'institution' && field !== 'company' && INSTITUTION.test(t) ? 1 : 0,
  );

type Entry = Record<string, unknown>;

function entryItems(e: Entry): number {
  const d = e.description;
  return Array.isArray(d) ? d.length : str(d) ? 1 : 0;
}

/** Share of the usual parts a read found: name, a way to reach the person, experience, education, skills. */
export function sectionsFound(data: ResumeData): number {
  const c = data.contact ?? {};
  const found = [
    !!c.name,
    !!(c.email || c.phone),
    !!data.experience?.length,
    !!data.education?.length,
    !!(data.skills?.technical?.length || data.skills?.certifications?.length),
  ];
  return found.filter(Boolean).length / found.length;
}

/** Every candidate of a read, with its features (CHECK_FEATURES). */
export function checkCandidates(f: CheckFacts): CheckCandidate[] {
  const reasons = new Map<string, Set<string>>();
  for (const u of f.uncertain) {
    const s = reasons.get(u.path) ?? new Set<string>();
    s.add(u.reason);
    reasons.set(u.path, s);
  }
  const has = (path: string, reason?: string) =>
    !!reasons.get(path) && (!reason || reasons.get(path)!.has(reason));
  const sections = sectionsFound(f.data);
  const out: CheckCandidate[] = [];
  const push = (path: string, kind: CheckKind, set: (v: Record<string, number>) => void) => {
    const v: Record<string, number> = {
      [`kind:${kind}`]: 1,
      linesRead: f.linesRead,
      docSections: sections,
    };
    set(v);
    out.push({ path, kind, features: CHECK_FEATURES.map((n) => v[n] ?? 0) });
  };
  const textFeatures = (v: Record<string, number>, t: string) => {
    v.empty = t ? 0 : 1;
    v.words = Math.min(1, wordCount(t) / 8);
    v.long = t.length > 60 ? 1 : 0;
    v.digits = /\d/.test(t) ? 1 : 0;
    v.dated = hasDate(t) ? 1 : 0;
    v.separators = /\s[|·•–—]\s|\s-\s|\t/.test(t) ? 1 : 0;
    v.lowerStart = /^\p{Ll}/u.test(t) ? 1 : 0;
    v.caps = /\p{Lu}{2}/u.test(t) && !/\p{Ll}/u.test(t) ? 1 : 0;
  };

  const c = (f.data.contact ?? {}) as Entry;
  for (const field of ['name', 'title', 'email', 'phone', 'location'] as const) {
    const path = `contact/${field}`;
    const t = str(c[field]);
    push(path, `contact/${field}`, (v) => {
      textFeatures(v, t);
      v.markedHere = has(path) ? 1 : 0;
      v.notFound = t && !f.sources[path] ? 1 : 0;
      v.fitsKind = field === 'location' ? fits('location', t) : 0;
      v.fitsOtherKind =
        field !== 'location' && t ? Math.max(fits('location', t), fits('dates', t)) : 0;
    });
  }
  for (const field of ['linkedin', 'github'] as const) {
    const path = `contact/${field}`;
    const t = str(c[field]);
    if (!t) continue;
    push(path, 'contact/links', (v) => {
      textFeatures(v, t);
      v.notFound = !f.sources[path] ? 1 : 0;
    });
  }

  for (const section of ['experience', 'education'] as const) {
    const entries = (f.data[section] ?? []) as Entry[];
    const fields = HEAD_KINDS[section]!;
    const filledShare = (field: string, except: number) => {
      const others = entries.filter((_, j) => j !== except);
      return others.length ? others.filter((e) => str(e[field])).length / others.length : 0.5;
    };
    entries.forEach((e, i) => {
      const at = `${section}/${i}`;
      const emptyFields = fields.filter((k) => !str(e[k])).length / fields.length;
      const items = entryItems(e);
      const common = (v: Record<string, number>) => {
        v.markedEntry = has(at) ? 1 : 0;
        v.unassignedParts = has(at, 'unassigned-parts') ? 1 : 0;
        v.entryDoubt = 1 - (f.decided[at] ?? 1);
        v.entryEmptyFields = emptyFields;
        v.entryNoItems = items ? 0 : 1;
        v.entryItems = Math.min(1, items / 6);
        v.sectionEntries = Math.min(1, entries.length / 8);
        v.firstEntry = i === 0 ? 1 : 0;
        v.lastEntry = i === entries.length - 1 ? 1 : 0;
      };
      push(at, section, common);
      for (const field of fields) {
        const path = `${at}/${field}`;
        const t = str(e[field]);
        const kind = `${section}/${field}` as CheckKind;
        const share = filledShare(field, i);
        push(path, kind, (v) => {
          common(v);
          textFeatures(v, t);
          v.emptyWhereSiblingsHave = t ? 0 : share;
          v.filledWhereSiblingsLack = t ? 1 - share : 0;
          v.markedHere = has(path) ? 1 : 0;
          v.roleOrCompany = has(path, 'role-or-company') ? 1 : 0;
          v.filledFromAbove = has(path, 'filled-from-above') ? 1 : 0;
          v.looksLikeOther =
            has(path, 'looks-like-organisation') || has(path, 'looks-like-place') ? 1 : 0;
          v.decisionDoubt = 1 - (f.decided[path] ?? 1);
          v.notFound = t && !f.sources[path] ? 1 : 0;
          v.fitsKind = fits(field === 'institution' ? 'company' : field, t);
          v.fitsOtherKind = fitsOther(section, field, t);
          v.sameAsSibling = t && fields.some((k) => k !== field && str(e[k]) === t) ? 1 : 0;
          v[`empty:${kind}`] = v.empty!;
          v[`fits:${kind}`] = v.fitsKind;
          v[`other:${kind}`] = v.fitsOtherKind;
        });
      }
    });
  }
  return out;
}

/** A logistic model: one weight per feature and a bias. */
export interface CheckModel {
  weights: number[];
  bias: number;
}

export const checkWeights: CheckModel | null =
  weights.features.length === CHECK_DIM &&
  weights.features.every((n, i) => n === CHECK_FEATURES[i]) &&
  weights.weights.length === CHECK_DIM
    ? { weights: weights.weights, bias: weights.bias }
    : null;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability that a candidate is right. */
export const rightProbability = (m: CheckModel, features: readonly number[]): number =>
  sigmoid(-features.reduce((z, x, i) => z + x * (m.weights[i] ?? 0), m.bias));
