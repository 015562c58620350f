/**
 * A template's own colours give way to the user's when they choose page colours: the renderer
 * then sets `--tint: 0%`, and these mix entirely into the user's text or surface colour.
 */
export const tint = (color: string): string =>
  `color-mix(in srgb,${color} var(--tint,100%),var(--text))`;

export const tintBg = (color: string): string =>
  `color-mix(in srgb,${color} var(--tint,100%),var(--surface))`;

/**
 * A template's own accent colour, replaced by the theme colour the user chose (the renderer sets
 * `--theme` only then): decorations (rings, gradients, highlights) follow the theme like links do.
 */
export const themed = (color: string): string => `var(--theme,${color})`;

/** A glow or shadow in the accent colour: `color` by default, the chosen theme colour otherwise. */
export const glow = (color: string, percent: number): string =>
  `color-mix(in srgb,${themed(color)} ${percent}%,transparent)`;
