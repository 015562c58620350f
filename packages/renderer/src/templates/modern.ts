import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';

/** Clean type, generous space and a bold indigo accent; section titles in a side column. */
export const modern: TemplateDefinition = {
  id: 'modern',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#ffffff',
    surface: '#f6f7fb',
    text: '#14161f',
    muted: '#545a6d',
    accent: '#4338ca',
    accentText: '#ffffff',
    border: '#e3e5ee',
    chipBg: '#eef0fd',
    chipText: '#3730a3',
  },
  css: css`
    body {
      background:
        radial-gradient(48rem 28rem at 100% 0, var(--chip-bg), transparent 70%) no-repeat,
        var(--bg);
    }
    .hero {
      border-bottom: 1px solid var(--border);
      margin-bottom: var(--section-gap);
    }
    .name {
      font-weight: 850;
      letter-spacing: -0.04em;
    }
    .role {
      display: flex;
      align-items: center;
      gap: 0.75rem;
      color: var(--text);
      font-weight: 500;
    }
    .role::before {
      content: '';
      width: 2.5rem;
      height: 3px;
      border-radius: 3px;
      background: var(--accent);
      flex: none;
    }
    .avatar {
      box-shadow:
        0 0 0 6px var(--bg),
        0 0 0 8px var(--accent);
    }
    .in-hero {
      margin-top: 0.5rem;
    }
    .in-hero a {
      font-weight: 600;
      text-decoration: none;
      border-bottom: 2px solid var(--chip-bg);
    }
    .in-hero a:hover {
      border-color: var(--accent);
    }
    main {
      counter-reset: sec;
    }
    @media (min-width: 56rem) {
      .section:not(.in-hero) {
        display: grid;
        grid-template-columns: 13rem minmax(0, 1fr);
        gap: 2.5rem;
      }
      .section-title {
        position: sticky;
        top: 2rem;
        align-self: start;
        flex-direction: column;
        align-items: flex-start;
      }
      .entry-head {
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto;
        column-gap: 1.5rem;
      }
      .entry-head > .entry-meta {
        grid-column: 2;
        grid-row: 1;
        text-align: right;
        margin: 0;
        padding-top: 0.15rem;
      }
      .entry-head > .entry-image {
        grid-column: 1/-1;
      }
    }
    .section-title::before {
      counter-increment: sec;
      content: counter(sec, decimal-leading-zero);
      content: counter(sec, decimal-leading-zero) / '';
      font-size: 0.8125rem;
      font-weight: 700;
      letter-spacing: 0.1em;
      color: var(--accent);
    }
    .in-hero .section-title::before {
      content: none;
    }
    .entries {
      gap: 0;
    }
    .entries > li {
      padding: 1.75rem 0;
      border-top: 1px solid var(--border);
    }
    .entries > li:first-child {
      border-top: 0;
      padding-top: 0.25rem;
    }
    .entry-meta {
      font-variant-numeric: tabular-nums;
    }
    .s-summary p {
      font-size: 1.1875rem;
      line-height: 1.65;
      max-width: 42rem;
    }
    .section:not(.in-hero) .contact-list li {
      padding: 1rem 1.25rem;
      background: var(--surface);
      border-radius: var(--radius);
    }
    .field input,
    .field textarea {
      background: var(--bg);
    }
  `,
};
