import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';

/** Soft extruded surfaces: everything is cut from one calm material, raised or pressed in. */
export const neumorphic: TemplateDefinition = {
  id: 'neumorphic',
  colorScheme: 'light',
  font: 'Sans Serif',
  palette: {
    bg: '#e4e8ef',
    surface: '#e4e8ef',
    text: '#1f2633',
    muted: '#485266',
    accent: '#2f4ba8',
    accentText: '#ffffff',
    border: '#cdd3dd',
    chipBg: '#e4e8ef',
    chipText: '#1f2633',
  },
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 58rem;
      --radius: 28px;
      --raise: 9px 9px 20px #c3c8d1, -9px -9px 20px #ffffff;
      --raise-sm: 4px 4px 10px #c3c8d1, -4px -4px 10px #ffffff;
      --press: inset 4px 4px 9px #c3c8d1, inset -4px -4px 9px #ffffff;
      --section-gap: 2.25rem;
    }
    .page {
      padding-top: clamp(1rem, 4vw, 3rem);
    }
    .hero {
      margin-bottom: 2.25rem;
      padding: clamp(2rem, 6vw, 3.5rem);
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
    }
    .avatar {
      padding: 8px;
      background: var(--surface);
      box-shadow: var(--raise);
    }
    .name {
      font-weight: 750;
      letter-spacing: -0.025em;
      font-size: clamp(2.25rem, 4vw + 1rem, 3.75rem);
    }
    .hero {
      --pill-border: 0;
      --pill-shadow: var(--raise-sm);
    }
    .in-hero .contact-list {
      justify-content: center;
      gap: 0.9rem;
    }
    .in-hero li {
      padding: 0.5rem 1.1rem;
      font-weight: 600;
    }
    main > .section {
      padding: clamp(1.5rem, 5vw, 2.75rem);
      border-radius: var(--radius);
      background: var(--surface);
      box-shadow: var(--raise);
    }
    .section-title {
      font-size: 1.5rem;
      font-weight: 700;
    }
    .section-title::before {
      content: '';
      width: 0.65rem;
      height: 0.65rem;
      border-radius: 50%;
      background: var(--accent);
      box-shadow: var(--raise-sm);
    }
    .entries {
      gap: 1.25rem;
    }
    .entry {
      padding: 1.25rem 1.5rem;
      border-radius: 20px;
      box-shadow: var(--press);
    }
    .tags {
      gap: 0.6rem;
    }
    .tags li {
      box-shadow: var(--raise-sm);
      padding: 0.25rem 0.85rem;
    }
    .s-summary p {
      font-size: 1.125rem;
    }
    .section:not(.in-hero) .contact-list li {
      padding: 1rem 1.25rem;
      border-radius: 18px;
      box-shadow: var(--press);
    }
    .field input,
    .field textarea {
      border: 0;
      border-radius: 16px;
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
    }
  `,
};
