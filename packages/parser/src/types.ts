/** A run of text on one line, separated from its neighbours by a wide gap (or a tab / table cell). */
export interface Segment {
  text: string;
  x: number;
  x2: number;
  size: number;
  bold: boolean;
  /** Link target attached to this text in the document (PDF link annotation, DOCX hyperlink). */
  url?: string;
  /**
   * The segment's runs of one weight and slant, in order, where it has more than one
   * ("**Acme Corp**, Austin, TX": "Acme Corp", ", Austin, TX"). Entry heads split at them.
   */
  runs?: string[];
  /** PDF: the baseline of the segment's first piece (the line's `y` is its row's). */
  y?: number;
}

/** One visual line of the document in reading order. */
export interface Line {
  segs: Segment[];
  page: number;
  /** Top of the line, in points from the top of the page (or a running index for Word files). */
  y: number;
  /** Vertical distance from the previous line of the same column, in units of body line height. */
  gap: number;
  /** The line starts with a bullet glyph or is a Word list item. */
  bullet: boolean;
  /** A Word heading style marks this paragraph as a heading. */
  styledHeading?: boolean;
  /** Left edge of the column this line belongs to and its width. */
  colX: number;
  colW: number;
}

export type FileKind = 'pdf' | 'docx' | 'doc';

export interface ExtractedDoc {
  kind: FileKind;
  lines: Line[];
  /**
   * PDF: the lines taken out as page furniture (running headers and footers, page numbers), kept
   * for readers that recognise a layout by them (linkedin/layout.ts).
   */
  furniture?: Line[];
  /** Every link target found in the document (annotations, hyperlinks). */
  links: string[];
  /** The document paints images (used to tell a scan from an empty file). */
  images?: boolean;
}

export const lineText = (l: Line): string => l.segs.map((s) => s.text).join(' ');
export const lineSize = (l: Line): number => Math.max(...l.segs.map((s) => s.size));
export const lineBold = (l: Line): boolean => l.segs.every((s) => s.bold);
export const lineX = (l: Line): number => l.segs[0]?.x ?? 0;
export const lineX2 = (l: Line): number => l.segs[l.segs.length - 1]?.x2 ?? 0;

/** Body text size: the size carrying the most characters. */
export function bodySize(lines: Line[]): number {
  const bySize = new Map<number, number>();
  for (const l of lines)
    for (const s of l.segs) {
      const k = Math.round(s.size * 2) / 2;
      bySize.set(k, (bySize.get(k) ?? 0) + s.text.length);
    }
  let best = 10;
  let bestN = -1;
  for (const [k, n] of bySize)
    if (n > bestN) {
      best = k;
      bestN = n;
    }
  return best;
}
