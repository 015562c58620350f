import { css } from './html.ts';

/**
 * The shared stylesheet: layout, typographic scale, section blocks, form, focus, print and
 * reduced motion. Templates restyle it through the custom properties and their own CSS.
 */
export const baseCss = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :root {
    --gutter: clamp(1.25rem, 5vw, 3rem);
    --max: 68rem;
    --radius: 12px;
    --radius-sm: 8px;
    --h1: clamp(2.5rem, 5.5vw + 1rem, 4.5rem);
    --h2: clamp(1.4rem, 1.2vw + 1.05rem, 1.85rem);
    --h3: 1.125rem;
    --section-gap: clamp(3rem, 7vw, 5rem);
  }
  html {
    font-size: var(--fs);
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-padding-top: 1.5rem;
  }
  @media (prefers-reduced-motion: no-preference) {
    html {
      scroll-behavior: smooth;
    }
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: var(--bg);
    color: var(--text);
    font-family: var(--font);
    font-size: 1rem;
    line-height: var(--lh);
    overflow-wrap: anywhere;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }
  /* Flex and grid items that hold a link never grow past their line for it: a link too long
     for the line breaks inside them instead. */
  .hero-inner > *,
  .contact-list > li,
  .tags > li,
  .entry > *,
  .entry-head > *,
  .skill-group,
  .field,
  .site-footer > * {
    min-width: 0;
    max-width: 100%;
  }
  img {
    max-width: 100%;
    height: auto;
    display: block;
  }
  h1,
  h2,
  h3 {
    font-family: var(--font-head);
    color: var(--heading, var(--text));
    line-height: 1.15;
    margin: 0;
    text-wrap: balance;
  }
  p {
    margin: 0 0 0.75em;
  }
  p:last-child {
    margin-bottom: 0;
  }
  a {
    /* An e-mail address or link breaks only when it cannot fit its line: it never lets its box
       shrink below it, as 'anywhere' (for prose, above) would, breaking it mid-word. */
    overflow-wrap: break-word;
    color: var(--link, var(--accent));
    text-decoration-thickness: 0.07em;
    text-underline-offset: 0.22em;
  }
  a:hover {
    text-decoration-thickness: 0.14em;
  }
  :focus-visible {
    outline: 3px solid var(--focus, var(--accent));
    outline-offset: 3px;
    border-radius: 3px;
  }
  cite {
    font-style: normal;
  }
  .visually-hidden,
  .hero:not(.hc-stacked) .in-hero .label {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .skip-link {
    position: absolute;
    left: 1rem;
    top: -5rem;
    z-index: 20;
    padding: 0.65rem 1.1rem;
    background: var(--accent);
    color: var(--accent-text);
    border-radius: var(--radius-sm);
    font-weight: 700;
    text-decoration: none;
  }
  .skip-link:focus {
    top: 1rem;
  }
  .page {
    max-width: var(--max);
    margin: 0 auto;
    padding: 0 var(--gutter);
  }
  .hero {
    padding: clamp(3rem, 9vw, 6.5rem) 0 clamp(2.5rem, 6vw, 4.5rem);
  }
  .hero-inner {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: clamp(1.25rem, 4vw, 2.5rem);
  }
  .hero-text {
    flex: 1 1 16rem;
    min-width: 0;
  }
  .avatar {
    flex: none;
    width: clamp(6rem, 16vw, 9.5rem);
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: 50%;
  }
  .hero-intro,
  .section-intro {
    font-family: var(--font-mono);
    font-size: 0.875rem;
    color: var(--muted);
    margin: 0 0 0.75rem;
  }
  .name {
    font-size: var(--h1);
    font-weight: 800;
    letter-spacing: -0.03em;
  }
  .role {
    font-size: clamp(1.125rem, 1vw + 0.9rem, 1.5rem);
    color: var(--muted);
    margin: 0.6rem 0 0;
    line-height: 1.35;
  }
  .hero-actions {
    margin-top: 1.5rem;
  }
  .hero-actions .button {
    display: inline-block;
    text-decoration: none;
  }
  .in-hero {
    width: 100%;
  }
  .in-hero .contact-list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
  }
  .in-hero .c-location {
    color: var(--muted);
  }
  .hc-pills .contact-list {
    gap: 0.6rem;
  }
  .hc-pills .contact-list li {
    border: var(--pill-border, 1px solid var(--border));
    background: var(--pill-bg, transparent);
    box-shadow: var(--pill-shadow, none);
    border-radius: 999px;
    padding: 0.35rem 1rem;
    font-size: 0.9375rem;
  }
  .hc-pills .contact-list a,
  .hc-stacked .contact-list a {
    color: var(--text);
    text-decoration: none;
  }
  .hc-pills .contact-list a:hover,
  .hc-stacked .contact-list a:hover {
    color: var(--accent);
    text-decoration: underline;
  }
  .hc-stacked .contact-list {
    flex-direction: column;
    gap: 0.5rem;
  }
  .hc-stacked .c-location {
    color: var(--text);
  }
  .site-nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
  }
  main {
    display: grid;
    gap: var(--section-gap);
    padding-bottom: clamp(3rem, 8vw, 6rem);
  }
  .section {
    min-width: 0;
  }
  .section-title {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    font-size: var(--h2);
    font-weight: 750;
    letter-spacing: -0.015em;
    margin-bottom: 1.25rem;
  }
  .section-icon {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
  }
  .has-bg {
    padding: clamp(1.25rem, 4vw, 2.5rem);
    border-radius: var(--radius);
  }
  .entries {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2rem;
  }
  .entry {
    min-width: 0;
  }
  .entry-title {
    font-size: var(--h3);
    font-weight: 700;
    line-height: 1.3;
  }
  .entry-title a {
    color: inherit;
    text-decoration-color: var(--accent);
  }
  .entry-sub {
    font-weight: 500;
    margin: 0.15rem 0 0;
  }
  .entry-meta {
    color: var(--muted);
    font-size: 0.875rem;
    margin: 0.2rem 0 0;
  }
  .entry-body {
    margin-top: 0.8rem;
  }
  .entry-body > * + * {
    margin-top: 0.9rem;
  }
  .entry-image {
    width: 100%;
    aspect-ratio: 16/9;
    object-fit: cover;
    border-radius: var(--radius-sm);
    margin-bottom: 1rem;
  }
  .label,
  .skill-group h3 {
    font-family: var(--font);
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: var(--muted);
    margin: 0 0 0.5rem;
    line-height: 1.4;
  }
  .bullets {
    margin: 0;
    padding-left: 1.15rem;
  }
  .bullets li {
    margin: 0.35rem 0;
    padding-left: 0.3rem;
  }
  .bullets li::marker {
    color: var(--accent);
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 0.45rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .tags li {
    padding: 0.15rem 0.7rem;
    border-radius: var(--chip-radius, 999px);
    background: var(--chip-bg);
    color: var(--chip-text);
    font-size: 0.8125rem;
    font-weight: 550;
    line-height: 1.7;
  }
  .skill-groups {
    display: grid;
    gap: 1.5rem 2rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  }
  .contact-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 1rem 2rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  }
  .contact-list .label {
    display: block;
    margin: 0;
  }
  .pubs cite {
    font-weight: 650;
  }
  .venue {
    color: var(--muted);
  }
  .contact-form {
    display: grid;
    gap: 1rem 1.25rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
    max-width: 44rem;
  }
  .field {
    margin: 0;
    display: grid;
    gap: 0.35rem;
  }
  .field-wide {
    grid-column: 1/-1;
  }
  .field label {
    font-weight: 650;
    font-size: 0.875rem;
  }
  .field input,
  .field textarea {
    font: inherit;
    color: var(--text);
    background: var(--input-bg, var(--surface));
    border: 1px solid var(--input-border, var(--muted));
    border-radius: var(--radius-sm);
    padding: 0.65rem 0.85rem;
    width: 100%;
  }
  .field textarea {
    min-height: 9rem;
    resize: vertical;
  }
  .button {
    font: inherit;
    font-weight: 700;
    background: var(--accent);
    color: var(--accent-text);
    border: 0;
    border-radius: var(--radius-sm);
    padding: 0.75rem 1.5rem;
    cursor: pointer;
  }
  .field .button {
    justify-self: start;
  }
  .button:hover {
    filter: brightness(1.08);
  }
  .form-note {
    color: var(--muted);
    font-size: 0.875rem;
  }
  .site-footer {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 1rem;
    border-top: 1px solid var(--border);
    padding: 2rem 0 3rem;
    color: var(--muted);
    font-size: 0.875rem;
  }
  .site-footer p {
    margin: 0;
  }
  .window-bar {
    display: flex;
    align-items: center;
    gap: 1rem;
    padding: 0.7rem 1rem;
    font-family: var(--font-mono);
    font-size: 0.8125rem;
    color: var(--muted);
  }
  .window-title {
    flex: 1;
    min-width: 0;
    text-align: center;
    margin-right: 3.5rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .dots {
    display: flex;
    gap: 0.45rem;
  }
  .dots i {
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 50%;
    background: #ff5f57;
  }
  .dots i + i {
    background: #febc2e;
  }
  .dots i + i + i {
    background: #28c840;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
    }
  }
  @media print {
    :root {
      --bg: #fff;
      --surface: #fff;
      --text: #000;
      --heading: #000;
      --muted: #333;
      --accent: #000;
      --link: #000;
      --chip-bg: #fff;
      --chip-text: #000;
      --border: #999;
      --section-gap: 1.5rem;
    }
    @page {
      margin: 1.5cm;
    }
    body {
      font-size: 10.5pt;
      background: #fff !important;
      color: #000 !important;
    }
    *,
    *::before,
    *::after {
      box-shadow: none !important;
      text-shadow: none !important;
      animation: none !important;
      transition: none !important;
    }
    .page,
    .section,
    .hero,
    main,
    .entry,
    .entry-head,
    .entry-body {
      background: none !important;
      color: #000 !important;
      border-color: #999 !important;
    }
    .page {
      max-width: none;
      padding: 0;
      display: block !important;
    }
    .hero {
      position: static !important;
      height: auto !important;
      padding: 0 0 1rem !important;
    }
    .skip-link,
    .hero-actions,
    .site-nav,
    #message,
    .window-bar,
    .hero-intro,
    .section-intro,
    .site-footer a {
      display: none !important;
    }
    .section {
      break-inside: auto;
      padding: 0 !important;
    }
    .entry {
      break-inside: avoid;
    }
    .tags li {
      border: 1px solid #999;
    }
    a {
      color: #000;
      text-decoration: none;
    }
    .contact-list a::after,
    .entry-title a::after,
    .pubs a::after {
      content: ' (' attr(href) ')';
      font-weight: 400;
      font-size: 0.85em;
    }
    .entry-body,
    .entry-head {
      visibility: visible !important;
      transform: none !important;
      opacity: 1 !important;
    }
  }
`;
