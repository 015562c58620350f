import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { tint, tintBg } from './tint.ts';

/**
 * Soft extruded surfaces: everything is cut from one calm material, raised or pressed in. The
 * softness is in the shapes only: text is dark and crisp (at least 7:1), and form fields carry a
 * visible edge (3:1), so nothing depends on a shadow to be read or found.
 */
export const neumorphic: TemplateDefinition = {
  id: 'neumorphic',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#e3e7ee',
    surface: '#e3e7ee',
    text: '#151a24',
    muted: '#3b4456',
    accent: '#223a96',
    accentText: '#ffffff',
    border: '#c5ccd8',
    chipBg: '#e3e7ee',
    chipText: '#151a24',
  },
  contrastPairs: [
    ['#3b4456', '#d9dee7', 'muted text in a pressed well'],
    ['#151a24', '#d9dee7', 'text in a pressed well'],
    ['#223a96', '#d9dee7', 'links in a pressed well'],
  ],
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 56rem;
      --radius: 28px;
      --shade: ${tintBg('#b3bccb')};
      --light: #ffffff;
      --raise: 8px 8px 18px var(--shade), -8px -8px 18px var(--light);
      --raise-sm: 3px 3px 8px var(--shade), -3px -3px 8px var(--light);
      --press: inset 3px 3px 8px var(--shade), inset -3px -3px 8px var(--light);
      --well: ${tintBg('#d9dee7')};
      --edge: ${tint('#6b7690')};
      --section-gap: clamp(1.5rem, 4vw, 2.25rem);
    }
    .page {
      padding-top: clamp(1rem, 4vw, 3rem);
    }
    .hero {
      margin-bottom: var(--section-gap);
      padding: clamp(2rem, 6vw, 3.5rem) clamp(1rem, 5vw, 3.5rem);
      border-radius: 36px;
      background: var(--surface);
      box-shadow: var(--raise);
    }
    .hero-inner {
      flex-direction: column;
      text-align: center;
    }
    .hero-text {
      flex-basis: auto;
      max-width: 100%;
    }
    .avatar {
      padding: 8px;
      background: var(--surface);
      box-shadow: var(--raise);
    }
    .name {
      font-weight: 800;
      letter-spacing: -0.03em;
      font-size: clamp(2.25rem, 4vw + 1rem, 3.75rem);
    }
    .role {
      color: var(--muted);
      font-weight: 500;
    }
    .hero {
      --pill-border: 0;
      --pill-shadow: var(--raise-sm);
    }
    .in-hero .contact-list {
      justify-content: center;
      gap: 0.9rem;
    }
    .in-hero .contact-list li {
      max-width: 100%;
      padding: 0.45rem 1rem;
      font-weight: 600;
    }
    .in-hero .contact-list .c-location {
      color: var(--muted);
      box-shadow: var(--press);
    }
    /* On a phone the header gives its width to the contact pills, so an e-mail address as long
       as the column still reads on one line, and stacks them, one a line, so that the web font
       arriving (narrower or wider than the fallback) does not rewrap them and shift the page. */
    @media (max-width: 30rem) {
      .hero {
        padding-inline: 0.75rem;
      }
      .in-hero .contact-list {
        flex-direction: column;
        align-items: center;
      }
      .in-hero .contact-list li {
        padding-inline: 0.75rem;
        font-size: 0.875rem;
      }
    }
    main > .section {
      padding: clamp(1.25rem, 5vw, 2.75rem);
      border-radius: var(--radius);
      background: var(--surface);
      box-shadow: var(--raise);
    }
    .section-title {
      font-size: 1.375rem;
      font-weight: 750;
      gap: 0.75rem;
    }
    .section-title::before {
      content: '';
      flex: none;
      width: 0.75rem;
      height: 0.75rem;
      border-radius: 50%;
      background: var(--accent);
      box-shadow:
        0 0 0 5px var(--surface),
        var(--raise-sm);
    }
    .entries {
      gap: 1rem;
    }
    .entry {
      padding: clamp(1rem, 3vw, 1.5rem);
      border-radius: 20px;
      background: var(--well);
      box-shadow: var(--press);
    }
    .entry-meta {
      font-weight: 500;
    }
    .tags {
      gap: 0.6rem;
    }
    .tags li {
      background: var(--surface);
      box-shadow: var(--raise-sm);
      padding: 0.2rem 0.85rem;
    }
    .s-summary p {
      font-size: 1.125rem;
    }
    .section:not(.in-hero) .contact-list li {
      padding: 1rem 1.25rem;
      border-radius: 18px;
      background: var(--well);
      box-shadow: var(--press);
    }
    .field label {
      color: var(--text);
    }
    .field input,
    .field textarea {
      border: 1.5px solid var(--edge);
      border-radius: 16px;
      background: var(--well);
      box-shadow: var(--press);
      padding: 0.8rem 1rem;
    }
    .button {
      border-radius: 999px;
      box-shadow: var(--raise-sm);
      padding: 0.85rem 1.9rem;
    }
    .button:active {
      box-shadow: inset 3px 3px 8px rgba(0, 0, 0, 0.35);
    }
    .site-footer {
      border: 0;
      color: var(--muted);
    }
  `,
};
