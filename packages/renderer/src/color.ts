/** Colour helpers: validating user CSS colours and measuring WCAG contrast. */

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(?:rgba?|hsla?|oklch|oklab|lab|lch)\([\d\s.,%/+-]+\)$/i;
const NAMED = /^[a-z]{3,24}$/i;

/** Returns the colour when it is a plain CSS colour value (hex, rgb(), hsl(), a name), else null. */
export function cssColor(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  return HEX.test(value) || FUNCTION.test(value) || NAMED.test(value) ? value : null;
}

export type Rgb = readonly [number, number, number];

/** Parses #rgb, #rrggbb (alpha ignored) and rgb(r, g, b); other forms return null. */
export function parseRgb(color: string): Rgb | null {
  const value = color.trim();
  if (HEX.test(value)) {
    let hex = value.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const m = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  return m ? ([Number(m[1]), Number(m[2]), Number(m[3])] as const) : null;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio between two colours (1 to 21), or null when one cannot be parsed. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseRgb(a);
  const y = parseRgb(b);
  if (!x || !y) return null;
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** A readable text colour for a background: near-black or white, whichever contrasts more. */
export function readableOn(background: string): string | null {
  const dark = '#111111';
  const light = '#ffffff';
  const onDark = contrastRatio(background, dark);
  const onLight = contrastRatio(background, light);
  if (onDark === null || onLight === null) return null;
  return onDark >= onLight ? dark : light;
}
