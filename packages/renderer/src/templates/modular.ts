import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { themed, tintBg } from './tint.ts';

/** A bento grid: every part of the career is a card, sized by what it holds. */
export const modular: TemplateDefinition = {
  id: 'modular',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#f2efe9',
    surface: '#ffffff',
    text: '#1b1a17',
    muted: '#5e594f',
    accent: '#b93a0b',
    accentText: '#ffffff',
    border: '#e3ddd2',
    chipBg: '#f6eee4',
    chipText: '#7a2d10',
  },
  contrastPairs: [
    ['#f7f3ec', '#1b1a17', 'header card text'],
    ['#b9b2a5', '#1b1a17', 'header card muted'],
    ['#fdba74', '#1b1a17', 'header card links'],
    ['#1b1a17', '#fdba74', 'header card button'],
    ['#1b1a17', '#ffe8d2', 'summary card text'],
    ['#b93a0b', '#ffe8d2', 'summary card links'],
    ['#5e594f', '#ffe8d2', 'summary card muted'],
  ],
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 78rem;
      --radius: 26px;
      --section-gap: 1rem;
      --tile: ${tintBg('#f7f4ef')};
    }
    .page {
      padding-top: 1rem;
      padding-bottom: 1rem;
    }
    .hero {
      --text: #f7f3ec;
      --heading: #f7f3ec;
      --muted: #b9b2a5;
      --accent: ${themed('#fdba74')};
      --accent-text: #1b1a17;
      --focus: ${themed('#fdba74')};
      --pill-bg: rgba(255, 255, 255, 0.08);
      --pill-border: 0;
      background: #1b1a17;
      color: var(--text);
      border-radius: var(--radius);
      padding: clamp(1.75rem, 5vw, 3.5rem);
      margin-bottom: 1rem;
      position: relative;
      overflow: hidden;
    }
    .hero::after {
      content: '';
      position: absolute;
      right: -6rem;
      top: -6rem;
      width: 20rem;
      height: 20rem;
      border-radius: 50%;
      background: radial-gradient(circle, ${themed('#b93a0b')}, transparent 70%);
      opacity: 0.55;
      pointer-events: none;
    }
    .hero-inner {
      position: relative;
      z-index: 1;
    }
    .avatar {
      border-radius: 22px;
      width: clamp(6rem, 14vw, 8.5rem);
    }
    .name {
      font-weight: 800;
      letter-spacing: -0.04em;
    }
    /* The bento: cards flow in rows and share each row's width; a row is as tall as its
       tallest card, and no card spans rows, so none is stretched far past its content. Lists of
       entries take a whole row and lay their entries out as tiles inside. */
    main {
      display: flex;
      flex-wrap: wrap;
      gap: 1rem;
      padding-bottom: 1rem;
    }
    main > .section {
      flex: 1 1 17rem;
      background: var(--surface);
      border-radius: var(--radius);
      padding: clamp(1.1rem, 3vw, 2rem);
      border: 1px solid var(--border);
    }
    main > .s-skills {
      flex: 2 1 24rem;
    }
    main > :is(.s-summary, .s-experience, .s-education, .s-projects, .s-message) {
      flex-basis: 100%;
    }
    .section-title {
      font-size: 0.8125rem;
      font-weight: 750;
      letter-spacing: 0.12em;
      text-transform: uppercase;
      color: var(--muted);
      margin-bottom: 1.25rem;
    }
    .section-title::before {
      content: '';
      width: 0.6rem;
      height: 0.6rem;
      border-radius: 3px;
      background: var(--accent);
    }
    main > .s-summary {
      background: ${tintBg('#ffe8d2')};
      border-color: #f7d3b1;
    }
    .s-summary p {
      font-size: clamp(1.15rem, 1vw + 0.9rem, 1.45rem);
      line-height: 1.5;
      font-weight: 500;
      letter-spacing: -0.01em;
    }
    /* Tiles share their row's width, so a last row of fewer tiles leaves no hole. */
    .entries {
      display: flex;
      flex-wrap: wrap;
      gap: 0.75rem;
    }
    .entry {
      flex: 1 1 19rem;
      background: var(--tile);
      border-radius: 18px;
      padding: clamp(1rem, 2.5vw, 1.25rem) clamp(1rem, 2.5vw, 1.35rem);
    }
    .entry-title {
      font-size: 1.0625rem;
    }
    .entry-meta {
      font-variant-numeric: tabular-nums;
    }
    .entry-body {
      font-size: 0.9375rem;
    }
    .tags li {
      background: var(--surface);
    }
    .skill-groups .tags li {
      background: var(--chip-bg);
    }
    .section:not(.in-hero) .contact-list {
      grid-template-columns: 1fr;
    }
    .site-footer {
      border: 0;
      padding: 1.25rem 0.5rem;
    }
  `,
};
