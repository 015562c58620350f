/** The parts of fontkit and wawoff2 that og-card.node.ts uses (neither ships its own types). */
declare module 'fontkit' {
  export interface Path {
    scale(x: number, y: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  export interface Glyph {
    id: number;
    path: Path;
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    variationAxes: Record<string, { min: number; default: number; max: number }>;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): GlyphRun;
    getVariation(settings: Record<string, number>): Font;
  }
  export function create(buffer: Buffer): Font;
}

declare module 'wawoff2' {
  const wawoff2: {
    decompress(woff2: Uint8Array): Promise<Uint8Array>;
    compress(ttf: Uint8Array): Promise<Uint8Array>;
  };
  export default wawoff2;
}
