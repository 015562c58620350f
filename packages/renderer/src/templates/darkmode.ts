import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { themed, tint } from './tint.ts';

/**
 * A dark studio index: a poster-sized name, a summary set as a statement, and the career as an
 * index of rows (what and where on the left, what was done on the right) on near-black with one
 * signal-lime accent; skills read as a line of words, lists as numbered rows.
 */
export const darkmode: TemplateDefinition = {
  id: 'darkmode',
  colorScheme: 'dark',
  font: 'Sans Serif',
  palette: {
    bg: '#0b0b0c',
    surface: '#151517',
    text: '#f3f3ef',
    muted: '#a1a19b',
    accent: '#c8f04c',
    accentText: '#0b0b0c',
    border: '#2a2a2d',
    chipBg: '#1a1a1c',
    chipText: '#e9e9e4',
  },
  contrastPairs: [['#cfcfca', '#0b0b0c', 'entry details']],
  css: css`
    :root {
      --max: 72rem;
      --section-gap: clamp(3.5rem, 8vw, 6rem);
      --signal: ${themed('#c8f04c')};
    }
    .hero {
      padding: clamp(3rem, 10vw, 7rem) 0 clamp(2.5rem, 6vw, 4rem);
      margin-bottom: var(--section-gap);
      border-bottom: 1px solid var(--border);
    }
    .avatar {
      width: clamp(5rem, 10vw, 7rem);
      border-radius: 50%;
      filter: grayscale(1) contrast(1.05);
      box-shadow:
        0 0 0 1px var(--border),
        0 0 0 5px var(--bg),
        0 0 0 6px var(--signal);
    }
    .hero-inner {
      align-items: flex-end;
    }
    .name {
      font-size: clamp(3rem, 7.5vw + 0.75rem, 6.5rem);
      font-weight: 750;
      letter-spacing: -0.05em;
      line-height: 0.95;
      max-width: 14ch;
    }
    .role {
      display: flex;
      align-items: baseline;
      gap: 0.75rem;
      margin-top: 1.25rem;
      font-size: clamp(1.2rem, 1.2vw + 0.9rem, 1.75rem);
      font-weight: 400;
      color: var(--muted);
    }
    .role::before {
      content: '';
      flex: none;
      width: 0.55em;
      height: 0.55em;
      border-radius: 50%;
      background: var(--signal);
      box-shadow: 0 0 0 4px color-mix(in srgb, var(--signal) 22%, transparent);
    }
    .in-hero {
      margin-top: 0.5rem;
    }
    .in-hero .contact-list {
      gap: 0.6rem 1.75rem;
      font-family: var(--font-mono);
      font-size: 0.875rem;
    }
    .in-hero a {
      color: var(--text);
      text-decoration: none;
    }
    .in-hero a::after {
      content: ' ↗';
      content: ' ↗' / '';
      color: var(--accent);
    }
    .in-hero a:hover {
      color: var(--accent);
    }
    main {
      counter-reset: sec;
    }
    /* A section title on the left, its number at the far right of the row. */
    .section-title {
      counter-increment: sec;
      align-items: baseline;
      font-size: clamp(1.75rem, 2vw + 1rem, 2.75rem);
      font-weight: 650;
      letter-spacing: -0.03em;
      margin-bottom: clamp(1.5rem, 3vw, 2.25rem);
    }
    .section-title::after {
      content: '/' counter(sec, decimal-leading-zero);
      content: '/' counter(sec, decimal-leading-zero) / '';
      margin-left: auto;
      font-family: var(--font-mono);
      font-size: 0.875rem;
      font-weight: 500;
      letter-spacing: 0;
      color: var(--accent);
    }
    .s-summary p {
      font-size: clamp(1.3rem, 1.3vw + 0.95rem, 2rem);
      line-height: 1.4;
      letter-spacing: -0.015em;
      max-width: 54rem;
    }
    /* The index: one row per entry, hairlines between. */
    .entries {
      gap: 0;
      border-bottom: 1px solid var(--border);
    }
    .entries > li {
      padding: clamp(1.5rem, 3vw, 2.25rem) 0;
      border-top: 1px solid var(--border);
    }
    .entry-title {
      font-size: clamp(1.125rem, 0.6vw + 1rem, 1.375rem);
      font-weight: 650;
      letter-spacing: -0.01em;
    }
    .entry-sub {
      color: var(--text);
      font-weight: 400;
      margin-top: 0.3rem;
    }
    .entry-meta {
      font-family: var(--font-mono);
      font-size: 0.8125rem;
      margin-top: 0.6rem;
    }
    .entry-body {
      color: ${tint('#cfcfca')};
    }
    @media (min-width: 52rem) {
      .entry.has-details {
        display: grid;
        grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
        column-gap: clamp(2rem, 5vw, 4rem);
      }
      .has-details > .entry-body {
        margin-top: 0.15rem;
      }
    }
    .bullets {
      list-style: none;
      padding: 0;
    }
    .bullets li {
      position: relative;
      padding-left: 1.4rem;
    }
    .bullets li::before {
      content: '';
      position: absolute;
      left: 0;
      top: 0.8em;
      width: 0.6rem;
      height: 1px;
      background: var(--accent);
    }
    /* Lists of their own (awards, publications, activities) are numbered rows. */
    .section-body > .bullets {
      counter-reset: row;
      border-bottom: 1px solid var(--border);
    }
    .section-body > .bullets > li {
      counter-increment: row;
      margin: 0;
      padding: 1rem 0 1rem 3rem;
      border-top: 1px solid var(--border);
    }
    .section-body > .bullets > li::before {
      content: counter(row, decimal-leading-zero);
      content: counter(row, decimal-leading-zero) / '';
      top: 1.15rem;
      width: auto;
      height: auto;
      background: none;
      font-family: var(--font-mono);
      font-size: 0.8125rem;
      color: var(--accent);
    }
    /* Skills and languages read as a line of words. */
    .tags {
      gap: 0.2rem 0;
    }
    .tags li {
      background: none;
      color: var(--text);
      padding: 0;
      border-radius: 0;
      font-size: 1.0625rem;
      font-weight: 450;
    }
    .tags li:not(:last-child)::after {
      content: '/';
      content: '/' / '';
      color: var(--muted);
      margin: 0 0.6rem;
    }
    .entry-body .tags li {
      font-family: var(--font-mono);
      font-size: 0.8125rem;
      color: var(--muted);
    }
    .skill-groups {
      gap: 2rem 3rem;
    }
    .skill-group h3,
    .label {
      font-family: var(--font-mono);
      font-weight: 500;
      letter-spacing: 0.04em;
      text-transform: none;
      color: var(--accent);
    }
    .section:not(.in-hero) .contact-list li {
      padding: 1rem 0;
      border-top: 1px solid var(--border);
    }
    .field input,
    .field textarea {
      background: var(--surface);
      border-color: #4a4a4f;
      border-radius: 4px;
    }
    .button {
      border-radius: 999px;
    }
    .site-footer {
      font-family: var(--font-mono);
      font-size: 0.8125rem;
    }
    ::selection {
      background: var(--accent);
      color: var(--accent-text);
    }
  `,
};
