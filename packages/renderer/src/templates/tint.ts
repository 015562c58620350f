/**
 * A template's own colours give way to the user's when they choose page colours: the renderer
 * then sets `--tint: 0%`, and these mix entirely into the user's text or surface colour.
 */
export const tint = (color: string): string =>
  `color-mix(in srgb,${color} var(--tint,100%),var(--text))`;

export const tintBg = (color: string): string =>
  `color-mix(in srgb,${color} var(--tint,100%),var(--surface))`;
