/** PDF text extraction through pdfjs-dist: positioned items -> lines in reading order. */
import { AppError } from '@folio/core';
import { findGutter, groupRows, orderByColumns, orderRailHeadings, type Box } from './columns.ts';
import { EMAIL_RE } from './contact.ts';
import { hasDate, isDateOnly } from './dates.ts';
import { classifyHeading } from './headings.ts';
import { collapseSpacing } from './model/features.ts';
import { PDF_LIMITS } from './limits.ts';
import { BULLET_RE, cleanText, wordCount } from './text.ts';
import type { ExtractedDoc, Line, Segment } from './types.ts';

import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;
let pdfjsPromise: Promise<Pdfjs> | undefined;
/** pdfjs is loaded once per process (or worker) and reused. */
export const loadPdfjs = (): Promise<Pdfjs> =>
  (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

export interface PdfOptions {
  /** Directory or URL (with trailing slash) of pdfjs-dist/standard_fonts. */
  standardFontDataUrl?: string;
  /** Directory or URL (with trailing slash) of pdfjs-dist/cmaps (needed for CJK fonts). */
  cMapUrl?: string;
  maxPages?: number;
}

interface Item extends Box {
  text: string;
  bold: boolean;
  icon: boolean;
  url?: string;
}

const BOLD_FONT = /bold|black|heavy|semibold|demi|medium|[-,]b$|\bbd\b/i;
/**
 * Icon fonts (envelope, phone, calendar, map-pin glyphs): their characters are often mapped to
 * arbitrary letters ("z", "*", "[") rather than to the private-use area, so they are dropped as
 * icons by font name. Symbol and Wingdings are not here: they carry list bullets.
 */
const ICON_FONT =
  /awesome|phosphor|simple-?icons|academicons|icomoon|material-?(?:icons|symbols)|ionicons|octicons|glyphicons|remixicon|bootstrap-?icons|tabler-?icons|lucide|feather/i;

interface LinkAnnotation {
  url: string;
  rect: number[];
}

/**
 * The web links of the first `pages` pages, by page index. Asked for by annotation type: a page's
 * display annotations would cost a second text extraction, made to find the text under each link.
 */
async function pageLinks(
  pdfjs: Pdfjs,
  doc: PdfjsModule.PDFDocumentProxy,
  pages: number,
): Promise<Map<number, LinkAnnotation[]>> {
  const skip = new Set<number>();
  for (let i = pages; i < doc.numPages; i++) skip.add(i);
  const found = (await doc.getAnnotationsByType(new Set([pdfjs.AnnotationType.LINK]), skip)) as {
    pageIndex?: number;
    url?: string;
    rect?: number[];
    annotationFlags?: number;
  }[];
  const byPage = new Map<number, LinkAnnotation[]>();
  for (const an of found ?? []) {
    // a link hidden from view (flags Invisible or NoView) is not one the reader sees
    if (!an.url || !an.rect || an.pageIndex === undefined || (an.annotationFlags ?? 0) & 0b100001)
      continue;
    const list = byPage.get(an.pageIndex) ?? [];
    list.push({ url: an.url, rect: an.rect });
    byPage.set(an.pageIndex, list);
  }
  return byPage;
}

interface RawTextItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

function isTextItem(x: unknown): x is RawTextItem {
  return typeof x === 'object' && x !== null && 'str' in x && 'transform' in x;
}

function mapPdfError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const name = (err as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException')
    return new AppError('FILE_ENCRYPTED', undefined, { cause: err });
  return new AppError('FILE_CORRUPT', undefined, { cause: err });
}

export async function extractPdf(bytes: Uint8Array, opts: PdfOptions = {}): Promise<ExtractedDoc> {
  const pdfjs = await loadPdfjs();
  // pdf.js 6 compiles no code from a document (its `isEvalSupported` switch went with the eval
  // path); nothing here renders, runs document scripts or reads XFA forms.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    enableXfa: false,
    disableFontFace: true,
    // pdf.js 6 sends a font's PostScript name (bold and icon fonts are told by it) only with these
    fontExtraProperties: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    ...(opts.cMapUrl ? { cMapUrl: opts.cMapUrl, cMapPacked: true } : {}),
    ...(opts.standardFontDataUrl ? { standardFontDataUrl: opts.standardFontDataUrl } : {}),
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw mapPdfError(err);
  }
  try {
    const lines: Line[] = [];
    /** The column gutter of the page before: a layout usually goes on over the next page. */
    let gutter: number | undefined;
    const links: string[] = [];
    let images = false;
    const pages = Math.min(doc.numPages, opts.maxPages ?? PDF_LIMITS.pages);
    if (pages === 0) throw new AppError('FILE_EMPTY');
    const imageOps = new Set<number>([
      pdfjs.OPS.paintImageXObject,
      pdfjs.OPS.paintInlineImageXObject,
      pdfjs.OPS.paintImageMaskXObject,
    ]);
    const linksByPage = await pageLinks(pdfjs, doc, pages);
    for (let p = 1; p <= pages; p++) {
      const page = await doc.getPage(p);
      const viewport = page.getViewport({ scale: 1 });
      const tc = await page.getTextContent();
      const fontNames = new Set<string>();
      let hasText = false;
      for (const it of tc.items) {
        if (!isTextItem(it)) continue;
        fontNames.add(it.fontName);
        hasText ||= it.str.trim() !== '';
      }
      // The operator list (as costly as the text) is asked for only for what the text lacks: the
      // PostScript names of fonts no earlier page used (bold and icon fonts are told by them), and
      // on a page without text, whether it paints images (a scan, not an empty file).
      const unknownFont = [...fontNames].some((f) => !page.commonObjs.has(f));
      if (unknownFont || (!hasText && !images)) {
        const ops = await page.getOperatorList();
        images ||= ops.fnArray.some((f) => imageOps.has(f));
      }
      const bold = new Map<string, boolean>();
      const iconFont = new Set<string>();
      if (fontNames.size > 0) {
        for (const f of fontNames) {
          let name = '';
          try {
            const obj = page.commonObjs.get(f) as { name?: string } | null;
            name = obj?.name ?? '';
          } catch {
            name = '';
          }
          const base = name.replace(/^[A-Z]{6}\+/, '');
          if (ICON_FONT.test(base)) iconFont.add(f);
          else bold.set(f, BOLD_FONT.test(base));
        }
      }
      const items: Item[] = [];
      for (const it of tc.items.slice(0, PDF_LIMITS.itemsPerPage)) {
        if (!isTextItem(it) || !it.str) continue;
        const m = pdfjs.Util.transform(viewport.transform, it.transform) as number[];
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
        if (Math.abs(b) > 0.1 * Math.abs(a) || a <= 0) continue; // rotated or mirrored text
        const size = Math.hypot(c, d) || Math.abs(a);
        if (size < 2) continue;
        // A glyph with no Unicode mapping between letters is almost always the "fi" ligature.
        // eslint-disable-next-line no-control-regex
        const unmapped = /^\u0000+$/.test(it.str);
        const inIconFont = iconFont.has(it.fontName);
        const text = unmapped ? '\u0000' : inIconFont ? '' : cleanText(it.str);
        const icon = (!unmapped && text.trim() === '' && it.str.trim() !== '') || inIconFont;
        const x2 = e + it.width * (viewport.scale || 1);
        const isBold = bold.get(it.fontName) ?? false;
        // runs of spaces inside one item separate fields ("City, ST  555-0100  me@x.org")
        const parts = text.split(/(?<=\S)\s{2,}(?=\S)/);
        if (parts.length > 1 && !icon) {
          const perChar = (x2 - e) / Math.max(1, text.length);
          let at = 0;
          for (const part of parts) {
            const start = text.indexOf(part, at);
            at = start + part.length;
            items.push({
              text: part,
              x: e + start * perChar,
              x2: e + at * perChar,
              y: f,
              size,
              bold: isBold,
              icon: false,
            });
            items.push({
              text: '',
              x: e + at * perChar,
              x2: e + at * perChar,
              y: f,
              size,
              bold: isBold,
              icon: true,
            });
          }
          continue;
        }
        // a glyph run drawn again a hair to the right is poor man's bold (overprinting): one run, bold
        const last = items[items.length - 1];
        if (
          last &&
          !icon &&
          text.trim() &&
          last.text === text &&
          Math.abs(last.y - f) < 0.05 * size &&
          e > last.x &&
          e - last.x < 0.1 * size
        ) {
          last.bold = true;
          continue;
        }
        items.push({ text, x: e, x2, y: f, size, bold: isBold, icon });
      }
      for (const an of linksByPage.get(p - 1) ?? []) {
        links.push(an.url);
        const [rx1 = 0, ry1 = 0, rx2 = 0, ry2 = 0] = an.rect;
        const [x1 = 0, y1 = 0] = viewport.convertToViewportPoint(rx1, ry1) as number[];
        const [x2 = 0, y2 = 0] = viewport.convertToViewportPoint(rx2, ry2) as number[];
        const [l, r, t, btm] = [
          Math.min(x1, x2),
          Math.max(x1, x2),
          Math.min(y1, y2),
          Math.max(y1, y2),
        ];
        for (const item of items) {
          const cx = (item.x + item.x2) / 2;
          const cy = item.y - item.size * 0.3;
          if (cx >= l - 1 && cx <= r + 1 && cy >= t - 2 && cy <= btm + 2) item.url = an.url;
        }
      }
      page.cleanup();
      const laid = layoutPage(items, viewport.width, p, gutter);
      gutter = laid.gutter;
      lines.push(...laid.lines);
    }
    const kept = dropPageFurniture(lines);
    const keptSet = new Set(kept);
    const furniture = lines.filter((l) => !keptSet.has(l));
    return { kind: 'pdf', lines: kept, furniture, links, images };
  } catch (err) {
    throw mapPdfError(err);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Items whose baselines differ by less than this many ems are set on one baseline. */
const BASELINE_EM = 0.1;

/** Build segments of one row: items close together join, wide gaps and icons separate. */
function rowSegments(items: Item[]): Segment[] {
  const segs: Segment[] = [];
  let cur: Segment | undefined;
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
    } else {
      const needSpace = gap > 0.15 * it.size && !cur.text.endsWith(' ') && !text.startsWith(' ');
      cur.text += (needSpace ? ' ' : '') + text;
      cur.x2 = Math.max(cur.x2, it.x2);
      cur.bold = cur.bold && it.bold;
      cur.size = Math.max(cur.size, it.size);
      if (it.url && !cur.url) cur.url = it.url;
    }
    breakNext = false;
  }
  for (const s of segs) {
    s.text = s.text
      /* eslint-disable no-control-regex */
      .replace(/(?<=\p{L})\u0000+(?=\p{L})/gu, 'fi')
      .replace(/\u0000/g, '')
      /* eslint-enable no-control-regex */
      .replace(SPACING_ACCENT, (_, accent: string, letter: string) =>
        `${letter}${COMBINING[accent] ?? ''}`.normalize('NFC'),
      )
      .replace(/\s+/g, ' ')
      .trim();
  }
  return segs.filter((s) => s.text);
}

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

function layoutPage(
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

const PAGE_NUMBER =
  /(?:^|\s)(?:page|seite|página|pagina|pag\.|p\.)?\s*\d{1,3}\s*(?:\/|of|von|de|sur|di|van)\s*\d{1,3}$|^[-–—]?\s*\d{1,3}\s*[-–—]?$/i;

/** "Jane Doe | 2": a running header that names the writer and the page after a separator. */
const NAMED_PAGE = /^[^|·•]{2,40}\s[|·•]\s*\d{1,3}$/u;
/** "Updated: October 18, 2018", "Stand: März 2024": when the document was last revised. */
const REVISED =
  /^(?:(?:last\s+)?(?:updated|revised)(?:\s+on)?|stand|zuletzt aktualisiert|mis à jour(?:\s+le)?|actualizado(?:\s+el)?|atualizado(?:\s+em)?|aggiornato(?:\s+al)?|bijgewerkt(?:\s+op)?)\s*:?\s+\S/iu;

/** "CV · Jane Doe", "Resume – Jane Doe": a running footer that titles the document before a separator. */
const TITLED_FOOT =
  /^(?:cv|r[ée]sum[ée]|curriculum\s+vitae|lebenslauf|currículo|curriculum)\s*[|·•–—-]\s*\p{L}/iu;

/** How many line heights of space set a foot line apart from the text above it. */
const FOOT_GAP = 2;

/** How long a line saying when the document was revised runs at most, in words. */
const REVISED_WORDS = 6;

const lineKey = (l: Line): string =>
  l.segs
    .map((s) => s.text)
    .join(' ')
    .replace(/[\d\s]+/g, ' ')
    .trim()
    .toLowerCase();

/** Drop page numbers and running footers/headers ("Page 1 of 3", "John Doe – 1/3"). */
export function dropPageFurniture(lines: Line[]): Line[] {
  const drop = new Set<Line>();
  /** Foot lines that keep their contact details without the page number after them. */
  const numbered = new Map<Line, Line>();
  const pages = new Map<number, Line[]>();
  for (const l of lines) pages.set(l.page, [...(pages.get(l.page) ?? []), l]);
  /** Top and bottom lines by their text without digits: running headers and footers repeat. */
  const feet = new Map<string, Line[]>();
  for (const ls of pages.values()) {
    const byY = [...ls].sort((a, b) => a.y - b.y);
    for (const l of [byY[0], byY[byY.length - 1]]) {
      if (!l) continue;
      const t = l.segs
        .map((s) => s.text)
        .join(' ')
        .trim();
      // a footer line whose last cell is the page number ("© … | europa.eu   Page 2 / 2")
      const last = l.segs.length > 1 ? (l.segs[l.segs.length - 1]?.text.trim() ?? '') : '';
      if (
        (PAGE_NUMBER.test(t) && t.length < 60) ||
        (/\p{L}/u.test(last) && PAGE_NUMBER.test(last))
      ) {
        // "jdoe@example.org • www.example.org   1/2": the page number goes, the details stay
        const lastSeg = l.segs[l.segs.length - 1];
        const rest = l.segs.slice(0, -1);
        if (
          lastSeg &&
          PAGE_NUMBER.test(lastSeg.text.trim()) &&
          rest.some((x) => EMAIL_RE.test(x.text))
        )
          numbered.set(l, { ...l, segs: rest });
        else drop.add(l);
      }
      // (on the first page "Name | 2" could be a line of content)
      if (l.page !== lines[0]?.page && NAMED_PAGE.test(t)) drop.add(l);
      if (REVISED.test(t) && hasDate(t) && wordCount(t) <= REVISED_WORDS) drop.add(l);
      // a foot line set apart that titles the document and names its writer is furniture even
      // on a single page (a heading would sit above its text, not below it)
      if (l === byY[byY.length - 1] && byY.length > 1 && l.gap >= FOOT_GAP && TITLED_FOOT.test(t))
        drop.add(l);
    }
    // a running header or footer: the same top or bottom line on several pages
    for (const edge of [byY[0], byY[byY.length - 1]]) {
      if (!edge || byY.length < 2) continue;
      // a header or footer repeats as it is; a footer set apart from the text above it may
      // change its page number (content at the foot of a page is neither)
      const exact = edge.segs
        .map((x) => x.text)
        .join(' ')
        .trim()
        .toLowerCase();
      const key =
        edge === byY[0]
          ? `top:${exact}`
          : edge.gap >= 2
            ? `foot:${lineKey(edge)}`
            : `foot=${exact}`;
      if (key.length >= 12) feet.set(key, [...(feet.get(key) ?? []), edge]);
    }
  }
  // (the first page's stays: some classes print the contact details there; but "Name · 1" over
  // "Name · 2" numbers the pages from the first one on)
  const named = (l: Line) =>
    NAMED_PAGE.test(
      l.segs
        .map((x) => x.text)
        .join(' ')
        .trim(),
    );
  for (const ls of feet.values())
    if (ls.length >= 2) for (const l of ls.slice(ls.every(named) ? 0 : 1)) drop.add(l);
  return lines.filter((l) => !drop.has(l)).map((l) => numbered.get(l) ?? l);
}
