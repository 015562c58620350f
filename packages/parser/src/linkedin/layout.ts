/**
 * Recognising LinkedIn's "Save to PDF" profile export by its layout, never by a file name or its
 * words: a narrow sidebar on the left of page 1 beside a main column, the name set in the
 * document's largest type at the top of the main column, the main column's section headings
 * larger than the sidebar's and those larger than the sidebar's items, and a footer on every page
 * that numbers it ("Page 2 of 3", whatever the words: the page's number and the page count).
 * The document's metadata is not asked for: the layout is enough.
 */
import { lineText, type ExtractedDoc, type Line, type Segment } from '../types.ts';

/** One line of one column, rebuilt from the segments of the extracted lines. */
export interface ColumnLine {
  text: string;
  /** The largest type on the line. */
  size: number;
  page: number;
  /** Baseline, in points from the top of the page. */
  y: number;
  x: number;
  /** Right end of the line's text. */
  x2: number;
  /** The line starts with a bullet glyph (taken off its text). */
  bullet: boolean;
  /** The link target of the line's text, if any. */
  url?: string;
}

export interface LinkedInLayout {
  sidebar: ColumnLine[];
  main: ColumnLine[];
  /** The main column's left edge. */
  mainX: number;
  links: string[];
}

/** "Page 2 of 3", "Seite 2 von 3", "Strona 2 z 3", "2 / 3 페이지": two numbers and a few words. */
const PAGE_OF = /^[^\d]{0,20}?(\d{1,3})[^\d]{1,12}?(\d{1,3})[^\d]{0,20}$/u;
/** A sidebar's text ends this far (points) left of the main column at least. */
const GUTTER = 10;
/** The name is this many times the main column's section headings at least. */
const NAME_OVER_HEADING = 1.3;
/** Sizes closer than this (points) are one size. */
const SAME_SIZE = 0.3;

const segY = (s: Segment, l: Line) => s.y ?? l.y;

/** Each page's footer line, when every page ends with one numbering it ("Page N of M"). */
function pageFooters(lines: Line[]): Set<Line> | undefined {
  const byPage = new Map<number, Line[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const feet = new Set<Line>();
  let total: number | undefined;
  for (const [page, ls] of byPage) {
    const low = ls.reduce((a, b) => (b.y > a.y ? b : a));
    const m = PAGE_OF.exec(lineText(low).trim());
    if (!m || Number(m[1]) !== page) return undefined;
    const of = Number(m[2]);
    if (total !== undefined && of !== total) return undefined;
    total = of;
    // the footer is set smaller than the text above it
    if (ls.some((l) => l !== low && Math.max(...l.segs.map((s) => s.size)) < lineSize(low)))
      return undefined;
    feet.add(low);
  }
  // (a document cut short by the page limit is read as a resume of its own kind)
  return total === byPage.size ? feet : undefined;
}

const lineSize = (l: Line) => Math.max(...l.segs.map((s) => s.size));

function columnLine(segs: Segment[], l: Line, bullet: boolean): ColumnLine {
  const first = segs[0]!;
  const url = segs.find((s) => s.url)?.url;
  return {
    text: segs
      .map((s) => s.text)
      .join(' ')
      .trim(),
    size: Math.max(...segs.map((s) => s.size)),
    page: l.page,
    y: segY(first, l),
    x: first.x,
    x2: Math.max(...segs.map((s) => s.x2)),
    bullet,
    ...(url ? { url } : {}),
  };
}

/** The lines the name takes at the top of the main column (a long name wraps). */
export function nameLines(main: ColumnLine[]): number {
  const top = main[0];
  let n = top ? 1 : 0;
  while (
    top &&
    main[n] &&
    main[n]!.page === top.page &&
    Math.abs(main[n]!.size - top.size) < SAME_SIZE
  )
    n++;
  return n;
}

const byPosition = (a: ColumnLine, b: ColumnLine) => a.page - b.page || a.y - b.y || a.x - b.x;

/**
 * The document read as a LinkedIn export (its two columns apart, footers taken off), or undefined
 * when its layout is not one.
 */
export function linkedInLayout(doc: ExtractedDoc): LinkedInLayout | undefined {
  if (doc.kind !== 'pdf') return undefined;
  const all = [...doc.lines, ...(doc.furniture ?? [])];
  const feet = pageFooters(all);
  if (!feet) return undefined;
  const lines = all.filter((l) => !feet.has(l) && l.segs.length);
  const first = lines.filter((l) => l.page === 1);
  // the name: the largest type of page 1
  let name: { seg: Segment; line: Line } | undefined;
  for (const l of first)
    for (const s of l.segs) if (!name || s.size > name.seg.size) name = { seg: s, line: l };
  if (!name) return undefined;
  const mainX = name.seg.x;
  const nameY = segY(name.seg, name.line);
  const isSide = (s: Segment) => s.x2 <= mainX - GUTTER;
  const sidebar: ColumnLine[] = [];
  const main: ColumnLine[] = [];
  for (const l of lines) {
    const side = l.segs.filter(isSide);
    const rest = l.segs.filter((s) => !isSide(s));
    // a segment across the gutter: no two columns here
    if (rest.some((s) => s.x < mainX - GUTTER)) return undefined;
    if (side.length) sidebar.push(columnLine(side, l, l.bullet));
    if (rest.length) main.push(columnLine(rest, l, l.bullet && !side.length));
  }
  sidebar.sort(byPosition);
  main.sort(byPosition);
  // the name opens the main column
  const top = main[0];
  if (!top || top.page !== 1 || Math.abs(top.y - nameY) > 1 || top.x !== mainX) return undefined;
  // the sidebar starts at the top of page 1 with a heading larger than its items
  const side1 = sidebar.filter((l) => l.page === 1);
  if (side1.length < 3 || (side1[0]?.y ?? Infinity) > nameY + top.size) return undefined;
  const sideHeading = side1[0]!.size;
  const sideItems = side1.filter((l) => l.size < sideHeading - SAME_SIZE);
  if (sideItems.length < 2 || side1.some((l) => l.size > sideHeading + SAME_SIZE)) return undefined;
  // main headings: the main column's largest type after the name, between it and the sidebar's
  const rest = main.slice(nameLines(main));
  const heading = Math.max(...rest.map((l) => l.size));
  if (!Number.isFinite(heading) || top.size < NAME_OVER_HEADING * heading) return undefined;
  if (heading <= sideHeading + SAME_SIZE) return undefined;
  const sideItem = Math.max(...sideItems.map((l) => l.size));
  if (sideItem >= sideHeading - SAME_SIZE) return undefined;
  // the main column's text is no smaller than the sidebar's items
  if (rest.filter((l) => l.size < sideItem - 1).length > rest.length / 4) return undefined;
  return { sidebar, main, mainX, links: doc.links };
}
