import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { glow, themed } from './tint.ts';

/** A fixed deep-teal identity panel on the left; the story scrolls on warm paper to the right. */
export const splitscreen: TemplateDefinition = {
  id: 'splitscreen',
  colorScheme: 'light',
  font: 'Sans Serif',
  // An editorial display serif for the name, section titles and the summary.
  displayFont: 'instrument-serif',
  palette: {
    bg: '#faf8f4',
    surface: '#f1ede5',
    text: '#1c1f23',
    muted: '#585e66',
    accent: '#0b6464',
    accentText: '#ffffff',
    border: '#e2ddd3',
    chipBg: '#e3efec',
    chipText: '#0b4d4d',
  },
  contrastPairs: [
    ['#f6f2ea', '#13343b', 'panel text'],
    ['#b8cfcb', '#13343b', 'panel muted text'],
    ['#f2c14e', '#13343b', 'panel links'],
    ['#13343b', '#f2c14e', 'panel button'],
  ],
  hooks: { contactInHeader: true, nav: true, heroContact: 'stacked' },
  css: css`
    body {
      /* The display face has one weight: headings asked for 600 use it as drawn, never a
         smeared bold (a font the user chooses has its own weights). */
      font-synthesis-weight: none;
    }
    .hero {
      --text: #f6f2ea;
      --heading: #f6f2ea;
      --muted: #b8cfcb;
      --accent: ${themed('#f2c14e')};
      --accent-text: #13343b;
      --focus: #f2c14e;
      background: #13343b;
      color: var(--text);
      margin: 0 calc(-1 * var(--gutter)) var(--section-gap);
      padding: clamp(2.5rem, 8vw, 4rem) var(--gutter);
    }
    .hero-inner {
      flex-direction: column;
      align-items: flex-start;
      gap: 1.75rem;
    }
    .hero-text {
      flex-basis: auto;
    }
    .avatar {
      width: 7.5rem;
      border-radius: 20px;
      box-shadow: 0 0 0 4px ${glow('#f2c14e', 35)};
    }
    .name {
      font-size: clamp(2.75rem, 3.5vw + 1.6rem, 4.25rem);
      font-weight: 600;
      letter-spacing: -0.01em;
      line-height: 1;
    }
    .role {
      font-family: var(--font);
      font-size: 1.125rem;
    }
    .in-hero .contact-list {
      gap: 0.85rem;
    }
    .in-hero a {
      text-decoration: underline;
      text-decoration-color: var(--accent);
    }
    .site-nav {
      border-top: 1px solid rgba(246, 242, 234, 0.18);
      padding-top: 1.5rem;
      width: 100%;
    }
    .site-nav ul {
      gap: 0.35rem 1.25rem;
    }
    .site-nav a {
      color: var(--text);
      text-decoration: none;
      font-size: 0.9375rem;
      display: inline-flex;
      align-items: center;
      gap: 0.6rem;
    }
    .site-nav a::before {
      content: '';
      width: 1rem;
      height: 1px;
      background: var(--accent);
      transition: width 0.2s;
    }
    .site-nav a:hover::before {
      width: 1.75rem;
    }
    .site-nav .label {
      color: var(--muted);
    }
    .section-title {
      font-size: clamp(1.85rem, 1.6vw + 1.3rem, 2.5rem);
      font-weight: 600;
      letter-spacing: -0.01em;
      padding-bottom: 0.85rem;
      border-bottom: 1px solid var(--border);
      margin-bottom: 1.5rem;
    }
    .entry-meta {
      order: -1;
    }
    .entry-head {
      display: flex;
      flex-direction: column;
    }
    .entry-head .entry-meta {
      margin: 0 0 0.3rem;
      font-size: 0.75rem;
      font-weight: 700;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: var(--accent);
    }
    .entry-title {
      font-family: var(--font-head);
      font-size: 1.45rem;
      font-weight: 600;
    }
    .entries {
      gap: 2.25rem;
    }
    .s-summary p {
      font-family: var(--font-head);
      font-size: 1.4rem;
      line-height: 1.45;
    }
    .site-footer {
      border-color: var(--border);
    }
    @media (min-width: 60rem) {
      .site-nav ul {
        flex-direction: column;
      }
      .page {
        max-width: none;
        padding: 0;
        display: grid;
        grid-template-columns: minmax(20rem, 38%) minmax(0, 1fr);
        grid-template-rows: 1fr auto;
      }
      .hero {
        grid-row: 1/3;
        position: sticky;
        top: 0;
        height: 100vh;
        overflow-y: auto;
        margin: 0;
        padding: clamp(3rem, 6vh, 5rem) clamp(2rem, 4vw, 4rem);
      }
      .hero-inner {
        min-height: 100%;
        justify-content: center;
      }
      main,
      .site-footer {
        width: 100%;
        max-width: 50rem;
        padding-left: clamp(2.5rem, 6vw, 6rem);
        padding-right: clamp(2rem, 5vw, 5rem);
      }
      main {
        padding-top: clamp(3rem, 8vh, 6rem);
      }
      .site-footer {
        border: 0;
        padding-bottom: 2.5rem;
      }
    }
  `,
};
