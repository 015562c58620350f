import { css } from '../html.ts';
import type { TemplateDefinition } from '../types.ts';
import { glow, themed, tint, tintBg } from './tint.ts';

/** Deep-space gradients, nebula glow and glass cards. */
export const galactic: TemplateDefinition = {
  id: 'galactic',
  colorScheme: 'dark',
  font: 'Sans Serif',
  palette: {
    bg: '#0a0618',
    surface: '#161034',
    text: '#f3efff',
    muted: '#bcb2e0',
    accent: '#f0abfc',
    accentText: '#1e0627',
    border: '#33275f',
    chipBg: '#271c52',
    chipText: '#ece6ff',
  },
  contrastPairs: [
    ['#f3efff', '#3b0f5c', 'text over the brightest nebula'],
    ['#bcb2e0', '#24124a', 'muted text over the nebula'],
  ],
  hooks: { heroContact: 'pills' },
  css: css`
    :root {
      --max: 68rem;
      --radius: 24px;
    }
    body {
      background:
        radial-gradient(60rem 40rem at 10% -5%, ${tintBg('#3b0f5c')} 0, transparent 65%),
        radial-gradient(50rem 36rem at 100% 30%, ${tintBg('#0c2a4d')} 0, transparent 60%),
        radial-gradient(60rem 40rem at 40% 110%, ${tintBg('#2a0d45')} 0, transparent 60%), var(--bg);
      background-attachment: fixed;
    }
    .hero {
      text-align: center;
      padding-top: clamp(4rem, 12vw, 8rem);
    }
    .hero-inner {
      flex-direction: column;
    }
    .hero-text {
      flex-basis: auto;
    }
    .avatar {
      padding: 4px;
      background: conic-gradient(
        from 180deg,
        ${themed('#f0abfc')},
        ${themed('#67e8f9')},
        ${themed('#a78bfa')},
        ${themed('#f0abfc')}
      );
      box-shadow: 0 0 60px ${glow('#f0abfc', 45)};
    }
    .name {
      font-size: clamp(2.75rem, 6vw + 1rem, 5rem);
      font-weight: 800;
      letter-spacing: -0.035em;
      color: ${tint('#f7e8ff')};
      background: linear-gradient(
        100deg,
        #fbe7ff 10%,
        ${themed('#f0abfc')} 45%,
        ${themed('#a5f3fc')} 90%
      );
      -webkit-background-clip: text;
      background-clip: text;
      -webkit-text-fill-color: var(--clip-fill, transparent);
      filter: drop-shadow(0 0 28px ${glow('#d946ef', 45)});
    }
    .role {
      color: var(--text);
      letter-spacing: 0.02em;
    }
    .in-hero .contact-list {
      justify-content: center;
      gap: 0.6rem;
    }
    .hero {
      --pill-bg: rgba(255, 255, 255, 0.04);
    }
    main {
      gap: clamp(1.25rem, 3vw, 2rem);
      grid-auto-flow: dense;
    }
    @media (min-width: 56rem) {
      main {
        grid-template-columns: repeat(2, minmax(0, 1fr));
      }
      main > :is(.s-summary, .s-experience, .s-projects, .s-message) {
        grid-column: 1 / -1;
      }
      .s-projects .entries {
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
      }
      .s-projects .entries > li + li {
        border: 0;
        padding-top: 0;
      }
    }
    main > .section {
      position: relative;
      padding: clamp(1.5rem, 4vw, 2.5rem);
      border-radius: var(--radius);
      background: linear-gradient(160deg, rgba(255, 255, 255, 0.07), rgba(255, 255, 255, 0.02))
        var(--surface);
      border: 1px solid var(--border);
      box-shadow:
        0 30px 80px -40px ${glow('#a855f7', 55)},
        inset 0 1px 0 rgba(255, 255, 255, 0.06);
    }
    .section-title {
      font-size: clamp(1.4rem, 1.2vw + 1rem, 1.8rem);
    }
    .section-title::before {
      content: '';
      width: 0.55rem;
      height: 0.55rem;
      border-radius: 50%;
      background: ${themed('#67e8f9')};
      box-shadow: 0 0 12px 3px ${glow('#67e8f9', 70)};
    }
    .entries {
      gap: 1.75rem;
    }
    .entries > li + li {
      padding-top: 1.75rem;
      border-top: 1px solid var(--border);
    }
    .entry-title a {
      text-decoration-color: ${themed('#67e8f9')};
    }
    .tags li {
      border: 1px solid #3f3179;
      box-shadow: 0 0 12px -4px ${glow('#f0abfc', 50)};
    }
    .bullets li::marker {
      color: ${tint(themed('#67e8f9'))};
    }
    .field input,
    .field textarea {
      background: ${tintBg('#100a26')};
      border-color: #574a8c;
    }
    .button {
      background: linear-gradient(100deg, ${themed('#f0abfc')}, ${themed('#a5f3fc')});
      box-shadow: 0 0 30px ${glow('#f0abfc', 45)};
      border-radius: 999px;
    }
    .site-footer {
      border-color: var(--border);
    }
  `,
};
