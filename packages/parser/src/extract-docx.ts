/**
 * DOCX through its structure: paragraphs with their style (headings), list numbering (bullets),
 * bold and size of runs, tabs (segments), soft breaks (lines), hyperlinks and tables (a row of
 * one-paragraph cells is one line; other tables are read cell by cell).
 *
 * The XML parts are read by a streaming XML parser (saxes) as they inflate: one pass, no regular
 * expression over a whole part, no DTD or entity expansion. The work one file can cause is capped
 * (DOCX_LIMITS in limits.ts): zip entries, characters inflated per part, elements per part and
 * paragraphs.
 */
import { AppError } from '@folio/core';
import JSZip from 'jszip';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fieldRuns } from './layout.ts';
import { DOCX_LIMITS, tooLarge } from './limits.ts';
import { cleanText, stripBullet } from './text.ts';
import type { ExtractedDoc, Line, Segment } from './types.ts';

const on = (v: string | undefined): boolean => v === undefined || !/^(0|false|off|none)$/i.test(v);

/** Central directory headers in a zip ("PK\1\2"), counted before the zip is opened. */
function zipEntries(b: Uint8Array): number {
  let n = 0;
  for (let i = b.indexOf(0x50); i >= 0 && i + 3 < b.length; i = b.indexOf(0x50, i + 1))
    if (b[i + 1] === 0x4b && b[i + 2] === 0x01 && b[i + 3] === 0x02) n++;
  return n;
}

interface XmlHandlers {
  open: (tag: SaxesTagPlain) => void;
  close: (tag: SaxesTagPlain) => void;
  text: (text: string) => void;
}

/**
 * Inflate one part and feed it to the XML parser chunk by chunk, stopping at the limits.
 * Rejects with an AppError (too large, damaged) or with the inflater's error.
 */
function readXml(file: JSZip.JSZipObject, maxChars: number, handlers: XmlHandlers): Promise<void> {
  return new Promise((resolve, reject) => {
    const parser = new SaxesParser({ xmlns: false, position: false });
    let elements = 0;
    let errors = 0;
    let chars = 0;
    let done = false;
    parser.on('doctype', () => {
      throw new AppError('FILE_CORRUPT'); // a DOCX part has none; entities stay undeclared
    });
    parser.on('error', () => {
      if (++errors > DOCX_LIMITS.xmlErrors) throw new AppError('FILE_CORRUPT');
    });
    parser.on('opentag', (tag) => {
      if (++elements > DOCX_LIMITS.elements) throw tooLarge();
      handlers.open(tag);
    });
    parser.on('closetag', (tag) => handlers.close(tag));
    parser.on('text', (text) => handlers.text(text));
    parser.on('cdata', (text) => handlers.text(text));
    // internalStream is what JSZipObject.async reads through; here it lets the reading stop early
    const stream = (
      file as unknown as { internalStream(type: 'string'): JSZip.JSZipStreamHelper<string> }
    ).internalStream('string');
    const stop = (err: unknown) => {
      if (done) return;
      done = true;
      stream.pause();
      reject(
        err instanceof AppError ? err : new AppError('FILE_CORRUPT', undefined, { cause: err }),
      );
    };
    stream
      .on('data', (chunk) => {
        if (done) return;
        try {
          chars += chunk.length;
          if (chars > maxChars) throw tooLarge();
          parser.write(chunk);
        } catch (err) {
          stop(err);
        }
      })
      .on('error', stop)
      .on('end', () => {
        if (done) return;
        try {
          parser.close();
          done = true;
          resolve();
        } catch (err) {
          stop(err);
        }
      })
      .resume();
  });
}

interface StyleInfo {
  heading: boolean;
  title: boolean;
  bold?: boolean;
  size?: number;
  basedOn?: string;
}

interface Styles {
  styles: Map<string, StyleInfo>;
  defaultSize: number;
}

const digits = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * Paragraph styles: name (headings), bold and size of the style's run properties, the style it is
 * based on; the default size from the document defaults.
 */
async function readStyles(file: JSZip.JSZipObject | null): Promise<Styles> {
  const styles = new Map<string, StyleInfo>();
  let defaultSize: number | undefined;
  let inDefaults = false;
  let cur:
    | { id?: string; name?: string; rPr: boolean; b?: string | null; sz?: number; basedOn?: string }
    | undefined;
  if (!file) return { styles, defaultSize: 11 };
  try {
    await readXml(file, DOCX_LIMITS.partChars, {
      open({ name, attributes: a, isSelfClosing }) {
        if (name === 'w:docDefaults') inDefaults = true;
        else if (name === 'w:style') cur = { id: a['w:styleId'], rPr: false };
        else if (inDefaults && defaultSize === undefined && name === 'w:sz')
          defaultSize = digits(a['w:val']);
        if (!cur) return;
        if (name === 'w:name') cur.name ??= a['w:val'];
        else if (name === 'w:basedOn') cur.basedOn ??= a['w:val'];
        else if (name === 'w:rPr') cur.rPr = true;
        else if (cur.rPr && name === 'w:sz') cur.sz ??= digits(a['w:val']);
        else if (cur.rPr && name === 'w:b' && isSelfClosing && cur.b === undefined)
          cur.b = a['w:val'] ?? null;
      },
      close({ name }) {
        if (name !== 'w:style' || !cur) return;
        const { id, b, sz, basedOn } = cur;
        const styleName = cur.name ?? id;
        cur = undefined;
        if (!id || !styleName) return;
        styles.set(id, {
          heading:
            /heading|berschrift|titre|título|titolo|kop\s?\d|rubrik/i.test(styleName) &&
            !/^title$/i.test(styleName),
          title: /^(title|subtitle)$/i.test(styleName),
          ...(b !== undefined ? { bold: on(b ?? undefined) } : {}),
          ...(sz ? { size: sz / 2 } : {}),
          ...(basedOn ? { basedOn } : {}),
        });
      },
      text() {},
    });
  } catch {
    // styles only refine the reading: a part too large or damaged is left out
    return { styles: new Map(), defaultSize: 11 };
  }
  return { styles, defaultSize: defaultSize ? defaultSize / 2 : 11 };
}

/** External hyperlink targets by relationship id. */
async function readLinks(file: JSZip.JSZipObject | null): Promise<Map<string, string>> {
  const rels = new Map<string, string>();
  if (!file) return rels;
  try {
    await readXml(file, DOCX_LIMITS.partChars, {
      open({ name, attributes: a }) {
        if (name !== 'Relationship') return;
        const external = Object.entries(a).some(([k, v]) => /External/.test(`${k}=${v}`));
        if (a.Id && a.Target && external) rels.set(a.Id, a.Target);
      },
      close() {},
      text() {},
    });
  } catch {
    return new Map(); // links only add URLs: a part too large or damaged is left out
  }
  return rels;
}

interface Para {
  lines: Segment[][];
  cur: Segment[];
  text: string;
  bullet: boolean;
  style?: string;
  row?: number;
  cell?: number;
}

/** A property of a paragraph style, or of the style it is based on (ten deep at most). */
function styleProp<K extends 'bold' | 'size'>(
  styles: Map<string, StyleInfo>,
  id: string | undefined,
  k: K,
): StyleInfo[K] | undefined {
  for (let i = 0, s = id; s && i < 10; i++) {
    const st = styles.get(s);
    if (!st) return undefined;
    if (st[k] !== undefined) return st[k];
    s = st.basedOn;
  }
  return undefined;
}

/** Where the reading of a document's parts stands: paragraphs read and open, the run, the table. */
interface DocxReader extends Styles {
  /** Hyperlink targets of the part being read (each part has its own relationship ids). */
  rels: Map<string, string>;
  paras: Para[];
  stack: Para[];
  links: string[];
  run: { bold?: boolean; size?: number };
  inRunProps: boolean;
  inParaProps: boolean;
  inText: boolean;
  href: string | undefined;
  row: number;
  cell: number;
  tableDepth: number[];
}

/** A run's text joins the open paragraph's last segment, or a new one where its look changes. */
function addText(r: DocxReader, t: string): void {
  const p = r.stack[r.stack.length - 1];
  if (!p) return;
  const bold = r.run.bold ?? styleProp(r.styles, p.style, 'bold') ?? false;
  const sz = r.run.size ?? styleProp(r.styles, p.style, 'size') ?? r.defaultSize;
  const last = p.cur[p.cur.length - 1];
  if (last && last.bold === bold && last.size === sz && (last.url ?? '') === (r.href ?? ''))
    last.text += t;
  else
    p.cur.push({
      text: t,
      x: p.cur.length,
      x2: p.cur.length,
      size: sz,
      bold,
      ...(r.href ? { url: r.href } : {}),
    });
}

/** An element opens: a paragraph, its or a run's properties, a break, a link, a table's parts. */
function openTag(r: DocxReader, { name, attributes: a, isSelfClosing }: SaxesTagPlain): void {
  const para = () => r.stack[r.stack.length - 1];
  switch (name) {
    case 'w:p': {
      if (isSelfClosing) break; // an empty <w:p/> adds no paragraph
      if (r.paras.length + r.stack.length >= DOCX_LIMITS.paragraphs) throw tooLarge();
      const p: Para = { lines: [], cur: [], text: '', bullet: false };
      if (r.tableDepth.length) {
        p.row = r.row;
        p.cell = r.cell;
      }
      r.stack.push(p);
      break;
    }
    case 'w:pPr':
      r.inParaProps = true;
      break;
    case 'w:pStyle':
      if (r.inParaProps && para()) para()!.style = a['w:val'];
      break;
    case 'w:numPr':
      if (r.inParaProps && para()) para()!.bullet = true;
      break;
    case 'w:r':
      r.run = {};
      break;
    case 'w:rPr':
      if (!r.inParaProps) r.inRunProps = true;
      break;
    case 'w:b':
      if (r.inRunProps) r.run.bold = on(a['w:val']);
      break;
    case 'w:sz':
      if (r.inRunProps) r.run.size = Number(a['w:val'] ?? 0) / 2 || undefined;
      break;
    case 'w:t':
      r.inText = true;
      break;
    case 'w:tab': {
      const p = para();
      if (!r.inParaProps && p && p.cur.length)
        p.cur.push({ text: '\t', x: 0, x2: 0, size: r.defaultSize, bold: false });
      break;
    }
    case 'w:br':
    case 'w:cr': {
      const p = para();
      if (p && a['w:type'] !== 'page') {
        p.lines.push(p.cur);
        p.cur = [];
      }
      break;
    }
    case 'w:noBreakHyphen':
      addText(r, '-');
      break;
    case 'w:hyperlink': {
      const id = a['r:id'];
      r.href = id ? r.rels.get(id) : undefined;
      if (r.href) r.links.push(r.href);
      break;
    }
    case 'w:tbl':
      r.tableDepth.push(1);
      break;
    case 'w:tr':
      r.row++;
      r.cell = 0;
      break;
    case 'w:tc':
      r.cell++;
      break;
    default:
      break;
  }
}

/** An element closes: a paragraph is read, properties, text, a link or a table end. */
function closeTag(r: DocxReader, { name, isSelfClosing }: SaxesTagPlain): void {
  switch (name) {
    case 'w:p': {
      if (isSelfClosing) break;
      const p = r.stack.pop();
      if (p) {
        p.lines.push(p.cur);
        r.paras.push(p);
      }
      break;
    }
    case 'w:pPr':
      r.inParaProps = false;
      break;
    case 'w:rPr':
      if (!r.inParaProps) r.inRunProps = false;
      break;
    case 'w:t':
      r.inText = false;
      break;
    case 'w:hyperlink':
      r.href = undefined;
      break;
    case 'w:tbl':
      r.tableDepth.pop();
      break;
    default:
      break;
  }
}

/** The XML handlers that read a part's paragraphs into `r`. */
function docxHandlers(r: DocxReader): XmlHandlers {
  return {
    open: (tag) => openTag(r, tag),
    close: (tag) => closeTag(r, tag),
    text: (t: string) => {
      if (r.inText) addText(r, t);
    },
  };
}

/** The package, checked: not encrypted, with a main part within the limits. */
async function openDocx(bytes: Uint8Array) {
  if (zipEntries(bytes) > DOCX_LIMITS.entries) throw tooLarge();
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (err) {
    throw new AppError('FILE_CORRUPT', undefined, { cause: err });
  }
  if (zip.file('EncryptionInfo') || zip.file('EncryptedPackage'))
    throw new AppError('FILE_ENCRYPTED');
  const docFile = zip.file('word/document.xml');
  if (!docFile) throw new AppError('FILE_CORRUPT');
  const size = (f: JSZip.JSZipObject) =>
    (f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  if (size(docFile) > DOCX_LIMITS.documentChars) throw tooLarge();
  return { zip, docFile };
}

/**
 * Word's page header comes first: templates often set the name and contact details there.
 * Headers for the first, odd and even pages usually repeat each other: each text is read once.
 */
async function readHeaders(zip: JSZip, r: DocxReader, handlers: XmlHandlers): Promise<void> {
  const headerTexts = new Set<string>();
  const headerParts = zip
    .file(/^word\/header\d*\.xml$/)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const { paras } = r;
  for (const part of headerParts) {
    const before = paras.length;
    try {
      r.rels = await readLinks(zip.file(part.name.replace(/^word\//, 'word/_rels/') + '.rels'));
      await readXml(part, DOCX_LIMITS.partChars, handlers);
    } catch {
      paras.length = before; // a header only adds: one too large or damaged is left out
    }
    r.stack.length = 0;
    r.tableDepth.length = 0;
    const text = paras
      .slice(before)
      .map((p) =>
        p.lines
          .flat()
          .map((x) => x.text)
          .join(''),
      )
      .join('\n')
      .trim();
    if (!text || headerTexts.has(text)) paras.length = before;
    else headerTexts.add(text);
  }
}

/** Table rows whose cells hold one paragraph each become one line of segments. */
function mergeTableRows(paras: Para[], defaultSize: number): Para[] {
  const merged: Para[] = [];
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i]!;
    if (p.row === undefined) {
      merged.push(p);
      continue;
    }
    let j = i;
    while (j + 1 < paras.length && paras[j + 1]!.row === p.row) j++;
    const rowParas = paras
      .slice(i, j + 1)
      .filter((x) => x.lines.some((l) => l.some((s) => s.text.trim())));
    const cells = new Set(rowParas.map((x) => x.cell));
    if (
      rowParas.length > 1 &&
      cells.size === rowParas.length &&
      rowParas.every((x) => x.lines.length === 1)
    ) {
      const segs = rowParas.flatMap((x) => [
        ...(x.lines[0] ?? []),
        { text: '\t', x: 0, x2: 0, size: defaultSize, bold: false },
      ]);
      merged.push({ ...rowParas[0]!, lines: [segs] });
    } else merged.push(...paras.slice(i, j + 1));
    i = j;
  }
  return merged;
}

/**
 * A line's runs split at tabs into segments (runs between tabs joined), each set at its column
 * (200 apart); empty ones left out.
 */
function tabSegments(raw: Segment[]): Segment[] {
  const segs: Segment[] = [];
  // the runs of one weight in each segment ("**Acme Corp**, Austin, TX")
  const runs = new Map<Segment, { text: string; bold: boolean }[]>();
  let cur: Segment | undefined;
  for (const s of raw) {
    for (const [k, piece] of s.text.split('\t').entries()) {
      if (k > 0) cur = undefined;
      const t = cleanText(piece);
      if (!t.trim()) continue;
      const sameUrl = (cur?.url ?? '') === (s.url ?? '');
      if (
        cur &&
        ((sameUrl && cur.bold === s.bold && cur.size === s.size) || (!s.url && !cur.url))
      ) {
        const own = runs.get(cur) ?? [];
        const last = own[own.length - 1];
        if (last && last.bold === s.bold) last.text += t;
        else own.push({ text: t, bold: s.bold });
        cur.text += t;
        cur.bold = cur.bold && s.bold;
        cur.size = Math.max(cur.size, s.size);
      } else {
        cur = { ...s, text: t };
        segs.push(cur);
        runs.set(cur, [{ text: t, bold: s.bold }]);
      }
    }
  }
  for (const [k, s] of segs.entries()) {
    const own = fieldRuns((runs.get(s) ?? []).map((r) => r.text));
    if (own.length > 1) s.runs = own;
    s.text = s.text.replace(/\s+/g, ' ').trim();
    s.x = k * 200;
    s.x2 = k * 200 + s.text.length * s.size * 0.5;
  }
  return segs.filter((s) => s.text);
}

/** The paragraphs' lines, one under the other; a gap after blank lines, bullets and headings kept. */
function paraLines(merged: Para[], styles: Map<string, StyleInfo>): Line[] {
  const lines: Line[] = [];
  let y = 0;
  let blank = 0;
  for (const p of merged) {
    const styled = p.style ? styles.get(p.style) : undefined;
    let firstOfPara = true;
    for (const raw of p.lines) {
      const kept = tabSegments(raw);
      if (!kept.length) {
        blank++;
        continue;
      }
      let bullet = firstOfPara && p.bullet;
      const first = kept[0]!;
      const sb = stripBullet(first.text);
      if (sb.bullet && sb.text) {
        first.text = sb.text;
        bullet = true;
      }
      lines.push({
        segs: kept,
        page: 1,
        y: y++,
        gap: blank ? 2.5 : 1.2,
        bullet,
        ...(styled?.heading && firstOfPara ? { styledHeading: true } : {}),
        colX: 0,
        colW: 600,
      });
      blank = 0;
      firstOfPara = false;
    }
  }
  return lines;
}

/** A DOCX's paragraphs in lines: the page headers' first, then the document's, table rows joined. */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDoc> {
  const { zip, docFile } = await openDocx(bytes);
  const { styles, defaultSize } = await readStyles(zip.file('word/styles.xml'));
  const documentRels = await readLinks(zip.file('word/_rels/document.xml.rels'));
  const r: DocxReader = {
    styles,
    defaultSize,
    rels: documentRels,
    paras: [],
    stack: [],
    links: [],
    run: {},
    inRunProps: false,
    inParaProps: false,
    inText: false,
    href: undefined,
    row: 0,
    cell: 0,
    tableDepth: [],
  };
  const handlers = docxHandlers(r);
  await readHeaders(zip, r, handlers);
  r.rels = documentRels;
  await readXml(docFile, DOCX_LIMITS.documentChars, handlers);
  const lines = paraLines(mergeTableRows(r.paras, defaultSize), styles);
  return { kind: 'docx', lines, links: r.links };
}
