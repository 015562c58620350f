/**
 * PDF text extraction through pdfjs-dist: positioned items, handed page by page to the layout stage
 * (layout.ts) for lines in reading order; running headers and footers are dropped here.
 */
import { AppError } from '@folio/core';
import { EMAIL_RE } from './contact.ts';
import { hasDate } from './dates.ts';
import { layoutPage, type Item } from './layout.ts';
import { PDF_LIMITS } from './limits.ts';
import { cleanText, wordCount } from './text.ts';
import type { ExtractedDoc, Line } from './types.ts';

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

/**
 * Bold fonts by PostScript name; TeX's fonts say it in Karl Berry's scheme ("CMBX12", "SFBX1095",
 * "CMSSBX10": bx and b are bold, sx bold sans).
 */
const BOLD_FONT =
  /bold|black|heavy|semibold|demi|medium|[-,]b$|\bbd\b|^(?:cm|ec|sf|tc)(?:ss|tt)?(?:bx|b\d|sx)/i;
/** Italic and slanted fonts by PostScript name ("Arial-ItalicMT", "CMTI10", "CMSSI10", "SFSL1095"). */
const ITALIC_FONT = /italic|oblique|slant|[-,]it$|^(?:cm|ec|sf)(?:ss|bx)?(?:ti|sl|si|sxi|i)\d/i;
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

interface FontKinds {
  bold: Map<string, boolean>;
  italic: Set<string>;
  iconFont: Set<string>;
}

/** Which of a page's fonts are bold or italic and which draw icons, told by their PostScript names. */
function fontKinds(page: PdfjsModule.PDFPageProxy, fontNames: Set<string>): FontKinds {
  const bold = new Map<string, boolean>();
  const italic = new Set<string>();
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
      if (ITALIC_FONT.test(base)) italic.add(f);
    }
  }
  return { bold, italic, iconFont };
}

/**
 * A page's text items, positioned on the page: rotated, mirrored and tiny text left out, runs of
 * spaces inside an item split into fields, an overprinted run made one bold run.
 */
function pageItems(
  pdfjs: Pdfjs,
  viewport: PdfjsModule.PageViewport,
  raw: unknown[],
  { bold, italic, iconFont }: FontKinds,
): Item[] {
  const items: Item[] = [];
  for (const it of raw.slice(0, PDF_LIMITS.itemsPerPage)) {
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
    const slant = italic.has(it.fontName) ? { italic: true } : {};
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
          ...slant,
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
    items.push({ text, x: e, x2, y: f, size, bold: isBold, ...slant, icon });
  }
  return items;
}

/** The items under a page's links carry the link's address. */
function linkItems(
  viewport: PdfjsModule.PageViewport,
  annotations: LinkAnnotation[],
  items: Item[],
): void {
  for (const an of annotations) {
    const [rx1 = 0, ry1 = 0, rx2 = 0, ry2 = 0] = an.rect;
    const [x1 = 0, y1 = 0] = viewport.convertToViewportPoint(rx1, ry1) as number[];
    const [x2 = 0, y2 = 0] = viewport.convertToViewportPoint(rx2, ry2) as number[];
    const [l, r, t, btm] = [Math.min(x1, x2), Math.max(x1, x2), Math.min(y1, y2), Math.max(y1, y2)];
    for (const item of items) {
      const cx = (item.x + item.x2) / 2;
      const cy = item.y - item.size * 0.3;
      if (cx >= l - 1 && cx <= r + 1 && cy >= t - 2 && cy <= btm + 2) item.url = an.url;
    }
  }
}

/** What reading one page gives: its lines, its column gutter, whether images were painted so far. */
interface ReadPage {
  lines: Line[];
  gutter: number | undefined;
  images: boolean;
}

/**
 * Page p in lines (layout.ts), with the gutter of the page before and whether an earlier page
 * painted images.
 */
async function readPage(
  pdfjs: Pdfjs,
  doc: PdfjsModule.PDFDocumentProxy,
  p: number,
  annotations: LinkAnnotation[],
  before: { gutter: number | undefined; images: boolean },
): Promise<ReadPage> {
  let images = before.images;
  const imageOps = new Set<number>([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
  ]);
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
  const items = pageItems(pdfjs, viewport, tc.items, fontKinds(page, fontNames));
  linkItems(viewport, annotations, items);
  page.cleanup();
  const laid = layoutPage(items, viewport.width, p, before.gutter);
  return { lines: laid.lines, gutter: laid.gutter, images };
}

/** The document opened by pdf.js, or the error it fails with as an AppError. */
async function openPdf(pdfjs: Pdfjs, bytes: Uint8Array, opts: PdfOptions) {
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
  try {
    return { task, doc: await task.promise };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw mapPdfError(err);
  }
}

/** A PDF's lines in reading order, page by page, running headers and footers set apart. */
export async function extractPdf(bytes: Uint8Array, opts: PdfOptions = {}): Promise<ExtractedDoc> {
  const pdfjs = await loadPdfjs();
  const { task, doc } = await openPdf(pdfjs, bytes, opts);
  try {
    const lines: Line[] = [];
    /** The column gutter of the page before: a layout usually goes on over the next page. */
    let gutter: number | undefined;
    const links: string[] = [];
    let images = false;
    const pages = Math.min(doc.numPages, opts.maxPages ?? PDF_LIMITS.pages);
    if (pages === 0) throw new AppError('FILE_EMPTY');
    const linksByPage = await pageLinks(pdfjs, doc, pages);
    for (let p = 1; p <= pages; p++) {
      const annotations = linksByPage.get(p - 1) ?? [];
      const read = await readPage(pdfjs, doc, p, annotations, { gutter, images });
      links.push(...annotations.map((an) => an.url));
      ({ gutter, images } = read);
      lines.push(...read.lines);
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
