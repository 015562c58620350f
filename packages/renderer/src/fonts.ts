/**
 * The typefaces of published pages, self-hosted so a page looks the same on every system (no
 * DejaVu on Linux, no Calibri on Windows). Each is a font package from npm (Fontsource,
 * SIL Open Font License) used in its Latin and Latin Extended subsets, one variable woff2 per
 * subset where the face has one; the browser fetches a subset only when the page has a character
 * in its `unicode-range`, and a face only when some text is set in it.
 *
 * Files are served under `/fonts/{name}` by the app and by every site host (apps/server,
 * features/hosting), immutable: `name` carries the first ten hex digits of the file's SHA-256, so
 * a changed file gets a new address (fonts.node.test.ts checks each name against the installed
 * package; after a font package update, put the names it prints here).
 */

/** The fonts a user can choose for a page (content styles), each one self-hosted face. */
export type FontChoice = 'Sans Serif' | 'Serif' | 'Monospace';

/** Where pages find the font files: the same absolute path on the app and on every site host. */
export const FONT_PATH = '/fonts/';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export interface FontFile {
  /** File name under FONT_PATH: `{face}-{subset}.{sha256 prefix}.woff2`. */
  name: string;
  /** The file in its npm package (a dependency of this package), as a module specifier. */
  source: string;
  unicodeRange: string;
}

export interface Typeface {
  /** CSS family name, unique to the self-hosted face. */
  family: string;
  /** `font-weight` of the @font-face: a range for a variable font. */
  weight: string;
  /** System fonts after it, while the file loads or for characters it lacks. */
  fallback: string;
  /** Latin first: the one file a page preloads. */
  files: readonly [FontFile, ...FontFile[]];
}

const SANS_FALLBACK =
  'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif,"Apple Color Emoji","Segoe UI Emoji"';
const SERIF_FALLBACK =
  '"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua",Georgia,Cambria,"Times New Roman",serif';
const MONO_FALLBACK =
  'ui-monospace,"SFMono-Regular","Cascadia Code","JetBrains Mono",Menlo,Consolas,"Liberation Mono",monospace';

const files = (
  pkg: string,
  stem: string,
  variant: string,
  hashes: [latin: string, latinExt: string],
): Typeface['files'] => [
  {
    name: `${stem}-latin.${hashes[0]}.woff2`,
    source: `${pkg}/files/${stem}-latin-${variant}-normal.woff2`,
    unicodeRange: LATIN,
  },
  {
    name: `${stem}-latin-ext.${hashes[1]}.woff2`,
    source: `${pkg}/files/${stem}-latin-ext-${variant}-normal.woff2`,
    unicodeRange: LATIN_EXT,
  },
];

/** Every self-hosted face. Templates name one as their display face (TemplateDefinition). */
export const typefaces = {
  /** Sans Serif: a geometric grotesque, weights 300–900 in one file. */
  figtree: {
    family: 'Figtree',
    weight: '300 900',
    fallback: SANS_FALLBACK,
    files: files('@fontsource-variable/figtree', 'figtree', 'wght', ['4ba7d3d096', 'bf7828e2c2']),
  },
  /** Serif: a text serif for reading, weights 400–700. */
  lora: {
    family: 'Lora',
    weight: '400 700',
    fallback: SERIF_FALLBACK,
    files: files('@fontsource-variable/lora', 'lora', 'wght', ['ddb8c66035', '2a2d9c22c9']),
  },
  /** Monospace, weights 100–900. */
  'geist-mono': {
    family: 'Geist Mono',
    weight: '100 900',
    fallback: MONO_FALLBACK,
    files: files('@fontsource-variable/geist-mono', 'geist-mono', 'wght', [
      '684ad5b531',
      '1a189eb997',
    ]),
  },
  /** A display serif for large headings, regular weight only (set headings in it at 400). */
  'instrument-serif': {
    family: 'Instrument Serif',
    weight: '400',
    fallback: SERIF_FALLBACK,
    files: files('@fontsource/instrument-serif', 'instrument-serif', '400', [
      '5eb09b5ac0',
      '290e6267dd',
    ]),
  },
} as const satisfies Record<string, Typeface>;

export type TypefaceId = keyof typeof typefaces;

/** The face of each font a user can choose (and a template's `font` / `headingFont`). */
export const choiceTypefaces: Record<FontChoice, TypefaceId> = {
  'Sans Serif': 'figtree',
  Serif: 'lora',
  Monospace: 'geist-mono',
};

/** A `font-family` value: the face, then its system fallbacks. */
export function fontStack(id: TypefaceId): string {
  const t = typefaces[id];
  return `"${t.family}",${t.fallback}`;
}

/** Every font file, by its name under FONT_PATH. */
export const fontFiles: ReadonlyMap<string, FontFile> = new Map(
  Object.values(typefaces).flatMap((t) => t.files.map((f) => [f.name, f] as const)),
);

/** The @font-face rules of some faces (`font-display: swap`: text shows at once in a fallback). */
export function fontFaceCss(ids: Iterable<TypefaceId>): string {
  let css = '';
  for (const id of new Set(ids)) {
    const t = typefaces[id];
    for (const f of t.files) {
      css += `@font-face{font-family:"${t.family}";font-style:normal;font-weight:${t.weight};font-display:swap;src:url(${FONT_PATH}${f.name}) format("woff2");unicode-range:${f.unicodeRange}}`;
    }
  }
  return css;
}
