/**
 * Layout and text features of a line, for the learned line-role model (ADR 18).
 *
 * A line is described by dense layout features (size against body text, bold, capitals,
 * letter-spacing, indentation, gaps, width, position, neighbours, how often its style recurs) and
 * by hashed text features (words and character trigrams of its letter-spacing-collapsed text), so
 * headings in languages or wordings outside the rule vocabulary are learned from examples.
 * Pure and browser-safe: the trainer (scripts/train.node.ts) and the parser share this code.
 */
import { EMAIL_RE, URL_RE } from '../contact.ts';
import { hasDate } from '../dates.ts';
import { classifyHeading } from '../headings.ts';
import { findPhone } from '../phones.ts';
import { normKey } from '../text.ts';
import { bodySize, lineBold, lineSize, lineText, lineX, lineX2, type Line } from '../types.ts';

/** Number of hashed text-feature buckets (a power of two). */
export const HASH_BUCKETS = 2048;

/** Kinds a rule-vocabulary match can name (one-hot feature); order is part of the weights. */
export const RULE_KINDS = [
  'summary',
  'experience',
  'education',
  'projects',
  'skills',
  'certifications',
  'languages',
  'awards',
  'publications',
  'extracurricular',
  'courses',
  'profiles',
  'contact',
  'references',
  'interests',
  'other',
] as const;

export const DENSE_NAMES = [
  'bias',
  'sizeRatio',
  'sizeAbove',
  'sizeBelow',
  'bold',
  'anyBold',
  'capsRatio',
  'allCaps',
  'spaced',
  'words',
  'chars',
  'digit',
  'date',
  'email',
  'url',
  'phone',
  'colonEnd',
  'colonIn',
  'periodEnd',
  'commaIn',
  'lowerStart',
  'gapAbove',
  'gapBelow',
  'indent',
  'width',
  'centred',
  'segs',
  'bullet',
  'nextBullet',
  'styled',
  'docPos',
  'first',
  'styleRepeat',
  'styleRare',
  'nextSizeRatio',
  'prevSizeRatio',
  'nextBold',
  'ruleMatch',
  ...RULE_KINDS.map((k) => `rule:${k}`),
] as const;

export const DENSE = DENSE_NAMES.length;

/**
 * Text with letter-spacing undone: "E D U C A T I O N" and "E x p e r i e n c e" read as
 * "EDUCATION" and "Experience"; a wider gap between spaced letters ("W O R K  E X P") keeps the
 * word break.
 */
export function collapseSpacing(text: string): string {
  const t = text.trim();
  const tokens = t.split(/\s+/).filter(Boolean);
  if (tokens.length < 3) return t;
  const single = tokens.filter((w) => [...w].length === 1 && /\p{L}/u.test(w)).length;
  if (single / tokens.length < 0.7) return t;
  return t
    .split(/\s{2,}|\s+[|/&·•]\s+/)
    .map((part) => part.replace(/(?<=\p{L})\s(?=\p{L}(?:\s|$))/gu, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** FNV-1a hash of a string into [0, HASH_BUCKETS). */
export function bucket(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (HASH_BUCKETS - 1);
}

/** Hashed words and character trigrams of a short line's normalised text. */
export function textFeatures(text: string): number[] {
  if (text.length > 120) return [bucket('len:long')];
  const key = normKey(text);
  if (!key) return [];
  const words = key.split(' ');
  if (words.length > 8) return [bucket('len:long')];
  const out = new Set<number>();
  for (const w of words) out.add(bucket(`w:${w}`));
  const padded = ` ${key.replace(/ /g, '')} `;
  const chars = [...padded];
  for (let i = 0; i + 3 <= chars.length; i++)
    out.add(bucket(`c:${chars.slice(i, i + 3).join('')}`));
  return [...out].sort((a, b) => a - b);
}

export interface LineFeatures {
  dense: Float64Array;
  sparse: number[];
  /** The line's text with letter-spacing undone. */
  text: string;
}

const isCased = (s: string) => /\p{Lu}|\p{Ll}/u.test(s);

const clip = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Features of every line of a document, in order. */
export function documentFeatures(lines: Line[]): LineFeatures[] {
  const body = bodySize(lines) || 10;
  const texts = lines.map((l) => collapseSpacing(lineText(l)));
  const styleKey = (l: Line, t: string) => {
    const letters = t.replace(/[^\p{L}]/gu, '');
    const caps = letters && isCased(letters) && letters === letters.toUpperCase();
    return `${Math.round(lineSize(l) * 2) / 2}|${lineBold(l)}|${caps}`;
  };
  const styles = lines.map((l, i) => styleKey(l, texts[i] ?? ''));
  const styleCount = new Map<string, number>();
  for (const s of styles) styleCount.set(s, (styleCount.get(s) ?? 0) + 1);
  const n = lines.length;
  return lines.map((l, i) => {
    const text = texts[i] ?? '';
    const raw = lineText(l).trim();
    const prev = lines[i - 1];
    const next = lines[i + 1];
    const size = lineSize(l);
    const letters = text.replace(/[^\p{L}]/gu, '');
    const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
    const cased = letters.replace(/[^\p{Lu}\p{Ll}]/gu, '').length;
    const capsRatio = cased ? upper / cased : 0;
    const words = text.split(/\s+/).filter(Boolean).length;
    const rawTokens = raw.split(/\s+/).filter(Boolean);
    const singles = rawTokens.filter((w) => [...w].length === 1).length;
    const x = lineX(l);
    const x2 = lineX2(l);
    const colW = l.colW > 0 ? l.colW : Math.max(1, x2);
    const indent = clip((x - l.colX) / colW, -0.5, 1);
    const width = clip((x2 - x) / colW, 0, 1.5);
    const left = x - l.colX;
    const right = l.colX + colW - x2;
    const centred = width < 0.8 && Math.abs(left - right) < 0.08 * colW ? 1 : 0;
    // (the vocabulary and the date and phone patterns are costly: asked only where they can match)
    const ruleKind = text.length <= 60 && words <= 6 ? classifyHeading(text) : undefined;
    const digits = raw.replace(/\D/g, '').length;
    const sc = styleCount.get(styles[i] ?? '') ?? 1;
    const d = new Float64Array(DENSE);
    let k = 0;
    d[k++] = 1;
    d[k++] = clip(size / body - 1, -0.5, 2);
    d[k++] = size > body * 1.05 ? 1 : 0;
    d[k++] = size < body * 0.95 ? 1 : 0;
    d[k++] = lineBold(l) ? 1 : 0;
    d[k++] = l.segs.some((s) => s.bold) ? 1 : 0;
    d[k++] = capsRatio;
    d[k++] = cased >= 2 && upper === cased ? 1 : 0;
    d[k++] = rawTokens.length >= 3 && singles / rawTokens.length >= 0.7 ? 1 : 0;
    d[k++] = Math.log1p(words) / 3;
    d[k++] = Math.log1p(text.length) / 5;
    d[k++] = /\d/.test(text) ? 1 : 0;
    d[k++] = digits > 0 && hasDate(raw) ? 1 : 0;
    d[k++] = raw.includes('@') && EMAIL_RE.test(raw) ? 1 : 0;
    d[k++] = raw.includes('.') && URL_RE.test(raw) ? 1 : 0;
    d[k++] = digits >= 7 && findPhone(raw) ? 1 : 0;
    d[k++] = /[:：]$/.test(text) ? 1 : 0;
    d[k++] = /[:：]\s*\S/.test(text) ? 1 : 0;
    d[k++] = /[.!?]$/.test(text) ? 1 : 0;
    d[k++] = /,/.test(text) ? 1 : 0;
    d[k++] = /^\p{Ll}/u.test(text) ? 1 : 0;
    d[k++] = i === 0 ? 1 : clip(l.gap, 0, 4) / 2;
    d[k++] = next ? clip(next.gap, 0, 4) / 2 : 1;
    d[k++] = indent;
    d[k++] = width;
    d[k++] = centred;
    d[k++] = Math.min(l.segs.length, 4) / 4;
    d[k++] = l.bullet ? 1 : 0;
    d[k++] = next?.bullet ? 1 : 0;
    d[k++] = l.styledHeading ? 1 : 0;
    d[k++] = n > 1 ? i / (n - 1) : 0;
    d[k++] = i === 0 ? 1 : 0;
    d[k++] = Math.log1p(sc) / 3;
    d[k++] = sc <= 12 && sc >= 3 ? 1 : 0;
    d[k++] = next ? clip(lineSize(next) / body - 1, -0.5, 2) : 0;
    d[k++] = prev ? clip(lineSize(prev) / body - 1, -0.5, 2) : 0;
    d[k++] = next && lineBold(next) ? 1 : 0;
    d[k++] = ruleKind ? 1 : 0;
    for (const rk of RULE_KINDS) d[k++] = ruleKind === rk ? 1 : 0;
    return { dense: d, sparse: textFeatures(text), text };
  });
}
