import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { glow, tint, tintBg } from './tint.ts';

/**
 * Types each prompt line as it scrolls into view, then shows its output. Without JavaScript,
 * or with reduced motion, everything is shown at once.
 */
const script = `(()=>{const d=document;if(!('IntersectionObserver'in window)||matchMedia('(prefers-reduced-motion: reduce)').matches)return;d.documentElement.classList.add('typing');const type=(el,done)=>{const full=el.textContent||'';let i=full.indexOf('$ ')+2;if(i<2)i=0;el.textContent=full.slice(0,i);el.classList.add('cursor');const step=()=>{if(i<full.length){el.textContent=full.slice(0,++i);setTimeout(step,32)}else{el.classList.remove('cursor');setTimeout(done,120)}};setTimeout(step,250)};const io=new IntersectionObserver(es=>{for(const e of es){if(!e.isIntersecting)continue;io.unobserve(e.target);const s=e.target,p=s.querySelector('.section-intro,.hero-intro'),show=()=>s.classList.remove('pending');p?type(p,show):show()}},{rootMargin:'0px 0px -8% 0px'});for(const s of d.querySelectorAll('.hero,main>.section')){s.classList.add('pending');io.observe(s)}setTimeout(()=>{for(const s of d.querySelectorAll('.pending'))s.classList.remove('pending')},5000)})();`;

/** A shell session in a terminal window: prompts, command output and a blinking cursor. */
export const terminal: TemplateDefinition = {
  id: 'terminal',
  colorScheme: 'dark',
  font: 'Monospace',
  palette: {
    bg: '#0a0f0b',
    surface: '#0f1611',
    text: '#cfeccf',
    muted: '#8fb894',
    accent: '#5cf07a',
    accentText: '#06200c',
    border: '#22402a',
    chipBg: '#0f1611',
    chipText: '#cfeccf',
  },
  contrastPairs: [
    ['#ffcf6b', '#0a0f0b', 'headings'],
    ['#7cc4ff', '#0a0f0b', 'dates'],
  ],
  script,
  hooks: {
    heroContact: 'stacked',
    windowTitle: (slug) => `${slug} — ~/résumé`,
    heroIntro: () => '~ $ whoami',
    sectionIntro: (key) => `~ $ ${key === 'message' ? 'mail --compose' : `cat ${key}.md`}`,
  },
  css: css`
    :root {
      --max: 64rem;
      --h1: clamp(1.9rem, 3vw + 1rem, 2.9rem);
      --h2: 1.125rem;
      --h3: 1rem;
      --section-gap: 2.75rem;
    }
    body {
      background: #050806;
      font-size: 0.9375rem;
    }
    .page {
      margin: clamp(0rem, 3vw, 2.5rem) auto;
      padding: 0;
      background: var(--bg);
      border: 1px solid var(--border);
      border-radius: 10px;
      overflow: hidden;
      box-shadow:
        0 0 0 1px #000,
        0 30px 90px -30px ${glow('#5cf07a', 14)};
      position: relative;
    }
    .page::after {
      content: '';
      position: absolute;
      inset: 0;
      pointer-events: none;
      background: repeating-linear-gradient(
        to bottom,
        rgba(255, 255, 255, 0.015) 0 1px,
        transparent 1px 3px
      );
    }
    .window-bar {
      background: ${tintBg('#141c16')};
      border-bottom: 1px solid var(--border);
    }
    .hero,
    main,
    .site-footer {
      padding-left: clamp(1rem, 4vw, 2.5rem);
      padding-right: clamp(1rem, 4vw, 2.5rem);
    }
    .hero {
      padding-top: 2rem;
      padding-bottom: 2.5rem;
    }
    .hero-intro,
    .section-intro {
      color: var(--accent);
      font-size: 0.9375rem;
      margin-bottom: 0.6rem;
    }
    .avatar {
      width: 5.5rem;
      border-radius: 4px;
      filter: grayscale(1) sepia(1) hue-rotate(70deg) saturate(2.2);
      border: 1px solid var(--border);
    }
    .name {
      font-weight: 700;
      letter-spacing: 0;
      text-transform: uppercase;
      color: var(--text);
      text-shadow: 0 0 12px ${glow('#5cf07a', 25)};
    }
    .role {
      color: var(--muted);
      font-size: 1rem;
    }
    .role::before {
      content: '> ';
      content: '> ' / '';
      color: var(--accent);
    }
    .in-hero .contact-list {
      gap: 0.15rem;
    }
    .in-hero li {
      display: grid;
      grid-template-columns: 7rem minmax(0, 1fr);
      column-gap: 0.75rem;
    }
    /* On a phone a label sits above its value, which keeps the whole line for a long address. */
    @media (max-width: 30rem) {
      .in-hero .contact-list {
        gap: 0.6rem;
      }
      .in-hero li {
        grid-template-columns: minmax(0, 1fr);
      }
      .entries {
        padding-left: 1rem;
      }
    }
    .in-hero .label {
      line-height: inherit;
    }
    .in-hero a {
      text-decoration: underline;
    }
    .section-title {
      font-size: var(--h2);
      color: ${tint('#ffcf6b')};
      font-weight: 700;
      text-transform: uppercase;
      letter-spacing: 0.06em;
    }
    .section-title::before {
      content: '## ';
      content: '## ' / '';
      color: var(--muted);
    }
    .entries {
      gap: 1.5rem;
      padding-left: 1.5rem;
      border-left: 1px dashed var(--border);
    }
    .entry-title {
      color: var(--text);
      font-weight: 700;
    }
    .entry-title a {
      color: var(--accent);
    }
    .entry-sub {
      color: var(--muted);
    }
    .entry-meta {
      color: ${tint('#7cc4ff')};
    }
    .bullets {
      list-style: none;
      padding-left: 0;
    }
    .bullets li {
      padding-left: 1.5rem;
      position: relative;
    }
    .bullets li::before {
      content: '>';
      position: absolute;
      left: 0;
      color: var(--accent);
    }
    .tags {
      gap: 0.25rem 0.9rem;
    }
    .tags li {
      padding: 0;
      background: none;
      font-weight: 400;
      font-size: 0.9375rem;
    }
    .tags li::before {
      content: '[';
      color: var(--muted);
    }
    .tags li::after {
      content: ']';
      color: var(--muted);
    }
    .label,
    .skill-group h3 {
      font-family: var(--font-mono);
      color: ${tint('#7cc4ff')};
      text-transform: none;
      letter-spacing: 0;
      font-weight: 400;
      font-size: 0.9375rem;
    }
    .label::before,
    .skill-group h3::before {
      content: '# ';
    }
    a {
      color: var(--accent);
    }
    .field input,
    .field textarea {
      background: ${tintBg('#050806')};
      border: 1px solid #3d6b47;
      border-radius: 2px;
      color: var(--text);
    }
    .button {
      border-radius: 2px;
      text-transform: lowercase;
    }
    .site-footer {
      border-color: var(--border);
      padding-top: 1.25rem;
      padding-bottom: 1.5rem;
    }
    .site-footer p:first-child::after,
    .cursor::after {
      content: '';
      display: inline-block;
      width: 0.6em;
      height: 1.1em;
      margin-left: 0.5em;
      vertical-align: text-bottom;
      background: var(--accent);
      animation: blink 1.1s steps(1) infinite;
    }
    .cursor::after {
      margin-left: 0.1em;
    }
    @keyframes blink {
      50% {
        opacity: 0;
      }
    }
    /* While its prompt types, a section's output is transparent, not hidden: the h1 and the
       text stay in the accessibility tree, and a focused link shows its section at once. */
    .typing
      .pending:not(:focus-within)
      :not(.section-intro, .hero-intro, :has(.section-intro, .hero-intro)) {
      opacity: 0;
    }
    @media print {
      .typing .pending :not(.section-intro, .hero-intro, :has(.section-intro, .hero-intro)) {
        opacity: 1 !important;
      }
      .page::after {
        display: none;
      }
    }
  `,
};
