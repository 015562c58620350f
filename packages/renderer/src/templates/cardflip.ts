import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint, tintBg } from './tint.ts';

/**
 * Progressive enhancement: without JavaScript every card shows its front and its details.
 * With it, each card gets a real button (aria-expanded) that flips it to the details.
 */
const script = `(()=>{const d=document;d.documentElement.classList.add('flip-ready');let n=0;for(const c of d.querySelectorAll('.entry.has-details')){const f=c.querySelector('.entry-head'),b=c.querySelector('.entry-body'),h=c.querySelector('.entry-title');if(!f||!b)continue;b.id='card-'+ ++n;const name=((h&&h.textContent)||'').trim();if(name){const p=d.createElement('p');p.className='back-title';p.setAttribute('aria-hidden','true');p.textContent=name;b.prepend(p)}const t=d.createElement('button');t.type='button';t.className='flip-toggle';t.setAttribute('aria-controls',b.id);const set=o=>{c.classList.toggle('flipped',o);t.setAttribute('aria-expanded',String(o));const l=o?'Hide details':'Show details';t.textContent=l;t.setAttribute('aria-label',name?l+': '+name:l)};set(false);t.addEventListener('click',()=>set(!c.classList.contains('flipped')));c.append(t)}})();`;

/** Playful, bold cards with hard shadows; experience, education and projects flip over. */
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
  script,
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 70rem;
      --radius: 20px;
      --ink: ${tint('#1c1917')};
      --pop: 6px 6px 0 var(--ink);
    }
    body {
      background-image: radial-gradient(#f5d9bf 1.2px, transparent 1.2px);
      background-size: 22px 22px;
    }
    .hero-inner {
      gap: clamp(1.5rem, 5vw, 3rem);
    }
    .avatar {
      border: 3px solid var(--ink);
      box-shadow: var(--pop);
      border-radius: 28px;
      transform: rotate(-3deg);
      width: clamp(7rem, 18vw, 10rem);
    }
    .name {
      font-weight: 900;
      letter-spacing: -0.035em;
      line-height: 1.05;
    }
    .name {
      background: linear-gradient(
          transparent 62%,
          var(--theme-soft, #fda4af) 62%,
          var(--theme-soft, #fda4af) 90%,
          transparent 90%
        )
        no-repeat;
      background-size: 100% 100%;
      display: inline;
      box-decoration-break: clone;
      -webkit-box-decoration-break: clone;
    }
    .role {
      color: var(--text);
      font-weight: 600;
    }
    .hero {
      --pill-border: 2px solid var(--ink);
      --pill-bg: var(--surface);
      --pill-shadow: 3px 3px 0 var(--ink);
    }
    .in-hero li {
      font-weight: 600;
    }
    .section-title {
      display: inline-flex;
      background: var(--ink);
      color: var(--bg);
      padding: 0.35rem 1.1rem;
      border-radius: 999px;
      transform: rotate(-1.5deg);
      font-size: clamp(1.15rem, 1vw + 0.9rem, 1.5rem);
      font-weight: 850;
      margin-bottom: 1.5rem;
    }
    .section:nth-child(even) .section-title {
      transform: rotate(1.5deg);
    }
    .s-summary,
    .s-skills,
    .s-extracurricular,
    .s-awards,
    .s-publications,
    .s-languages,
    .s-message,
    main > .s-contact {
      background: var(--surface);
      border: 2px solid var(--ink);
      border-radius: var(--radius);
      box-shadow: var(--pop);
      padding: clamp(1.25rem, 4vw, 2.25rem);
    }
    .s-summary p {
      font-size: 1.1875rem;
      font-weight: 500;
    }
    .entries {
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 19rem), 1fr));
      gap: 1.5rem;
    }
    .entry {
      position: relative;
      border: 2px solid var(--ink);
      border-radius: var(--radius);
      box-shadow: var(--pop);
      background: var(--surface);
      padding: 1.5rem;
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
      margin: -1.5rem -1.5rem 0;
      padding: 1.5rem;
      border-radius: 18px 18px 0 0;
      border-bottom: 2px solid var(--ink);
    }
    .entries {
      counter-reset: card;
    }
    .entry {
      counter-increment: card;
    }
    .entry-head::before {
      content: counter(card, decimal-leading-zero);
      content: counter(card, decimal-leading-zero) / '';
      display: block;
      font-size: 3.25rem;
      font-weight: 900;
      line-height: 1;
      letter-spacing: -0.04em;
      color: transparent;
      -webkit-text-stroke: 2px var(--ink);
      margin-bottom: 1.25rem;
    }
    .entry-title {
      font-size: 1.35rem;
      font-weight: 850;
      line-height: 1.2;
    }
    .entry-sub {
      font-weight: 650;
    }
    .entry-body {
      margin-top: 1.25rem;
    }
    .tags li {
      border: 1.5px solid var(--ink);
      font-weight: 650;
    }
    .back-title {
      font-weight: 800;
      font-size: 1.125rem;
      margin: 0;
    }
    .flip-toggle {
      font: inherit;
      font-size: 0.875rem;
      font-weight: 750;
      cursor: pointer;
      color: var(--ink);
      background: var(--surface);
      border: 2px solid var(--ink);
      border-radius: 999px;
      padding: 0.4rem 1rem;
      box-shadow: 3px 3px 0 var(--ink);
    }
    .flip-toggle:hover {
      background: var(--theme-soft, #fde68a);
    }
    .flip-toggle:active {
      transform: translate(2px, 2px);
      box-shadow: 1px 1px 0 var(--ink);
    }
    .flip-ready .entry.has-details {
      display: grid;
      padding: 0;
      background: none;
      border: 0;
      box-shadow: none;
      perspective: 1400px;
    }
    .flip-ready .has-details > .entry-head,
    .flip-ready .has-details > .entry-body {
      grid-area: 1/1;
      margin: 0;
      padding: 1.5rem 1.5rem 4.25rem;
      border: 2px solid var(--ink);
      border-radius: var(--radius);
      box-shadow: var(--pop);
      backface-visibility: hidden;
      -webkit-backface-visibility: hidden;
      transition:
        transform 0.6s cubic-bezier(0.2, 0.7, 0.2, 1),
        visibility 0s 0.3s;
    }
    .flip-ready .has-details > .entry-head {
      display: flex;
      flex-direction: column;
      background: var(--card);
    }
    .flip-ready .has-details > .entry-head::before {
      margin-bottom: auto;
      padding-bottom: 1.25rem;
    }
    .flip-ready .has-details > .entry-body {
      background: var(--surface);
      transform: rotateY(180deg);
      visibility: hidden;
    }
    .flip-ready .has-details > .entry-body > * + * {
      margin-top: 0.75rem;
    }
    .flip-ready .flipped > .entry-head {
      transform: rotateY(-180deg);
      visibility: hidden;
    }
    .flip-ready .flipped > .entry-body {
      transform: rotateY(0);
      visibility: visible;
    }
    .flip-toggle {
      grid-area: 1/1;
      align-self: end;
      justify-self: start;
      margin: 0 0 1.25rem 1.5rem;
      z-index: 1;
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
    /* Narrow screens: the card opens downwards instead of flipping, so fronts stay compact. */
    @media (max-width: 40rem) {
      .flip-ready .entry.has-details {
        display: flex;
        flex-direction: column;
        overflow: hidden;
        border: 2px solid var(--ink);
        border-radius: var(--radius);
        box-shadow: var(--pop);
        background: var(--surface);
      }
      .flip-ready .has-details > .entry-head,
      .flip-ready .has-details > .entry-body {
        transform: none;
        visibility: visible;
        border: 0;
        border-radius: 0;
        box-shadow: none;
        padding: 1.25rem;
      }
      .flip-ready .has-details > .entry-head::before {
        padding-bottom: 0;
      }
      .flip-ready .has-details:not(.flipped) > .entry-body,
      .flip-ready .back-title {
        display: none;
      }
      .flip-ready .has-details > .entry-body {
        border-top: 2px solid var(--ink);
      }
      .flip-toggle {
        align-self: flex-start;
        margin: 0 1.25rem 1.25rem;
      }
    }
  `,
};
