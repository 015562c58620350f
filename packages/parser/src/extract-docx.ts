/**
 * DOCX through its structure: paragraphs with their style (headings), list numbering (bullets),
 * bold and size of runs, tabs (segments), soft breaks (lines), hyperlinks and tables (a row of
 * one-paragraph cells is one line; other tables are read cell by cell).
 */
import { AppError } from '@folio/core';
import JSZip from 'jszip';
import { cleanText, stripBullet } from './text.ts';
import type { ExtractedDoc, Line, Segment } from './types.ts';

const MAX_XML = 10 * 1024 * 1024;

const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });

const attr = (attrs: string, name: string): string | undefined =>
  new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];

const on = (attrs: string): boolean => {
  const v = attr(attrs, 'w:val');
  return v === undefined || !/^(0|false|off|none)$/i.test(v);
};

interface StyleInfo {
  heading: boolean;
  title: boolean;
  bold?: boolean;
  size?: number;
  basedOn?: string;
}

function parseStyles(xml: string): { styles: Map<string, StyleInfo>; defaultSize: number } {
  const styles = new Map<string, StyleInfo>();
  const def = /<w:docDefaults>[\s\S]*?<w:sz w:val="(\d+)"/.exec(xml);
  for (const m of xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = attr(m[1] ?? '', 'w:styleId');
    if (!id) continue;
    const body = m[2] ?? '';
    const name = /<w:name w:val="([^"]*)"/.exec(body)?.[1] ?? id;
    const sz = /<w:rPr>[\s\S]*?<w:sz w:val="(\d+)"/.exec(body)?.[1];
    const b = /<w:rPr>[\s\S]*?<w:b(\s[^>]*)?\/>/.exec(body);
    const basedOn = /<w:basedOn w:val="([^"]*)"/.exec(body)?.[1];
    styles.set(id, {
      heading:
        /heading|berschrift|titre|título|titolo|kop\s?\d|rubrik/i.test(name) &&
        !/^title$/i.test(name),
      title: /^(title|subtitle)$/i.test(name),
      ...(b ? { bold: on(b[1] ?? '') } : {}),
      ...(sz ? { size: Number(sz) / 2 } : {}),
      ...(basedOn ? { basedOn } : {}),
    });
  }
  return { styles, defaultSize: def?.[1] ? Number(def[1]) / 2 : 11 };
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

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDoc> {
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
  if (size(docFile) > MAX_XML)
    throw new AppError('FILE_CORRUPT', 'The document is too large to read.');
  let xml: string;
  let stylesXml = '';
  let relsXml = '';
  try {
    xml = await docFile.async('string');
    const sf = zip.file('word/styles.xml');
    if (sf && size(sf) < MAX_XML) stylesXml = await sf.async('string');
    const rf = zip.file('word/_rels/document.xml.rels');
    if (rf && size(rf) < MAX_XML) relsXml = await rf.async('string');
  } catch (err) {
    throw new AppError('FILE_CORRUPT', undefined, { cause: err });
  }
  if (xml.length > MAX_XML)
    throw new AppError('FILE_CORRUPT', 'The document is too large to read.');
  const { styles, defaultSize } = parseStyles(stylesXml);
  const rels = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = attr(m[1] ?? '', 'Id');
    const target = attr(m[1] ?? '', 'Target');
    if (id && target && /External/.test(m[1] ?? '')) rels.set(id, decode(target));
  }
  const styleProp = <K extends 'bold' | 'size'>(
    id: string | undefined,
    k: K,
  ): StyleInfo[K] | undefined => {
    for (let i = 0, s = id; s && i < 10; i++) {
      const st = styles.get(s);
      if (!st) return undefined;
      if (st[k] !== undefined) return st[k];
      s = st.basedOn;
    }
    return undefined;
  };

  const paras: Para[] = [];
  const stack: Para[] = [];
  const links: string[] = [];
  let run: { bold?: boolean; size?: number } = {};
  let inRunProps = false;
  let inParaProps = false;
  let inText = false;
  let href: string | undefined;
  let row = 0;
  let cell = 0;
  const tableDepth: number[] = [];
  const para = () => stack[stack.length - 1];
  const addText = (t: string) => {
    const p = para();
    if (!p) return;
    const bold = run.bold ?? styleProp(p.style, 'bold') ?? false;
    const sz = run.size ?? styleProp(p.style, 'size') ?? defaultSize;
    const last = p.cur[p.cur.length - 1];
    if (last && last.bold === bold && last.size === sz && (last.url ?? '') === (href ?? ''))
      last.text += t;
    else
      p.cur.push({
        text: t,
        x: p.cur.length,
        x2: p.cur.length,
        size: sz,
        bold,
        ...(href ? { url: href } : {}),
      });
  };
  const breakSeg = () => {
    const p = para();
    if (p && p.cur.length) p.cur.push({ text: '\t', x: 0, x2: 0, size: defaultSize, bold: false });
  };
  const tagRe = /<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g;
  for (const m of xml.matchAll(tagRe)) {
    const [, close, name, attrs = '', selfClose, text] = m;
    if (text !== undefined) {
      if (inText) addText(decode(text));
      continue;
    }
    if (name === 'w:p') {
      if (!close && !selfClose) {
        const p: Para = { lines: [], cur: [], text: '', bullet: false };
        if (tableDepth.length) {
          p.row = row;
          p.cell = cell;
        }
        stack.push(p);
      } else if (close) {
        const p = stack.pop();
        if (p) {
          p.lines.push(p.cur);
          paras.push(p);
        }
      }
      continue;
    }
    switch (name) {
      case 'w:pPr':
        inParaProps = !close && !selfClose;
        break;
      case 'w:pStyle':
        if (inParaProps && para()) para()!.style = attr(attrs, 'w:val');
        break;
      case 'w:numPr':
        if (inParaProps && para() && !close) para()!.bullet = true;
        break;
      case 'w:r':
        if (!close) run = {};
        break;
      case 'w:rPr':
        if (!inParaProps) inRunProps = !close && !selfClose;
        break;
      case 'w:b':
        if (inRunProps) run.bold = on(attrs);
        break;
      case 'w:sz':
        if (inRunProps) run.size = Number(attr(attrs, 'w:val') ?? 0) / 2 || undefined;
        break;
      case 'w:t':
        inText = !close && !selfClose;
        break;
      case 'w:tab':
        if (!inParaProps) breakSeg();
        break;
      case 'w:br':
      case 'w:cr': {
        const p = para();
        if (p && !/w:type="page"/.test(attrs)) {
          p.lines.push(p.cur);
          p.cur = [];
        }
        break;
      }
      case 'w:noBreakHyphen':
        addText('-');
        break;
      case 'w:hyperlink':
        if (close) href = undefined;
        else {
          const id = attr(attrs, 'r:id');
          href = id ? rels.get(id) : undefined;
          if (href) links.push(href);
        }
        break;
      case 'w:tbl':
        if (close) tableDepth.pop();
        else tableDepth.push(1);
        break;
      case 'w:tr':
        if (!close) {
          row++;
          cell = 0;
        }
        break;
      case 'w:tc':
        if (!close) cell++;
        break;
      default:
        break;
    }
  }

  // Table rows whose cells hold one paragraph each become one line of segments.
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

  const lines: Line[] = [];
  let y = 0;
  let blank = 0;
  for (const p of merged) {
    const styled = p.style ? styles.get(p.style) : undefined;
    let firstOfPara = true;
    for (const raw of p.lines) {
      // split runs at tabs into segments
      const segs: Segment[] = [];
      let cur: Segment | undefined;
      for (const s of raw) {
        for (const [k, piece] of s.text.split('\t').entries()) {
          if (k > 0) cur = undefined;
          const t = cleanText(piece);
          if (!t.trim()) continue;
          if (
            cur &&
            cur.bold === s.bold &&
            cur.size === s.size &&
            (cur.url ?? '') === (s.url ?? '')
          )
            cur.text += t;
          else if (cur && !s.url && !cur.url) {
            cur.text += t;
            cur.bold = cur.bold && s.bold;
            cur.size = Math.max(cur.size, s.size);
          } else {
            cur = { ...s, text: t };
            segs.push(cur);
          }
        }
      }
      for (const [k, s] of segs.entries()) {
        s.text = s.text.replace(/\s+/g, ' ').trim();
        s.x = k * 200;
        s.x2 = k * 200 + s.text.length * s.size * 0.5;
      }
      const kept = segs.filter((s) => s.text);
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
  return { kind: 'docx', lines, links };
}
