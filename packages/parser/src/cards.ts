/**
 * Cards side by side: a section laid out as a grid ("E-Commerce Platform      Interactive
 * Dashboard" / "Project Lead      Frontend Developer" / two wrapped descriptions) prints one row
 * of every card per line. Reading such a run line by line mixes the cards, so it is read column
 * by column instead: the first card's lines, then the next card's.
 */
import { isLocation } from './contact.ts';
import { isDateOnly } from './dates.ts';
import type { Line, Segment } from './types.ts';

const TOL = 2;

/** A cell that could be the right-hand part of an entry head rather than another card. */
const headPart = (s: Segment) => {
  const t = s.text.trim();
  return isDateOnly(t) || isLocation(t);
};

/** Index of the column a segment lies in, or -1 when it straddles columns or starts left of them. */
function columnOf(s: Segment, starts: number[], right: number): number {
  for (let j = starts.length - 1; j >= 0; j--) {
    const start = starts[j] ?? 0;
    if (s.x < start - TOL) continue;
    const end = j + 1 < starts.length ? (starts[j + 1] ?? right) - TOL : right + TOL;
    return s.x2 <= end ? j : -1;
  }
  return -1;
}

/** The run of grid lines starting at `i`, split into columns, or undefined when it is no grid. */
function gridAt(lines: Line[], i: number): { end: number; columns: Line[][] } | undefined {
  const first = lines[i];
  if (!first || first.bullet || first.segs.length < 2 || first.segs.length > 4) return undefined;
  if (first.segs.some(headPart)) return undefined;
  const starts = first.segs.map((s) => s.x);
  const right = first.colX + first.colW;
  // every column is wide enough to hold a card
  for (const [j, x] of starts.entries()) {
    const next = starts[j + 1] ?? right;
    if (next - x < 0.18 * first.colW) return undefined;
  }
  const columns: Line[][] = starts.map(() => []);
  let end = i;
  // later lines with a text cell (no date, no place) starting a later column
  let aligned = 0;
  // what sets cards apart from a table of one entry per row: a row that leaves a column empty,
  // a cell set off its column's edge (a year at a card's right), text wrapped within a cell
  let ragged = false;
  for (let k = i; k < lines.length; k++) {
    const l = lines[k];
    if (!l || l.page !== first.page || l.colX !== first.colX) break;
    if (k > i && (l.gap > 4 || l.bullet)) break;
    const cols = l.segs.map((s) => columnOf(s, starts, right));
    if (cols.some((c) => c < 0)) break;
    if (new Set(cols).size !== cols.length) break;
    const row: Segment[][] = starts.map(() => []);
    l.segs.forEach((s, n) => row[cols[n] ?? 0]?.push(s));
    if (
      k > i &&
      l.segs.some(
        (s, n) =>
          (cols[n] ?? 0) > 0 && Math.abs(s.x - (starts[cols[n] ?? 0] ?? 0)) <= TOL && !headPart(s),
      )
    )
      aligned++;
    if (
      k > i &&
      (l.segs.length < starts.length ||
        l.segs.some(
          (s, n) =>
            Math.abs(s.x - (starts[cols[n] ?? 0] ?? 0)) > TOL || /^\p{Ll}/u.test(s.text.trim()),
        ))
    )
      ragged = true;
    row.forEach((segs, j) => {
      if (!segs.length) return;
      const x = starts[j] ?? l.colX;
      const w = (starts[j + 1] ?? right) - x;
      columns[j]?.push({ ...l, segs, colX: x, colW: w });
    });
    end = k + 1;
  }
  if (end - i < 3 || aligned < 1 || !ragged) return undefined;
  // each card opens as far below what came before as the run does
  for (const col of columns.slice(1)) if (col[0]) col[0] = { ...col[0], gap: first.gap };
  return { end, columns };
}

/** Lines of a section with every run of side-by-side cards read one card after another. */
export function unstackCards(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length;) {
    const g = gridAt(lines, i);
    if (!g) {
      const l = lines[i];
      if (l) out.push(l);
      i++;
      continue;
    }
    for (const col of g.columns) out.push(...col);
    i = g.end;
  }
  return out;
}
