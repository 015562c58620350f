import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint, tintBg } from './tint.ts';

/** A code editor: window chrome, an explorer sidebar, sections as typed declarations. */
export const developer: TemplateDefinition = {
  id: 'developer',
  colorScheme: 'dark',
  font: 'Monospace',
  palette: {
    bg: '#1e1e2e',
    surface: '#181825',
    text: '#cdd6f4',
    muted: '#a6adc8',
    accent: '#89b4fa',
    accentText: '#11111b',
    border: '#313244',
    chipBg: '#313244',
    chipText: '#cdd6f4',
  },
  contrastPairs: [
    ['#cba6f7', '#1e1e2e', 'keywords'],
    ['#a6e3a1', '#1e1e2e', 'strings'],
    ['#fab387', '#1e1e2e', 'numbers'],
    ['#9399b2', '#1e1e2e', 'comments'],
    ['#cdd6f4', '#181825', 'sidebar text'],
    ['#11111b', '#89b4fa', 'status bar'],
  ],
  hooks: {
    heroContact: 'stacked',
    nav: true,
    contactInHeader: true,
    windowTitle: (slug) => `${slug} — ~/portfolio — Code`,
    sectionIntro: (key) => `// ${key === 'message' ? 'contact-form' : key}.ts`,
  },
  css: css`
    :root {
      --max: 88rem;
      --radius: 6px;
      --h1: clamp(1.6rem, 1.5vw + 1.1rem, 2.1rem);
      --h2: 1.25rem;
      --h3: 1rem;
      --section-gap: 3rem;
    }
    body {
      background: #11111b;
      font-size: 0.9375rem;
    }
    .page {
      background: var(--bg);
      padding: 0;
      margin: clamp(0rem, 2vw, 2rem) auto;
      border: 1px solid var(--border);
      border-radius: 10px;
      overflow: hidden;
      box-shadow: 0 40px 80px -30px rgba(0, 0, 0, 0.7);
    }
    .window-bar {
      background: ${tintBg('#11111b')};
      border-bottom: 1px solid var(--border);
      justify-content: flex-start;
    }
    .hero {
      background: var(--surface);
      border-right: 1px solid var(--border);
      padding: 1.5rem 1.25rem;
    }
    .hero-inner {
      flex-direction: column;
      align-items: flex-start;
      gap: 1.25rem;
    }
    .hero-text {
      flex-basis: auto;
    }
    .avatar {
      width: 4.5rem;
      border-radius: 8px;
    }
    .name {
      font-weight: 700;
      letter-spacing: -0.01em;
      color: ${tint('#cdd6f4')};
    }
    .name::before {
      content: 'const ';
      content: 'const ' / '';
      color: ${tint('#cba6f7')};
      font-weight: 400;
      display: block;
      font-size: 0.8125rem;
    }
    .role {
      font-size: 0.9375rem;
      color: ${tint('#a6e3a1')};
      margin-top: 0.4rem;
    }
    .role::before {
      content: '"';
    }
    .role::after {
      content: '"';
    }
    .in-hero .contact-list {
      gap: 0.2rem;
      font-size: 0.8125rem;
    }
    .in-hero .label {
      display: inline;
      font-family: var(--font-mono);
      font-size: inherit;
      text-transform: lowercase;
      color: ${tint('var(--accent)')};
    }
    .in-hero .label::before {
      content: none;
    }
    .in-hero .label::after {
      content: ':';
      color: var(--muted);
    }
    .in-hero a,
    .in-hero .c-location {
      color: ${tint('#a6e3a1')};
    }
    .site-nav {
      width: 100%;
      border-top: 1px solid var(--border);
      padding-top: 1rem;
    }
    .site-nav .label {
      font-size: 0.6875rem;
      letter-spacing: 0.14em;
    }
    .site-nav ul {
      gap: 0.15rem 0.5rem;
    }
    .site-nav a {
      display: block;
      padding: 0.3rem 0.5rem;
      border-radius: 4px;
      color: var(--text);
      text-decoration: none;
      font-size: 0.875rem;
    }
    .site-nav a::before {
      content: '▸ ';
      color: ${tint('#fab387')};
    }
    .site-nav a:hover {
      background: #313244;
    }
    main {
      padding: 2rem clamp(1.25rem, 4vw, 3rem) 3rem;
      counter-reset: line;
    }
    main > .section {
      border-left: 1px solid var(--border);
      padding-left: 1.25rem;
    }
    .section-intro {
      color: ${tint('#9399b2')};
      font-size: 0.8125rem;
      margin-bottom: 0.35rem;
    }
    /* One line of code that wraps between its words, never inside the section's name. */
    .section-title {
      display: block;
      font-weight: 600;
      overflow-wrap: break-word;
    }
    .section-title::before {
      content: 'export const ';
      content: 'export const ' / '';
      color: ${tint('#cba6f7')};
      font-weight: 400;
    }
    .section-title::after {
      content: ' = {';
      content: ' = {' / '';
      color: var(--muted);
      font-weight: 400;
    }
    main > .section::after {
      content: '};';
      content: '};' / '';
      display: block;
      color: var(--muted);
      margin-top: 1rem;
    }
    .in-hero::after {
      content: none;
    }
    .entries {
      gap: 1.5rem;
      padding-left: 1.25rem;
    }
    .entry-title {
      color: ${tint('var(--accent)')};
      font-weight: 600;
    }
    .entry-title a {
      color: ${tint('var(--accent)')};
    }
    .entry-sub {
      color: ${tint('#a6e3a1')};
    }
    .entry-meta {
      color: ${tint('#fab387')};
    }
    .entry-meta .sep {
      color: var(--muted);
    }
    .bullets {
      list-style: none;
      padding-left: 0;
    }
    .bullets li {
      padding-left: 1.25rem;
      position: relative;
    }
    .bullets li::before {
      content: '-';
      position: absolute;
      left: 0;
      color: ${tint('#9399b2')};
    }
    .tags {
      gap: 0.1rem 0.6rem;
    }
    .tags li {
      padding: 0;
      background: none;
      color: ${tint('#a6e3a1')};
      font-size: 0.875rem;
      font-weight: 400;
    }
    .tags li::before {
      content: '"';
    }
    .tags li::after {
      content: '",';
      color: var(--muted);
    }
    .label,
    .skill-group h3 {
      color: ${tint('#9399b2')};
      text-transform: none;
      letter-spacing: 0;
      font-weight: 400;
    }
    .label::before,
    .skill-group h3::before {
      content: '// ';
    }
    .s-summary p {
      color: var(--text);
    }
    .field input,
    .field textarea {
      background: var(--surface);
      border-color: #585b70;
      border-radius: 4px;
    }
    .button {
      border-radius: 4px;
    }
    .site-footer {
      background: var(--accent);
      color: var(--accent-text);
      border: 0;
      padding: 0.35rem 1rem;
      font-size: 0.75rem;
    }
    .site-footer a {
      color: var(--accent-text);
    }
    @media (min-width: 56rem) {
      .site-nav ul {
        flex-direction: column;
      }
      .page {
        display: grid;
        grid-template-columns: 17rem minmax(0, 1fr);
        grid-template-rows: auto 1fr auto;
        min-height: calc(100vh - 4rem);
      }
      .window-bar,
      .site-footer {
        grid-column: 1/-1;
      }
      .hero {
        grid-row: 2;
        padding: 1.75rem 1.25rem;
      }
      .hero-inner {
        position: sticky;
        top: 1.75rem;
      }
    }
  `,
};
