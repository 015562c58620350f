/**
 * What the parser knows of one language's words: the headings that open each kind of section,
 * and the words that join two section names in one heading. One file per language holds them
 * (`en.ts`, `de.ts`, …); nothing else in the parser lists heading words.
 *
 * Words are written as `normKey` leaves them: lower case, accents dropped, punctuation and
 * apostrophes as spaces ("centres d interet", "uber mich").
 */
import type { SectionKind } from '../headings.ts';

export interface Language {
  /** ISO 639-1 code. */
  code: string;
  /** Heading words per section kind, matched whole or as whole words inside a short heading. */
  headings: Partial<Record<SectionKind, readonly string[]>>;
  /**
   * Languages that join a heading into one word ("Praxiserfahrung", "Werkervaring"): endings
   * that name the kind of the whole word.
   */
  compoundTails?: Partial<Record<SectionKind, readonly string[]>>;
  /** Words joining two section names in one heading ("Skills and Awards", "Aus- und Weiterbildung"). */
  and: readonly string[];
  /**
   * Scripts that write no spaces between words (Chinese): patterns over a short heading, the first
   * that matches names the kind.
   */
  patterns?: readonly (readonly [SectionKind, RegExp])[];
}
