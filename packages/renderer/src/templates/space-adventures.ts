import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { glow, tintBg } from './tint.ts';

/**
 * Stars at night: a quiet starfield, a ringed planet beside the header and the career as a
 * timeline of glowing waypoints. The theme is in the picture only; the words are a résumé's.
 */
export const spaceAdventures: TemplateDefinition = {
  id: 'new',
  colorScheme: 'dark',
  font: 'Sans Serif',
  palette: {
    bg: '#070b1f',
    surface: '#0e1533',
    text: '#e9ecff',
    muted: '#a9b1d6',
    accent: '#ffb454',
    accentText: '#1a1205',
    border: '#28315c',
    chipBg: '#1a2350',
    chipText: '#dbe1ff',
  },
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 62rem;
      --section-gap: clamp(1.5rem, 4vw, 2.5rem);
      --radius: 18px;
    }
    body {
      background:
        radial-gradient(70rem 40rem at 85% -10%, ${tintBg('#1b2466')} 0, transparent 60%),
        radial-gradient(50rem 30rem at -10% 60%, ${tintBg('#140d3d')} 0, transparent 60%), var(--bg);
    }
    body::before,
    body::after {
      content: '';
      position: fixed;
      inset: 0;
      pointer-events: none;
      z-index: -1;
      background-repeat: repeat;
    }
    body::before {
      background-image:
        radial-gradient(1px 1px at 25px 35px, #fff, transparent),
        radial-gradient(1px 1px at 140px 90px, #cdd5ff, transparent),
        radial-gradient(1.5px 1.5px at 210px 160px, #fff, transparent),
        radial-gradient(1px 1px at 80px 220px, #ffe7c2, transparent),
        radial-gradient(1px 1px at 180px 20px, #fff, transparent);
      background-size: 260px 260px;
      opacity: 0.8;
    }
    body::after {
      background-image:
        radial-gradient(2px 2px at 60px 120px, #fff, transparent),
        radial-gradient(1.5px 1.5px at 320px 40px, #ffd9a0, transparent),
        radial-gradient(2px 2px at 400px 300px, #cdd5ff, transparent);
      background-size: 480px 420px;
      opacity: 0.7;
    }
    .page {
      position: relative;
      z-index: 0;
    }
    .hero {
      /* The planet's size; its ring reaches 0.3 of it past the planet on the right, so the planet
         keeps that far from the window's edge minus the gutter, and nothing scrolls sideways. */
      --planet: clamp(5.5rem, 19vw, 13rem);
      --planet-top: clamp(1rem, 3vw, 2.5rem);
      position: relative;
      padding-top: calc(var(--planet-top) + var(--planet) + 1.5rem);
    }
    @media (min-width: 48rem) {
      .hero {
        padding-top: clamp(4rem, 10vw, 7rem);
      }
      /* Beside the planet, the header's text keeps clear of it. */
      .hero-inner {
        padding-right: calc(var(--planet) + 1.5rem);
      }
    }
    .hero::after,
    .hero::before {
      content: '';
      position: absolute;
      z-index: -1;
      pointer-events: none;
    }
    .hero::after {
      right: max(0px, calc(0.34 * var(--planet) - var(--gutter)));
      top: var(--planet-top);
      width: var(--planet);
      aspect-ratio: 1;
      border-radius: 50%;
      background: radial-gradient(circle at 32% 30%, #ffd59a, #e07b39 45%, #6b2a12 75%);
      box-shadow: 0 0 80px rgba(255, 160, 80, 0.35);
      opacity: 0.9;
    }
    .hero::before {
      right: calc(max(0px, calc(0.34 * var(--planet) - var(--gutter))) - 0.3 * var(--planet));
      top: calc(var(--planet-top) + 0.36 * var(--planet));
      width: calc(1.6 * var(--planet));
      height: calc(0.28 * var(--planet));
      border-radius: 50%;
      border: 2px solid rgba(255, 213, 154, 0.45);
      transform: rotate(-18deg);
    }
    .avatar {
      box-shadow:
        0 0 0 3px var(--bg),
        0 0 0 5px var(--accent),
        0 0 40px ${glow('#ffb454', 45)};
    }
    .name {
      font-weight: 800;
      letter-spacing: -0.02em;
      text-shadow: 0 0 40px ${glow('#ffb454', 30)};
      max-width: 14ch;
    }
    .role {
      color: var(--accent);
      font-weight: 500;
    }
    .hero {
      --pill-bg: rgba(14, 21, 51, 0.7);
    }
    main > .section {
      background: rgba(14, 21, 51, 0.82);
      border: 1px solid var(--border);
      border-radius: var(--radius);
      padding: clamp(1.5rem, 4vw, 2.5rem);
    }
    .section-title {
      font-size: clamp(1.4rem, 1.2vw + 1rem, 1.85rem);
      letter-spacing: -0.01em;
      flex-direction: column;
      align-items: flex-start;
      gap: 0.7rem;
    }
    .section-title::after {
      content: '';
      width: 2.25rem;
      height: 3px;
      border-radius: 3px;
      background: linear-gradient(90deg, var(--accent), transparent);
    }
    .in-hero .section-title::after {
      content: none;
    }
    .entries {
      position: relative;
      gap: 2rem;
      padding-left: 1.75rem;
    }
    .entries::before {
      content: '';
      position: absolute;
      left: 5px;
      top: 0.5rem;
      bottom: 0.5rem;
      border-left: 2px dashed var(--border);
    }
    .entry {
      position: relative;
    }
    .entry::before {
      content: '';
      position: absolute;
      left: -1.75rem;
      top: 0.4rem;
      width: 12px;
      height: 12px;
      border-radius: 50%;
      background: var(--accent);
      box-shadow:
        0 0 0 4px ${glow('#ffb454', 18)},
        0 0 14px ${glow('#ffb454', 60)};
    }
    .entry-meta {
      font-variant-numeric: tabular-nums;
    }
    .tags li {
      border: 1px solid #313c7a;
    }
    .section:not(.in-hero) .contact-list li {
      border-left: 3px solid var(--accent);
      padding-left: 1rem;
    }
    .field input,
    .field textarea {
      background: ${tintBg('#0a1029')};
      border-color: #4b568f;
    }
    .button {
      border-radius: 999px;
      box-shadow: 0 0 24px ${glow('#ffb454', 35)};
    }
    .site-footer {
      border-color: var(--border);
    }
  `,
};
