/**
 * Layout analysis: the stage between a page's positioned text and the lines the rest of the parser
 * reads. From the text items of one page (position, size, weight) it finds rows, a rail of
 * section headings beside their text, or independent columns (a sidebar on either side), and
 * gives the page's lines in reading order, each with the column it belongs to; `readingBlocks`
 * groups a document's lines into blocks (runs of lines of one column set apart by whitespace).
 * It judges by geometry: where text starts and ends, what lines up, the space between rows, what
 * repeats on every page (`dropPageFurniture` in extract-pdf.ts); words enter only as hints the
 * caller passes (what a heading or a date looks like).
 */
import { findGutter, groupRows, orderByColumns, orderRailHeadings, type Box } from './columns.ts';
import { isDateOnly } from './dates.ts';
import { classifyHeading } from './headings.ts';
import { collapseSpacing } from './model/features.ts';
import { BULLET_RE } from './text.ts';
import type { Line, Segment } from './types.ts';

/** One piece of positioned text on a page, as the PDF reader found it. */
export interface Item extends Box {
  text: string;
  bold: boolean;
  italic?: boolean;
  icon: boolean;
  url?: string;
}

/** Items whose baselines differ by less than this many ems are set on one baseline. */
const BASELINE_EM = 0.1;

/** Build segments of one row: items close together join, wide gaps and icons separate. */
function rowSegments(items: Item[]): Segment[] {
  const segs: Segment[] = [];
  let cur: Segment | undefined;
  // the runs of one weight and slant in the current segment ("**Acme Corp**, Austin, TX")
  const runs = new Map<Segment, { text: string; style: string }[]>();
  const styleOf = (it: Item) => `${it.bold ? 'b' : ''}${it.italic ? 'i' : ''}`;
  let breakNext = false;
  let spaceEnd: number | undefined;
  const breakEm = 0.6;
  for (const it of items) {
    if (it.icon) {
      breakNext = true;
      continue;
    }
    const text = it.text;
    if (!text.trim()) {
      // An explicit space item joins its neighbours unless it is as wide as a tab.
      if (cur && it.x - cur.x2 < 0.6 * it.size && it.x2 - it.x < 1.2 * it.size) spaceEnd = it.x2;
      else breakNext = true;
      continue;
    }
    const spaced = spaceEnd !== undefined && it.x <= spaceEnd + 0.3 * it.size;
    spaceEnd = undefined;
    // (a space a little wider than an em's three quarters sets a rail label apart from its text,
    // "2019 – 2021   Degree": the space a justified line stretches stays narrower)
    const wide = spaced && cur && it.x - cur.x2 > 0.75 * it.size;
    const gap = cur ? (spaced && !wide ? 0.3 * it.size : it.x - cur.x2) : 0;
    if (
      !cur ||
      breakNext ||
      gap > breakEm * Math.max(it.size, cur.size) ||
      ((it.url ?? '') !== (cur.url ?? '') && gap > 0.5 * it.size)
    ) {
      cur = {
        text: text.trimStart(),
        x: it.x,
        x2: it.x2,
        size: it.size,
        bold: it.bold,
        y: it.y,
        ...(it.url ? { url: it.url } : {}),
      };
      segs.push(cur);
      runs.set(cur, [{ text: cur.text, style: styleOf(it) }]);
    } else {
      const needSpace = gap > 0.15 * it.size && !cur.text.endsWith(' ') && !text.startsWith(' ');
      cur.text += (needSpace ? ' ' : '') + text;
      const own = runs.get(cur) ?? [];
      const last = own[own.length - 1];
      if (last && last.style === styleOf(it)) last.text += (needSpace ? ' ' : '') + text;
      else own.push({ text: (needSpace ? ' ' : '') + text, style: styleOf(it) });
      cur.x2 = Math.max(cur.x2, it.x2);
      cur.bold = cur.bold && it.bold;
      cur.size = Math.max(cur.size, it.size);
      if (it.url && !cur.url) cur.url = it.url;
    }
    breakNext = false;
  }
  for (const s of segs) {
    s.text = segmentText(s.text);
    const own = fieldRuns((runs.get(s) ?? []).map((r) => r.text));
    if (own.length > 1) s.runs = own;
  }
  return segs.filter((s) => s.text);
}

/**
 * Runs of one weight that set fields apart: a change of weight at punctuation ("**Acme Corp**,
 * Austin", "*Role* – Employer") divides, one inside a phrase ("**Bachelor** in Physics") does not.
 */
export function fieldRuns(texts: string[]): string[] {
  const out: string[] = [];
  for (const t of texts) {
    const prev = out[out.length - 1];
    if (prev !== undefined && !/[,;:|·•–—(-]\s*$/u.test(prev) && !/^\s*[,;|·•–—()-]/u.test(t))
      out[out.length - 1] = prev + t;
    else out.push(t);
  }
  return out.map(segmentText).filter(Boolean);
}

/** A segment's text as read: ligatures and spacing accents mended, spaces collapsed. */
const segmentText = (text: string): string =>
  text
    /* eslint-disable no-control-regex */
    .replace(/(?<=\p{L})\u0000+(?=\p{L})/gu, 'fi')
    .replace(/\u0000/g, '')
    /* eslint-enable no-control-regex */
    .replace(SPACING_ACCENT, (_, accent: string, letter: string) =>
      `${letter}${COMBINING[accent] ?? ''}`.normalize('NFC'),
    )
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Old TeX fonts draw an accent as its own glyph before the letter ("Universit¨at"): the spacing
 * accent and the letter after it are one accented letter.
 */
const SPACING_ACCENT = /([¨´ˆ˜])(\p{L})/gu;
const COMBINING: Record<string, string> = {
  '¨': '\u0308',
  '´': '\u0301',
  ˆ: '\u0302',
  '˜': '\u0303',
};

/**
 * A space item reaches no further than the next text on its baseline: glue stretched under a date
 * set flush right (past the date's start) would else carry the row across a column gutter and
 * join the sidebar's line beside it to the main column's. A space between a date and its entry
 * still spans the gap it fills.
 */
export function clipSpaces<T extends Box & { text: string }>(items: T[]): T[] {
  /** Text items by rounded baseline, to find a space's neighbours on its baseline quickly. */
  const byY = new Map<number, T[]>();
  for (const o of items) {
    if (!o.text.trim()) continue;
    const k = Math.round(o.y);
    const row = byY.get(k);
    if (row) row.push(o);
    else byY.set(k, [o]);
  }
  return items.map((it) => {
    if (it.text.trim()) return it;
    let end = it.x2;
    const k = Math.round(it.y);
    for (const o of [...(byY.get(k - 1) ?? []), ...(byY.get(k) ?? []), ...(byY.get(k + 1) ?? [])])
      if (o.x > it.x && o.x < end && Math.abs(o.y - it.y) < BASELINE_EM * it.size) end = o.x;
    return end < it.x2 ? { ...it, x2: end } : it;
  });
}

/** The size most letters of these items are set in (half of them at most this size). */
function letterBody(items: Item[]): number {
  const sized = items
    .map((i) => ({ size: i.size, n: i.text.length }))
    .sort((a, b) => a.size - b.size);
  const total = sized.reduce((n, s) => n + s.n, 0);
  let seen = 0;
  for (const s of sized) {
    seen += s.n;
    if (seen >= total / 2) return s.size;
  }
  return 10;
}

/**
 * A section heading in bold capitals, three words at most ("EXPERIENCE", "HABILIDADES TÉCNICAS").
 * A heading set letter-spaced ("E D U C A T I O N") is read as its words run together.
 */
export function capsHeading(i: { text: string; bold?: boolean }): boolean {
  const words = collapseSpacing(i.text);
  return (
    !!i.bold &&
    words.split(/\s+/).length <= 3 &&
    /\p{Lu}{3}/u.test(words) &&
    i.text === i.text.toUpperCase()
  );
}

export function layoutPage(
  items: Item[],
  pageWidth: number,
  page: number,
  prevGutter: number | undefined,
): { lines: Line[]; gutter: number | undefined } {
  const textItems = items.filter((i) => !i.icon && i.text.trim());
  if (!textItems.length) return { lines: [], gutter: prevGutter };
  const rows = groupRows(clipSpaces(items));
  const analysisRows = groupRows(textItems);
  // a heading: three words at most in bold capitals ("EXPERIENCE", "HABILIDADES TÉCNICAS"); a
  // title: a heading, or three words at most set larger than the body text ("Berufspraxis"), or
  // in bold and a little larger ("Praxiserfahrung")
  const sizes = analysisRows.flatMap((r) => r.items.map((i) => i.size)).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 10;
  const short = (i: Item) => collapseSpacing(i.text).split(/\s+/).length <= 3;
  const heading = capsHeading;
  const title = (i: Item) =>
    heading(i) || (short(i) && (i.size >= body * 1.15 || (i.bold && i.size >= body * 1.05)));
  // section headings in a rail beside their text are read before it, row by row (the body size
  // is the one most of the page's letters are set in: on a page with a few lines left, the rail's
  // heading pieces may outnumber them)
  const textBody = letterBody(textItems);
  const railRows = orderRailHeadings(rows, textBody, {
    title: (i) =>
      heading(i) ||
      (short(i) && (i.size >= textBody * 1.15 || (i.bold && i.size >= textBody * 1.05))),
    known: (t) => classifyHeading(t) !== undefined,
    join: (pieces, text) => ({ ...pieces[0]!, text, x2: Math.max(...pieces.map((p) => p.x2)) }),
  });
  const gutter = railRows
    ? undefined
    : findGutter(analysisRows, pageWidth, {
        heading,
        title,
        // a date, or a field label ("Address:", "Date of birth:"), as a rail beside its values holds
        railItem: (row) => {
          const text = row
            .map((i) => i.text)
            .join(' ')
            .trim();
          return isDateOnly(text) || (/[:：]$/.test(text) && text.split(/\s+/).length <= 4);
        },
      });
  const left = Math.min(...textItems.map((i) => i.x));
  const right = Math.max(...textItems.map((i) => i.x2));
  const out: Line[] = [];
  const continued =
    gutter !== undefined && prevGutter !== undefined && Math.abs(gutter - prevGutter) < 8;
  for (const band of orderByColumns(railRows ?? rows, gutter, left, right, continued)) {
    let prevY: number | undefined;
    for (const row of band.rows) {
      const segs = rowSegments(row.items);
      if (!segs.length) continue;
      let bullet = false;
      const first = segs[0];
      if (first && /^[•·▪▫◦●○■□◆◇▸▹►▻‣⁃➢➤➔→✓✔✦✧❖⦁∙⋅*–-]$/u.test(first.text) && segs.length > 1) {
        segs.shift();
        bullet = true;
      } else if (first && BULLET_RE.test(first.text) && !/^[-–—]\s*\d/.test(first.text)) {
        const m = BULLET_RE.exec(first.text);
        const rest = first.text.slice(m?.[0].length ?? 0);
        if (rest && !/^o\s/.test(first.text)) {
          first.text = rest;
          bullet = true;
        }
      }
      const gap = prevY === undefined ? 10 : (row.y - prevY) / Math.max(row.size, 1);
      prevY = row.y;
      out.push({ segs, page, y: row.y, gap, bullet, colX: band.colX, colW: band.colW });
    }
  }
  return { lines: out, gutter };
}

/** A block of the page: lines of one column read one after the other with no wide space between. */
export interface LayoutBlock {
  page: number;
  colX: number;
  colW: number;
  lines: Line[];
}

/** More space than this many line heights above a line opens a new block. */
const BLOCK_GAP = 1.8;

/**
 * A document's lines (in reading order, as the layout stage gives them) grouped into blocks: a
 * block ends where the page or the column changes, or where a wider space than a line's opens.
 */
export function readingBlocks(lines: Line[]): LayoutBlock[] {
  const out: LayoutBlock[] = [];
  let cur: LayoutBlock | undefined;
  for (const l of lines) {
    if (
      !cur ||
      l.page !== cur.page ||
      Math.abs(l.colX - cur.colX) > 1 ||
      Math.abs(l.colW - cur.colW) > 1 ||
      l.gap > BLOCK_GAP
    ) {
      cur = { page: l.page, colX: l.colX, colW: l.colW, lines: [] };
      out.push(cur);
    }
    cur.lines.push(l);
  }
  return out;
}
