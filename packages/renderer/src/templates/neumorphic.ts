import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint, tintBg } from './tint.ts';

/**
 * Soft extruded surfaces: everything is cut from one calm material, raised or pressed in. The
 * softness is in the shapes only: text is dark and crisp (at least 7:1), and form fields carry a
 * visible edge (3:1), so nothing depends on a shadow to be read or found.
 */
export const neumorphic: TemplateDefinition = {
  id: 'neumorphic',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#e4e8ef',
    surface: '#e4e8ef',
    text: '#151a24',
    muted: '#3b4456',
    accent: '#223a96',
    accentText: '#ffffff',
    border: '#c5ccd8',
    chipBg: '#e4e8ef',
    chipText: '#151a24',
  },
  contrastPairs: [
    ['#3b4456', '#d9dee7', 'muted text in a pressed well'],
    ['#151a24', '#d9dee7', 'text in a pressed well'],
    ['#223a96', '#d9dee7', 'links in a pressed well'],
  ],
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 56rem;
      --radius: 24px;
      --shade: ${tintBg('#a9b3c4')};
      --light: #ffffff;
      /* Two shadows each way: a tight one that draws the edge, a wide one that lifts the card. */
      --raise:
        6px 6px 14px var(--shade), -6px -6px 14px var(--light), 1px 1px 2px ${tintBg('#b9c1cf')};
      --raise-sm: 3px 3px 7px var(--shade), -3px -3px 7px var(--light);
      --press: inset 2px 2px 5px var(--shade), inset -2px -2px 5px var(--light);
      --well: ${tintBg('#d9dee7')};
      --edge: ${tint('#6b7690')};
      --rim: ${tintBg('#f4f6fa')};
      --section-gap: clamp(1.25rem, 3vw, 2rem);
    }
    .page {
      padding-top: clamp(1rem, 4vw, 3rem);
    }
    @media (max-width: 30rem) {
      :root {
        --gutter: 0.875rem;
      }
    }
    .hero {
      margin-bottom: var(--section-gap);
      padding: clamp(1.75rem, 5vw, 3rem) clamp(1.25rem, 5vw, 3rem);
      border-radius: 32px;
      background: var(--surface);
      border: 1px solid var(--rim);
      box-shadow: var(--raise);
    }
    .hero-inner {
      flex-direction: column;
      text-align: center;
    }
    .hero-text {
      flex-basis: auto;
      max-width: 100%;
    }
    .avatar {
      padding: 6px;
      background: var(--surface);
      box-shadow: var(--raise-sm);
    }
    .name {
      font-weight: 800;
      letter-spacing: -0.035em;
      font-size: clamp(2.25rem, 4vw + 1rem, 3.5rem);
    }
    .role {
      color: var(--accent);
      font-weight: 600;
      font-size: clamp(1.0625rem, 0.6vw + 0.95rem, 1.25rem);
    }
    .hero {
      --pill-border: 0;
      --pill-shadow: var(--press);
      --pill-bg: var(--well);
    }
    .in-hero .contact-list {
      justify-content: center;
      gap: 0.6rem;
      margin-top: 0.25rem;
    }
    .in-hero .contact-list li {
      max-width: 100%;
      padding: 0.4rem 0.95rem;
      font-weight: 550;
      font-size: 0.875rem;
    }
    .in-hero .contact-list .c-location {
      color: var(--muted);
    }
    /* On a phone the contact details stack, one a line, so that the web font arriving (narrower
       or wider than the fallback) does not rewrap them and shift the page. */
    @media (max-width: 30rem) {
      .in-hero .contact-list {
        flex-direction: column;
        align-items: center;
      }
    }
    main > .section {
      padding: clamp(1.25rem, 4.5vw, 2.5rem);
      border-radius: var(--radius);
      background: var(--surface);
      border: 1px solid var(--rim);
      box-shadow: var(--raise);
    }
    .section-title {
      font-size: 1.3125rem;
      font-weight: 750;
      letter-spacing: -0.01em;
      gap: 0.8rem;
    }
    .section-title::before {
      content: '';
      flex: none;
      width: 2.25rem;
      height: 2.25rem;
      border-radius: 12px;
      background:
        radial-gradient(circle, var(--accent) 0 0.3rem, transparent 0.32rem), var(--surface);
      box-shadow: var(--raise-sm);
    }
    /* Entries are rows of the section's card, divided by a groove: no card inside a card, so on
       a phone the text keeps the whole width. */
    .entries {
      gap: 0;
    }
    .entries > li + li {
      margin-top: 1.5rem;
      padding-top: 1.5rem;
      box-shadow:
        inset 0 1px 0 var(--shade),
        inset 0 2px 0 var(--light);
    }
    .entry-title {
      font-size: 1.125rem;
    }
    .entry-meta {
      font-weight: 500;
      font-variant-numeric: tabular-nums;
    }
    .tags {
      gap: 0.5rem;
    }
    .tags li {
      background: var(--surface);
      box-shadow: var(--raise-sm);
      padding: 0.15rem 0.8rem;
      font-weight: 600;
    }
    .s-summary p {
      font-size: 1.125rem;
      line-height: 1.65;
    }
    .section:not(.in-hero) .contact-list li {
      padding: 0.9rem 1.1rem;
      border-radius: 16px;
      background: var(--well);
      box-shadow: var(--press);
    }
    .field label {
      color: var(--text);
    }
    .field input,
    .field textarea {
      border: 1.5px solid var(--edge);
      border-radius: 14px;
      background: var(--well);
      box-shadow: var(--press);
      padding: 0.75rem 1rem;
    }
    .button {
      border-radius: 999px;
      box-shadow:
        4px 4px 10px var(--shade),
        -4px -4px 10px var(--light);
      padding: 0.8rem 1.8rem;
    }
    .button:active {
      box-shadow: inset 3px 3px 8px rgba(0, 0, 0, 0.35);
    }
    .site-footer {
      border: 0;
      color: var(--muted);
    }
  `,
};
