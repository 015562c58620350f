import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint } from './tint.ts';

/** A quiet, high-contrast dark page: one narrow column, hairlines and a cool blue accent. */
export const darkmode: TemplateDefinition = {
  id: 'darkmode',
  colorScheme: 'dark',
  font: 'Sans Serif',
  palette: {
    bg: '#0e0f13',
    surface: '#17191f',
    text: '#e8e9ee',
    muted: '#a3a7b3',
    accent: '#8cb4ff',
    accentText: '#0e0f13',
    border: '#2a2d36',
    chipBg: '#1c2232',
    chipText: '#cbd8ff',
  },
  css: css`
    :root {
      --max: 46rem;
      --section-gap: clamp(3rem, 7vw, 4.5rem);
    }
    .hero {
      padding-top: clamp(4rem, 12vw, 8rem);
    }
    .avatar {
      width: 5.5rem;
      box-shadow:
        0 0 0 1px var(--border),
        0 0 0 6px var(--bg),
        0 0 0 7px var(--accent);
    }
    .name {
      font-size: clamp(2.4rem, 4vw + 1.2rem, 3.6rem);
      font-weight: 700;
      letter-spacing: -0.035em;
    }
    .role {
      font-size: 1.2rem;
    }
    .in-hero {
      margin-top: 0.5rem;
    }
    .in-hero .contact-list {
      gap: 0.5rem 1.25rem;
      font-size: 0.9375rem;
    }
    .in-hero a {
      color: var(--text);
      text-decoration: none;
      border-bottom: 1px solid var(--border);
      padding-bottom: 2px;
    }
    .in-hero a:hover {
      border-color: var(--accent);
      color: var(--accent);
    }
    .section-title {
      font-family: var(--font);
      font-size: 0.8125rem;
      font-weight: 650;
      letter-spacing: 0.16em;
      text-transform: uppercase;
      color: var(--muted);
      margin-bottom: 1.75rem;
    }
    .section-title::after {
      content: '';
      flex: 1;
      height: 1px;
      background: var(--border);
    }
    .entries {
      gap: 2.25rem;
    }
    .entry-title {
      font-size: 1.0625rem;
      font-weight: 600;
    }
    .entry-sub {
      color: var(--muted);
      font-weight: 400;
    }
    @media (min-width: 40rem) {
      .entry {
        display: grid;
        grid-template-columns: 8.5rem minmax(0, 1fr);
        column-gap: 2rem;
      }
      .entry-head {
        display: contents;
      }
      .entry-head > * {
        grid-column: 2;
      }
      .entry-head > .entry-meta {
        grid-column: 1;
        grid-row: 1 / span 3;
        margin: 0.2rem 0 0;
        font-size: 0.8125rem;
        line-height: 1.5;
      }
      .entry-meta .sep {
        display: none;
      }
      .entry-meta span {
        display: block;
      }
      .entry-body {
        grid-column: 2;
      }
    }
    .entry-body {
      color: ${tint('#c9ccd6')};
    }
    .bullets li::marker {
      content: '–  ';
    }
    .tags li {
      border: 1px solid #2c3550;
    }
    .s-summary p {
      font-size: 1.125rem;
      color: ${tint('#d5d7de')};
      line-height: 1.75;
    }
    .section:not(.in-hero) .contact-list li {
      padding: 1rem 0;
      border-top: 1px solid var(--border);
    }
    .field input,
    .field textarea {
      background: var(--surface);
      border-color: #4a4f5c;
    }
    .site-footer {
      border-color: var(--border);
    }
    ::selection {
      background: var(--accent);
      color: var(--accent-text);
    }
  `,
  contrastPairs: [
    ['#c9ccd6', '#0e0f13', 'entry details'],
    ['#d5d7de', '#0e0f13', 'summary text'],
  ],
};
