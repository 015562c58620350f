/**
 * Checks that a generated document prints its gold: every gold string must be found in the
 * document's extracted text. Matching ignores case, accents, punctuation and all white space (so
 * letter-spaced names, small caps, upper-case transforms and wrapped lines still match), as the
 * scorer does.
 */
import type { ResumeData } from '@folio/core';

export const squash = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, '');

/** Every string value of a gold file (the values a parser has to find in the document). */
export function goldStrings(g: ResumeData): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(g);
  return out;
}

const words = (s: string): string[] =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean);

/**
 * The gold strings not found in the text: neither as a whole (white space ignored) nor word by
 * word (a string whose lines a text extractor interleaved with a column beside it still has all
 * its words in the text).
 */
export function missingFromText(text: string, g: ResumeData): string[] {
  const hay = squash(text);
  const bag = new Set(words(text));
  return goldStrings(g).filter((s) => {
    if (!squash(s) || hay.includes(squash(s))) return false;
    const w = words(s);
    return !(w.length > 1 && w.every((x) => bag.has(x) || hay.includes(x)));
  });
}
