/**
 * Reading order across columns. Rows of one page are split at a vertical gutter when the page is
 * laid out in independent columns (a sidebar beside the main text). A gutter whose narrow side
 * shares its rows with the wide side (dates or section labels in a left rail) is a table-like
 * layout and is kept row by row.
 */

export interface Box {
  x: number;
  x2: number;
  y: number;
  size: number;
}

export interface Row<T extends Box> {
  y: number;
  size: number;
  items: T[];
}

/** Group boxes into rows by baseline. */
export function groupRows<T extends Box>(items: T[]): Row<T>[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Row<T>[] = [];
  for (const it of sorted) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(it.y - last.y) <= 0.45 * Math.min(it.size, last.size)) {
      last.items.push(it);
      if (it.size > last.size) last.size = it.size;
    } else {
      rows.push({ y: it.y, size: it.size, items: [it] });
    }
  }
  for (const r of rows) r.items.sort((a, b) => a.x - b.x);
  return mergeSuperscripts(rows);
}

/** Superscript type is at most this share of the text it is raised above. */
const SUPERSCRIPT_SIZE = 0.85;
/** A superscript's baseline is raised by less than this share of the base text's size. */
const SUPERSCRIPT_RISE = 0.6;
/** How near (in points) a superscript starts to the end of the text it follows. */
const SUPERSCRIPT_TOUCH = 1.5;

/**
 * A row of small text just above the next row, each piece starting where a piece of that row
 * ends ("1st year": the "st" raised over "1"), is that row's superscripts: they join it.
 */
function mergeSuperscripts<T extends Box>(rows: Row<T>[]): Row<T>[] {
  const blank = (it: T) => 'text' in it && typeof it.text === 'string' && !it.text.trim();
  const out: Row<T>[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const next = rows[i + 1];
    const raised =
      !!next &&
      next.y > r.y &&
      next.y - r.y < SUPERSCRIPT_RISE * next.size &&
      r.items.every(
        (it) =>
          // (a space after a superscript stands where the base text goes on)
          blank(it) ||
          (it.size <= SUPERSCRIPT_SIZE * next.size &&
            next.items.some((b) => b.size > it.size && Math.abs(it.x - b.x2) <= SUPERSCRIPT_TOUCH)),
      ) &&
      r.items.some((it) => !blank(it));
    if (raised && next) {
      next.items = [...next.items, ...r.items].sort((a, b) => a.x - b.x);
      continue;
    }
    out.push(r);
  }
  return out;
}

const crosses = (r: Row<Box>, x: number): boolean =>
  r.items.some((i) => i.x < x - 1 && i.x2 > x + 1);

export interface GutterHints<T extends Box> {
  /** A section heading in bold capitals: when both sides carry their own, the columns are
   * independent however often their rows happen to line up. */
  heading?: (item: T) => boolean;
  /** A heading or a title of any style (larger text): left out when a side is judged a date
   * column. */
  title?: (item: T) => boolean;
  /** The items of a row, on one side, are what a rail holds: a date, or a field label. */
  railItem?: (items: T[]) => boolean;
}

/** The leftmost x (to the point) at which at least two of the given items start, if any. */
function leftEdge(items: Box[]): number | undefined {
  const counts = new Map<number, number>();
  for (const i of items) counts.set(Math.round(i.x), (counts.get(Math.round(i.x)) ?? 0) + 1);
  const xs = [...counts].filter(([, n]) => n >= 2).map(([x]) => x);
  return xs.length ? Math.min(...xs) : undefined;
}

/** Find a gutter x for independent columns on this page, or undefined. */
export function findGutter<T extends Box>(
  rows: Row<T>[],
  pageWidth: number,
  hints: GutterHints<T> = {},
): number | undefined {
  const heading = hints.heading ?? (() => false);
  const title = hints.title ?? heading;
  const railItem = hints.railItem ?? (() => false);
  if (rows.length < 8 || rows.length > 400) return undefined;
  const minX = Math.min(...rows.flatMap((r) => r.items.map((i) => i.x)));
  const maxX = Math.max(...rows.flatMap((r) => r.items.map((i) => i.x2)));
  const width = maxX - minX;
  if (width <= 0) return undefined;
  let best: { x: number; cross: number; left: number; right: number } | undefined;
  const lo = minX + 0.2 * width;
  const hi = Math.min(minX + 0.8 * width, pageWidth);
  for (let x = lo; x <= hi; x += 2) {
    let cross = 0;
    let left = 0;
    let right = 0;
    for (const r of rows) {
      if (crosses(r, x)) cross++;
      else {
        if (r.items.some((i) => i.x2 <= x + 1)) left++;
        if (r.items.some((i) => i.x >= x - 1)) right++;
      }
    }
    const need = Math.max(5, 0.2 * rows.length);
    if (left < need || right < need) continue;
    if (!best || cross < best.cross) best = { x, cross, left, right };
  }
  if (!best || best.cross > Math.max(3, 0.15 * rows.length)) return undefined;
  // Row sharing: in a label rail or a date column almost every row of the narrow side has a
  // partner on the wide side at the same baseline; independent columns rarely line up.
  const g = best.x;
  let leftRows = 0;
  let rightRows = 0;
  let shared = 0;
  for (const r of rows) {
    if (crosses(r, g)) continue;
    const l = r.items.some((i) => i.x2 <= g + 1);
    const rt = r.items.some((i) => i.x >= g - 1);
    if (l) leftRows++;
    if (rt) rightRows++;
    if (l && rt) shared++;
  }
  const narrow = Math.min(leftRows, rightRows);
  // a narrow side made mostly of dates and field labels is the rail of a table-like CV (Europass,
  // the German tabular CV, moderncv), read row by row with the entries and values beside it
  const leftSide = (i: T) => i.x2 <= g + 1;
  const narrowSide = g - minX < maxX - g ? leftSide : (i: T) => !leftSide(i);
  const isRail = (within: (r: Row<T>) => boolean) => {
    const sideRows = rows
      .filter((r) => !crosses(r, g) && !r.items.every(title) && within(r))
      .map((r) => r.items.filter(narrowSide))
      .filter((items) => items.length);
    const dates = sideRows.filter(railItem).length;
    return sideRows.length >= 3 && dates >= 0.6 * sideRows.length;
  };
  // ... judged over the whole page, and over the rows where the narrow side stands beside a line
  // of the wide side's text (a rail of dates under a contact block, over a table of languages)
  const textX = leftEdge(
    rows
      .filter((r) => !crosses(r, g) && r.items.every((i) => !narrowSide(i)))
      .map((r) => r.items[0]!),
  );
  const besideText = (r: Row<T>) =>
    r.items.some(narrowSide) &&
    r.items.some((i) => !narrowSide(i) && textX !== undefined && Math.abs(i.x - textX) < r.size);
  if (isRail(() => true) || isRail(besideText)) return undefined;
  const headed = (side: (i: T) => boolean) =>
    rows.some((r) => !crosses(r, g) && r.items.some((i) => side(i) && heading(i)));
  const ownHeadings = headed((i) => i.x2 <= g + 1) && headed((i) => i.x >= g - 1);
  if (!ownHeadings && (narrow - shared < 5 || shared / narrow > 0.8)) return undefined;
  return g;
}

export interface Band<T extends Box> {
  rows: Row<T>[];
  colX: number;
  colW: number;
}

/** Reorder rows: full-width rows stay, runs of split rows give their left part then their right. */
export function orderByColumns<T extends Box>(
  rows: Row<T>[],
  gutter: number | undefined,
  pageLeft: number,
  pageRight: number,
  /** The columns go on from the page before: no title block sits above them here. */
  continued = false,
): Band<T>[] {
  const full = { colX: pageLeft, colW: pageRight - pageLeft };
  if (gutter === undefined) return [{ rows, ...full }];
  const out: Band<T>[] = [];
  let left: Row<T>[] = [];
  let right: Row<T>[] = [];
  // each column's rows are grouped again on their own: a row of the page may have been opened by
  // the other column's line, a little higher than this column's line and its small date beside it
  const regroup = (rs: Row<T>[]) => groupRows(rs.flatMap((r) => r.items));
  const flush = () => {
    if (left.length) out.push({ rows: regroup(left), colX: pageLeft, colW: gutter - pageLeft });
    if (right.length) out.push({ rows: regroup(right), colX: gutter, colW: pageRight - gutter });
    left = [];
    right = [];
  };
  const center = (pageLeft + pageRight) / 2;
  const width = pageRight - pageLeft;
  let preamble = !continued;
  for (const r of rows) {
    // rows centred on the page above the columns (name, headline, contact line) span both
    const minX = Math.min(...r.items.map((i) => i.x));
    const maxX = Math.max(...r.items.map((i) => i.x2));
    const centred = Math.abs((minX + maxX) / 2 - center) < 0.05 * width;
    if (preamble && !centred && !crosses(r, gutter)) preamble = false;
    // inside the columns, a row that just overruns the gutter stays in its column
    if (!preamble && crosses(r, gutter) && minX < gutter && maxX < pageRight - 0.1 * width) {
      left.push(r);
      continue;
    }
    if (crosses(r, gutter) || (preamble && centred)) {
      flush();
      out.push({ rows: [r], ...full });
      continue;
    }
    const l = r.items.filter((i) => i.x2 <= gutter + 1);
    const rt = r.items.filter((i) => i.x2 > gutter + 1);
    if (l.length) left.push({ y: r.y, size: Math.max(...l.map((i) => i.size)), items: l });
    if (rt.length) right.push({ y: r.y, size: Math.max(...rt.map((i) => i.size)), items: rt });
  }
  flush();
  return out;
}

export interface RailHints<T extends Box & { text: string }> {
  /** A short heading-like text: bold capitals, or set larger than the body text. */
  title: (item: T) => boolean;
  /** The text names a known section ("Berufserfahrung", "COMPÉTENCES"). */
  known: (text: string) => boolean;
  /** One item standing for the pieces of a heading that wrapped in its cell, with the given text. */
  join: (pieces: T[], text: string) => T;
}

/** The pieces of one heading in a rail, top to bottom, and the heading's text. */
interface RailHeading<T extends Box> {
  pieces: T[];
  text: string;
}

/** A heading piece and the row text beside it are this many body sizes apart at least. */
const RAIL_GAP = 1;
/** A heading's next line in its cell is at most this many of its sizes below it. */
const RAIL_WRAP = 2;
/** A heading stands beside a line of text whose baseline is within this share of its size. */
const RAIL_BESIDE = 0.75;
/** Text beside the rail starts at least this many body sizes right of the rail's left edge. */
const RAIL_TEXT = 2.5;
/** The text beside the rail moves its left edge by more than this share of the body size... */
const RAIL_EDGE = 0.5;
/** ... where one section's cell ends and the next one's starts: the space there weighs this much more. */
const RAIL_EDGE_WEIGHT = 1.5;
/** Of the headings in a rail, at least this share name known sections. */
const RAIL_KNOWN = 0.6;

const trimmed = <T extends Box & { text: string }>(items: T[]): T[] =>
  items.filter((i) => i.text.trim());

/**
 * The next line of a heading cut by its cell's width. A word cut short ("Berufserfahrun" / "g",
 * "COMPÉTENCE" / "S") is joined without a space when the whole is a known heading, or when the
 * piece is a letter or two (no word is); two words ("EXPÉRIENCE" / "PROFESSIONNELLE") with one.
 * Two known headings whose join is none are two headings.
 */
function joinRailPiece(text: string, piece: string, known: RailHints<never>['known']) {
  const whole = text + piece;
  if (known(whole) || /^\p{L}{1,2}$/u.test(piece)) return whole;
  const spaced = `${text} ${piece}`;
  if (known(text) && known(piece) && !known(spaced)) return undefined;
  return spaced;
}

/**
 * Headings set in a left rail beside their sections (a two-column table whose first cell names
 * the section: Word's resume tables, label-rail templates) are read before the block of text they
 * stand beside. A heading's cell may be centred against its row, so the heading sits in the middle
 * of its section's text, or set at its top, just under its first line; the sections' blocks are
 * told apart at the widest space between two headings. Returns the rows in reading order, or
 * undefined when the page has no such rail: a rail holds nothing but headings (a sidebar has its
 * text under its headings, at their left edge), and most of them name known sections.
 */
export function orderRailHeadings<T extends Box & { text: string; bold?: boolean }>(
  rows: Row<T>[],
  body: number,
  hints: RailHints<T>,
): Row<T>[] | undefined {
  const textRows = rows
    .map((r) => ({ ...r, items: trimmed(r.items) }))
    .filter((r) => r.items.length);
  if (textRows.length < 4) return undefined;
  // headings and their wrapped lines: the first text of a row, set apart from any text after it
  const groups: RailHeading<T>[] = [];
  let open: RailHeading<T> | undefined;
  for (const r of textRows) {
    const f = r.items[0]!;
    const next = r.items[1];
    const apart = !next || next.x - f.x2 >= RAIL_GAP * body;
    const short = f.text.trim().split(/\s+/).length <= 3;
    const last = open?.pieces[open.pieces.length - 1];
    // (the lines beside a heading, between its pieces, leave it open)
    if (open && f.x >= Math.max(...open.pieces.map((p) => p.x2))) continue;
    if (
      open &&
      last &&
      apart &&
      short &&
      Math.abs(f.size - last.size) < 0.5 &&
      !!f.bold === !!last.bold &&
      f.y - last.y <= RAIL_WRAP * last.size &&
      Math.abs(f.x - open.pieces[0]!.x) <= last.size
    ) {
      const text = joinRailPiece(open.text, f.text.trim(), hints.known);
      if (text !== undefined) {
        open.pieces.push(f);
        open.text = text;
        continue;
      }
    }
    open = apart && short && hints.title(f) ? { pieces: [f], text: f.text.trim() } : undefined;
    if (open) groups.push(open);
  }
  const pieceSet = new Set(groups.flatMap((g) => g.pieces));
  // a heading of the rail has a line of text beside it (the name over the contact lines has none)
  const beside = (g: RailHeading<T>) =>
    g.pieces.some((p) =>
      textRows.some(
        (r) =>
          Math.abs(r.y - p.y) < RAIL_BESIDE * p.size &&
          r.items.some((i) => !pieceSet.has(i) && i.x >= p.x2),
      ),
    );
  const rail = groups.filter(beside);
  if (rail.length < 2) return undefined;
  if (rail.filter((g) => hints.known(g.text)).length < RAIL_KNOWN * rail.length) return undefined;
  const xs = rail.map((g) => g.pieces[0]!.x).sort((a, b) => a - b);
  const railX = xs[Math.floor(xs.length / 2)]!;
  if (rail.some((g) => Math.abs(g.pieces[0]!.x - railX) > body)) return undefined;
  const railPieces = new Set(rail.flatMap((g) => g.pieces));
  const top = rail[0]!.pieces[0]!.y;
  // text at the rail's edge that is no heading: the title block above the rail, or else a sidebar
  let headerY = -Infinity;
  for (const r of textRows) {
    const f = r.items[0]!;
    if (railPieces.has(f) || f.x >= railX + RAIL_TEXT * body) continue;
    if (r.y >= top) return undefined;
    headerY = r.y;
  }
  const header = rows.filter((r) => r.y <= headerY);
  const content = rows
    .filter((r) => r.y > headerY)
    .map((r) => ({ ...r, items: r.items.filter((i) => !railPieces.has(i)) }))
    .filter((r) => trimmed(r.items).length)
    // (a row's size is its text's, no longer the heading's beside it)
    .map((r) => ({ ...r, size: Math.max(...trimmed(r.items).map((i) => i.size)) }));
  const cuts = railCuts(
    content.map((r) => ({ y: r.y, x: trimmed(r.items)[0]!.x })),
    rail,
    headerY > -Infinity,
    body,
  );
  const out: Row<T>[] = [...header, ...content.slice(0, cuts[0])];
  rail.forEach((g, n) => {
    const block = content.slice(cuts[n], cuts[n + 1] ?? content.length);
    const prevY = out.length ? out[out.length - 1]!.y : -Infinity;
    const first = g.pieces[0]!;
    const y = Math.max(prevY, Math.min(first.y, block[0]?.y ?? first.y));
    out.push({ y, size: first.size, items: [hints.join(g.pieces, g.text)] });
    out.push(...block);
  });
  return out;
}

/**
 * Where each rail heading's block of text starts, as an index into the rows beside the rail. The
 * block ends at the widest space between this heading and the next (a space that falls between
 * the two headings before one that falls beside either). Without a title block at the rail's edge
 * (a name centred over the page, a page that goes on from the one before), the first heading's
 * block starts at the widest space above the heading: the title or the section going on stand
 * first.
 */
function railCuts<T extends Box>(
  rows: { y: number; x: number }[],
  rail: RailHeading<T>[],
  titled: boolean,
  body: number,
): number[] {
  const content = rows.map((r) => r.y);
  // (the text of the next cell may start at another x: a space where the text's edge moves weighs
  // more)
  const space = (k: number) =>
    (content[k]! - content[k - 1]!) *
    (Math.abs(rows[k]!.x - rows[k - 1]!.x) > RAIL_EDGE * body ? RAIL_EDGE_WEIGHT : 1);
  const span = (g: RailHeading<T>) => ({
    first: g.pieces[0]!.y,
    last: g.pieces[g.pieces.length - 1]!.y,
    size: g.pieces[0]!.size,
  });
  const starts: number[] = [0];
  for (let n = 0; n + 1 < rail.length; n++) {
    const a = span(rail[n]!);
    const b = span(rail[n + 1]!);
    let best: { k: number; score: number } | undefined;
    for (let k = Math.max(1, starts[n]! + 1); k < content.length; k++) {
      const above = content[k - 1]!;
      const below = content[k]!;
      if (above < a.first - a.size || below > b.last + 0.5 * b.size) continue;
      const mid = (above + below) / 2;
      const between = mid > a.last && mid < b.first;
      const score = space(k) + (between ? 1000 : 0);
      if (!best || score > best.score) best = { k, score };
    }
    const fallback = content.findIndex((y) => y >= (a.last + b.first) / 2);
    starts.push(best?.k ?? Math.max(starts[n]!, fallback < 0 ? content.length : fallback));
  }
  if (!titled && rail.length) {
    const b = span(rail[0]!);
    let best: { k: number; score: number } | undefined;
    for (let k = 1; k <= Math.min(starts[1] ?? content.length, content.length - 1); k++) {
      const above = content[k - 1]!;
      const below = content[k]!;
      if ((above + below) / 2 >= b.first) break;
      const score = space(k);
      if (!best || score > best.score) best = { k, score };
    }
    starts[0] = best?.k ?? 0;
  }
  return starts;
}
