import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint, tintBg } from './tint.ts';

/**
 * Playful, bold cards with hard shadows, laid open: each entry is a card whose coloured front
 * (number, title, place, dates) sits beside its inside (what was done), so every fact reads
 * without a click. Hovering a card only lifts it and flips its number over: decoration.
 */
export const cardflip: TemplateDefinition = {
  id: 'cardflip',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#fff7ed',
    surface: '#ffffff',
    text: '#1c1917',
    muted: '#57534e',
    accent: '#be123c',
    accentText: '#ffffff',
    border: '#1c1917',
    chipBg: '#ffe4e6',
    chipText: '#881337',
  },
  contrastPairs: [
    ['#fff7ed', '#1c1917', 'section title sticker'],
    ['#1c1917', '#ffe4e6', 'pink card'],
    ['#57534e', '#ffe4e6', 'pink card muted'],
    ['#be123c', '#ffe4e6', 'pink card links'],
    ['#1c1917', '#dbeafe', 'blue card'],
    ['#57534e', '#dbeafe', 'blue card muted'],
    ['#be123c', '#dbeafe', 'blue card links'],
    ['#1c1917', '#fef3c7', 'yellow card'],
    ['#57534e', '#fef3c7', 'yellow card muted'],
    ['#be123c', '#fef3c7', 'yellow card links'],
    ['#1c1917', '#dcfce7', 'green card'],
    ['#57534e', '#dcfce7', 'green card muted'],
    ['#be123c', '#dcfce7', 'green card links'],
  ],
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 66rem;
      --radius: 18px;
      --ink: ${tint('#1c1917')};
      --pop: 5px 5px 0 var(--ink);
      --section-gap: clamp(2.5rem, 6vw, 4rem);
    }
    body {
      background-color: var(--bg);
      background-image: radial-gradient(${tintBg('#f5d9bf')} 1.2px, transparent 1.2px);
      background-size: 22px 22px;
    }
    .hero-inner {
      gap: clamp(1.5rem, 5vw, 3rem);
    }
    .avatar {
      border: 3px solid var(--ink);
      box-shadow: var(--pop);
      border-radius: 24px;
      transform: rotate(-3deg);
      width: clamp(7rem, 18vw, 10rem);
    }
    .name {
      font-weight: 900;
      letter-spacing: -0.035em;
      line-height: 1.05;
      background: linear-gradient(
          transparent 62%,
          var(--theme-soft, #fda4af) 62%,
          var(--theme-soft, #fda4af) 90%,
          transparent 90%
        )
        no-repeat;
      display: inline;
      box-decoration-break: clone;
      -webkit-box-decoration-break: clone;
    }
    .role {
      color: var(--text);
      font-weight: 650;
      margin-top: 1rem;
    }
    .hero {
      --pill-border: 2px solid var(--ink);
      --pill-bg: var(--surface);
      --pill-shadow: 3px 3px 0 var(--ink);
    }
    .in-hero {
      margin-top: 0.25rem;
    }
    .in-hero li {
      font-weight: 600;
    }
    /* On a phone the pills stack, one a line: the web font arriving cannot rewrap them and shift
       the page. */
    @media (max-width: 30rem) {
      .in-hero .contact-list {
        flex-direction: column;
        align-items: flex-start;
      }
    }
    .section-title {
      display: inline-flex;
      background: var(--ink);
      color: var(--bg);
      padding: 0.3rem 1.1rem;
      border-radius: 999px;
      transform: rotate(-1.5deg);
      font-size: clamp(1.15rem, 1vw + 0.9rem, 1.45rem);
      font-weight: 850;
      margin-bottom: 1.5rem;
    }
    .section:nth-child(even) .section-title {
      transform: rotate(1.5deg);
    }
    /* Sections without entries are one card each. */
    main > .section:not(.s-experience, .s-education, .s-projects) {
      background: var(--surface);
      border: 2px solid var(--ink);
      border-radius: var(--radius);
      box-shadow: var(--pop);
      padding: clamp(1.25rem, 4vw, 2rem);
    }
    .s-summary p {
      font-size: clamp(1.0625rem, 0.8vw + 0.9rem, 1.375rem);
      font-weight: 500;
      line-height: 1.5;
    }
    /* Entries: cards in a grid; a card with details spans the row and opens flat. */
    .entries {
      counter-reset: card;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr));
      align-items: start;
      gap: 1.5rem;
    }
    .entry {
      counter-increment: card;
      display: grid;
      position: relative;
      overflow: hidden;
      border: 2px solid var(--ink);
      border-radius: var(--radius);
      box-shadow: var(--pop);
      background: var(--surface);
      transition:
        transform 0.2s ease,
        box-shadow 0.2s ease;
    }
    .entry.has-details {
      grid-column: 1 / -1;
    }
    .entry:nth-child(4n + 1) {
      --card: ${tintBg('#ffe4e6')};
    }
    .entry:nth-child(4n + 2) {
      --card: ${tintBg('#dbeafe')};
    }
    .entry:nth-child(4n + 3) {
      --card: ${tintBg('#fef3c7')};
    }
    .entry:nth-child(4n + 4) {
      --card: ${tintBg('#dcfce7')};
    }
    .entry-head {
      background: var(--card);
      padding: 1.25rem 1.4rem 1.4rem;
    }
    .entry-head::before {
      content: counter(card, decimal-leading-zero);
      content: counter(card, decimal-leading-zero) / '';
      display: inline-block;
      font-size: 2.25rem;
      font-weight: 900;
      line-height: 1;
      letter-spacing: -0.04em;
      color: transparent;
      -webkit-text-stroke: 1.5px var(--ink);
      margin-bottom: 0.75rem;
      transition: transform 0.5s cubic-bezier(0.2, 0.7, 0.2, 1);
    }
    .entry-title {
      font-size: 1.25rem;
      font-weight: 850;
      line-height: 1.2;
    }
    .entry-sub {
      font-weight: 650;
      margin-top: 0.25rem;
    }
    .entry-meta {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.35rem 0.6rem;
      color: var(--text);
      margin-top: 0.7rem;
    }
    .entry-meta .sep {
      display: none;
    }
    .entry-meta span:first-child {
      display: inline-block;
      background: var(--surface);
      border: 1.5px solid var(--ink);
      border-radius: 999px;
      padding: 0 0.6rem;
      font-weight: 650;
      font-variant-numeric: tabular-nums;
    }
    .entry-body {
      margin: 0;
      padding: 1.25rem 1.4rem 1.4rem;
      border-top: 2px dashed var(--ink);
    }
    .entry-body > * + * {
      margin-top: 0.85rem;
    }
    .entry-image {
      border: 2px solid var(--ink);
    }
    @media (min-width: 46rem) {
      .entry.has-details {
        grid-template-columns: minmax(14rem, 2fr) minmax(0, 5fr);
      }
      .has-details > .entry-body {
        border-top: 0;
        border-left: 2px dashed var(--ink);
        padding: 1.4rem 1.6rem;
      }
    }
    @media (hover: hover) and (prefers-reduced-motion: no-preference) {
      .entry:hover {
        transform: translate(-2px, -2px);
        box-shadow: 8px 8px 0 var(--ink);
      }
      .entry:hover > .entry-head::before {
        transform: rotateY(360deg);
      }
    }
    .bullets {
      list-style: square;
    }
    .tags li {
      border: 1.5px solid var(--ink);
      font-weight: 650;
    }
    .section:not(.in-hero) .contact-list li {
      border: 2px solid var(--ink);
      border-radius: 14px;
      padding: 0.75rem 1rem;
      background: var(--bg);
    }
    .field input,
    .field textarea {
      border: 2px solid var(--ink);
      background: var(--bg);
      border-radius: 12px;
    }
    .button {
      border: 2px solid var(--ink);
      border-radius: 999px;
      box-shadow: 4px 4px 0 var(--ink);
    }
    .button:active {
      transform: translate(2px, 2px);
      box-shadow: 2px 2px 0 var(--ink);
    }
    .site-footer {
      border-top: 2px solid var(--ink);
    }
  `,
};
