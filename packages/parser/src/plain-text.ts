/** Plain text (no layout) to lines: tabs and runs of spaces separate segments. */
import { cleanText, stripBullet } from './text.ts';
import type { Line } from './types.ts';

export function textToLines(text: string): Line[] {
  const lines: Line[] = [];
  let blank = 0;
  // eslint-disable-next-line no-control-regex
  for (const raw of text.split(/\r\n|\r|\n|\u000b|\f/)) {
    const parts = raw
      .split(/\t+| {3,}/)
      .map((p) => cleanText(p).trim())
      .filter(Boolean);
    if (!parts.length) {
      blank++;
      continue;
    }
    const first = stripBullet(parts[0] ?? '');
    if (first.bullet) parts[0] = first.text;
    const segs = parts
      .filter(Boolean)
      .map((t, i) => ({ text: t, x: i * 200, x2: i * 200 + t.length * 5, size: 10, bold: false }));
    if (!segs.length) continue;
    lines.push({
      segs,
      page: 1,
      y: lines.length,
      gap: blank ? 2.5 : 1.2,
      bullet: first.bullet,
      colX: 0,
      colW: 600,
    });
    blank = 0;
  }
  return lines;
}
