/**
 * Where each value of a parse came from in the original (`_review.sources`): the one place that
 * links the result back to the document's lines, beside confidence.ts (which says what to check).
 *
 * It runs after the read, over the finished result: every text value (a contact field, an entry's
 * field, a bullet, a skill, the summary…) is looked up in the document's text, letters and digits
 * only (so a date re-punctuated or a word joined over a hyphenated line break is still found).
 * Where a value occurs more than once, the occurrence nearest to the values read beside it (its
 * entry's other fields, its list's neighbours) is taken. A value the reader composed (a link read
 * from an annotation, a date spelled anew) is not found and gets no source.
 *
 * PDF: the union box, in PDF points (top-left origin, y downwards), of the segments the value's
 * characters fall in, on the page where it starts. Word files: the index of its line in the
 * document's text (`documentText` split on "\n"), which is what the review shows beside it.
 * An entry gets the union of its fields' boxes on its first page (Word: its first paragraph).
 */
import { MAX_SOURCES, type ResumeData, type ValueSource } from '@folio/core';
import { lineText, type ExtractedDoc } from './types.ts';

/** The document's text as one run of letters and digits, each mapped to its line and segment. */
interface Stream {
  text: string;
  line: Int32Array;
  seg: Int32Array;
}

const KEEP = /[\p{L}\p{N}]/u;

function normalise(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) if (KEEP.test(ch)) out += ch;
  return out;
}

function streamOf(doc: ExtractedDoc): Stream {
  const chars: string[] = [];
  const line: number[] = [];
  const seg: number[] = [];
  doc.lines.forEach((l, i) =>
    l.segs.forEach((s, j) => {
      for (const ch of s.text.toLowerCase())
        if (KEEP.test(ch)) {
          chars.push(ch);
          line.push(i);
          seg.push(j);
        }
    }),
  );
  return { text: chars.join(''), line: Int32Array.from(line), seg: Int32Array.from(seg) };
}

/** A value shorter than this (letters and digits) is too common to place. */
const MIN_CHARS = 2;
/** What an occurrence's not starting or not ending a segment costs, in characters of distance. */
const MISFIT = 100;
/** Occurrences looked at per value. */
const MAX_HITS = 50;

/** How well [from, to) fits whole segments: it starts one (1) and ends one (1). */
function fit(stream: Stream, from: number, to: number): number {
  const same = (a: number, b: number) =>
    a >= 0 &&
    b < stream.text.length &&
    stream.line[a] === stream.line[b] &&
    stream.seg[a] === stream.seg[b];
  return (same(from - 1, from) ? 0 : 1) + (same(to - 1, to) ? 0 : 1);
}

/** Where `needle` occurs (its first MAX_HITS occurrences). */
function occurrences(stream: Stream, needle: string): number[] {
  const hits: number[] = [];
  if (needle.length < MIN_CHARS) return hits;
  for (let at = stream.text.indexOf(needle); at >= 0 && hits.length < MAX_HITS;) {
    hits.push(at);
    at = stream.text.indexOf(needle, at + 1);
  }
  return hits;
}

/** A text value of the result: its path, and where its letters are in the stream. */
interface Leaf {
  path: string;
  /** The entry or list it belongs to ("experience/2", "skills/technical"). */
  group: string;
  needle: string;
  hits: number[];
  /** How well each occurrence fits whole segments (`fit`). */
  fits: number[];
  at?: number;
}

function leavesOf(data: ResumeData, stream: Stream): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (v: unknown, path: string, group: string) => {
    if (typeof v === 'string') {
      const needle = normalise(v);
      const hits = occurrences(stream, needle);
      const fits = hits.map((h) => fit(stream, h, h + needle.length));
      leaves.push({ path, group, needle, hits, fits });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`, path));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}/${k}` : k, path);
  };
  walk(data, '', '');
  return leaves;
}

/**
 * Chooses each value's occurrence: a value found once is placed; one found several times goes to
 * the occurrence that best fits whole segments and is nearest to the placed values of its group
 * (then of its group's group, short of the contact and the root), by their mean position.
 */
function place(leaves: Leaf[]): void {
  const placed = new Map<string, { sum: number; n: number }>();
  const up = (g: string) => g.slice(0, Math.max(0, g.lastIndexOf('/')));
  const note = (group: string, at: number) => {
    for (let g = group; ; g = up(g)) {
      const p = placed.get(g) ?? { sum: 0, n: 0 };
      p.sum += at;
      p.n++;
      placed.set(g, p);
      if (!g) break;
    }
  };
  for (const l of leaves)
    if (l.hits.length === 1) {
      l.at = l.hits[0]!;
      note(l.group, l.at);
    }
  for (const l of leaves) {
    if (l.at !== undefined || !l.hits.length) continue;
    let anchor: number | undefined;
    // the contact's fields are scattered over the page (a sidebar, a header): no anchor there
    for (let g = l.group; anchor === undefined && g && g !== 'contact'; g = up(g)) {
      const near = placed.get(g);
      if (near?.n) anchor = near.sum / near.n;
    }
    // an occurrence that cuts into a segment (a name inside an address) counts as farther
    const cost = (k: number) =>
      (anchor === undefined ? 0 : Math.abs(l.hits[k]! - anchor)) + MISFIT * (2 - l.fits[k]!);
    let best = 0;
    for (let k = 1; k < l.hits.length; k++) if (cost(k) < cost(best)) best = k;
    const at = l.hits[best]!;
    l.at = at;
    note(l.group, at);
  }
}

type Box = [number, number, number, number];

const union = (a: Box | undefined, b: Box): Box =>
  a ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])] : b;

const round = (b: Box): Box => b.map((v) => Math.round(v * 10) / 10) as Box;

/** Where the characters [from, to) of the stream are in the document. */
function sourceOf(doc: ExtractedDoc, stream: Stream, from: number, to: number, paras: number[]) {
  const first = stream.line[from]!;
  if (doc.kind !== 'pdf') return { paragraph: paras[first]! };
  const page = doc.lines[first]!.page;
  let box: Box | undefined;
  for (let i = from; i < to; i++) {
    const line = doc.lines[stream.line[i]!]!;
    if (line.page !== page) break;
    const s = line.segs[stream.seg[i]!]!;
    const base = s.y ?? line.y;
    box = union(box, [s.x, base - s.size, s.x2, base + s.size * 0.25]);
    // the rest of this segment adds nothing
    while (
      i + 1 < to &&
      stream.line[i + 1] === stream.line[i] &&
      stream.seg[i + 1] === stream.seg[i]
    )
      i++;
  }
  return { page, box: round(box!) };
}

/** The index of each line in the document's text split on "\n" (a line may hold breaks). */
function paragraphIndex(doc: ExtractedDoc): number[] {
  const out: number[] = [];
  let n = 0;
  for (const l of doc.lines) {
    out.push(n);
    n += 1 + (lineText(l).match(/\n/g)?.length ?? 0);
  }
  return out;
}

/** An entry's source: the union of its values' boxes on its first page (Word: first paragraph). */
function entrySources(sources: Record<string, ValueSource>): void {
  const entries = new Map<string, ValueSource>();
  for (const [path, src] of Object.entries(sources)) {
    const m = /^([a-z_]+\/\d+)\//.exec(path);
    if (!m) continue;
    const key = m[1]!;
    const prev = entries.get(key);
    if (!prev) entries.set(key, 'box' in src ? { ...src, box: [...src.box] } : { ...src });
    else if ('box' in prev && 'box' in src && prev.page === src.page)
      prev.box = union(prev.box, src.box);
    else if ('paragraph' in prev && 'paragraph' in src && src.paragraph < prev.paragraph)
      prev.paragraph = src.paragraph;
  }
  for (const [key, src] of entries) sources[key] ??= src;
}

/** Where each text value was found, and how much of the document the values account for. */
export interface Located {
  /** By path in the result ("experience/2/company"). */
  sources: Record<string, ValueSource>;
  /** Text values of the result, and how many of them were found in the document. */
  values: number;
  found: number;
  /**
   * Share of the document's lines (of 3 letters or more) that some value was read from; values
   * and lines kept only in custom sections do not count as read.
   */
  linesRead: number;
}

/** Share of lines of 3 letters or more with a character some placed value covers. */
function linesRead(stream: Stream, leaves: Leaf[], lines: number): number {
  const size = new Int32Array(lines);
  for (let i = 0; i < stream.text.length; i++) size[stream.line[i]!]!++;
  const read = new Uint8Array(lines);
  for (const l of leaves)
    if (l.at !== undefined)
      for (let i = l.at; i < l.at + l.needle.length; i++) read[stream.line[i]!] = 1;
  let n = 0;
  let k = 0;
  for (let i = 0; i < lines; i++)
    if (size[i]! >= 3) {
      n++;
      k += read[i]!;
    }
  return n ? k / n : 0;
}

/** Where each text value of `data` came from in `doc`, by its path in `data`. */
export function sourcesOf(data: ResumeData, doc: ExtractedDoc): Record<string, ValueSource> {
  return locate(data, doc).sources;
}

export function locate(data: ResumeData, doc: ExtractedDoc): Located {
  const stream = streamOf(doc);
  const leaves = leavesOf(data, stream);
  place(leaves);
  const paras = paragraphIndex(doc);
  const sources: Record<string, ValueSource> = {};
  for (const l of leaves) {
    if (l.at === undefined) continue;
    sources[l.path] = sourceOf(doc, stream, l.at, l.at + l.needle.length, paras);
  }
  entrySources(sources);
  const kept = Object.entries(sources).slice(0, MAX_SOURCES);
  // Text kept in custom sections is text whose kind the read did not recognise: it is offered to
  // the user, not read, so it does not count towards how much of the document was read.
  const recognised = leaves.filter((l) => l.path !== 'custom' && !l.path.startsWith('custom/'));
  return {
    sources: Object.fromEntries(kept),
    values: recognised.filter((l) => l.needle.length >= MIN_CHARS).length,
    found: recognised.filter((l) => l.at !== undefined).length,
    linesRead: linesRead(stream, recognised, doc.lines.length),
  };
}
