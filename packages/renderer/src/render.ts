/**
 * render(content, options): one self-contained HTML page. Pure and isomorphic: no I/O, no
 * globals, no Node-only or DOM-only API.
 */
import {
  DEFAULT_TEMPLATE,
  sectionKeys,
  type PortfolioContent,
  type ResumeData,
  type SectionKey,
} from '@folio/core';
import { contrastRatio, cssColor, parseRgb, readableOn, type Rgb } from './color.ts';
import { escapeHtml, html, join, jsonForScript, raw, type SafeHtml } from './html.ts';
import { customSectionParts, sectionBlocks, text } from './sections.ts';
import { templateDefinitions } from './templates/index.ts';
import { baseCss } from './base-css.ts';
import {
  choiceTypefaces,
  FONT_PATH,
  fontFaceCss,
  fontStack,
  typefaces,
  type TypefaceId,
} from './fonts.ts';
import type { FontChoice, RenderOptions, RenderResult, TemplateDefinition } from './types.ts';
import { absoluteUrl, emailUrl, profileUrl, safeImageUrl, safeUrl } from './url.ts';

/** Each font choice's CSS stack: its self-hosted face (fonts.ts), then system fallbacks. */
export const fontStacks: Record<FontChoice, string> = {
  'Sans Serif': fontStack(choiceTypefaces['Sans Serif']),
  Serif: fontStack(choiceTypefaces.Serif),
  Monospace: fontStack(choiceTypefaces.Monospace),
};

function fontChoice(value: unknown): FontChoice | null {
  const v = text(value).toLowerCase().replace(/[\s-]/g, '');
  if (v === 'sansserif' || v === 'sans') return 'Sans Serif';
  if (v === 'serif') return 'Serif';
  if (v === 'monospace' || v === 'mono') return 'Monospace';
  return null;
}

const fontSizeWords: Record<string, string> = {
  small: '93.75%',
  medium: '100%',
  large: '112.5%',
  'x-large': '125%',
};

/** A root font size: `16px`, `1.1rem`, `110%`, `16` (px) or small/medium/large, within 12–24 px. */
function fontSize(value: unknown): string | null {
  const v = text(value).toLowerCase();
  if (Object.hasOwn(fontSizeWords, v)) return fontSizeWords[v] ?? null;
  const m = /^(\d+(?:\.\d+)?)(px|rem|em|%)?$/.exec(v);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? 'px';
  const px = unit === 'px' ? n : unit === '%' ? (n / 100) * 16 : n * 16;
  return px >= 12 && px <= 24 ? `${(px / 16) * 100}%` : null;
}

function lineHeight(value: unknown): string | null {
  const v = text(value);
  const n = Number(v);
  return /^\d+(?:\.\d+)?$/.test(v) && n >= 1 && n <= 2.5 ? v : null;
}

function cssDecls(vars: Record<string, string | null | undefined>): string {
  return Object.entries(vars)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
}

/** The faces of a page's text: body, headings and (where the page sets any text in it) code. */
interface PageFaces {
  body: TypefaceId;
  head: TypefaceId;
  mono: TypefaceId;
  /** Whether anything on the page uses `--font-mono` (window bars, intro lines, template CSS). */
  monoUsed: boolean;
}

function pageFaces(content: PortfolioContent, t: TemplateDefinition): PageFaces {
  const font = fontChoice(content.styles?.global?.fontFamily);
  const hooks = t.hooks ?? {};
  return {
    body: choiceTypefaces[font ?? t.font],
    head: font
      ? choiceTypefaces[font]
      : (t.displayFont ?? choiceTypefaces[t.headingFont ?? t.font]),
    mono: choiceTypefaces.Monospace,
    monoUsed: Boolean(
      hooks.heroIntro ?? hooks.sectionIntro ?? hooks.windowTitle ?? t.css.includes('--font-mono'),
    ),
  };
}

/** The @font-face rules of exactly the faces a page sets text in. */
function pageFontCss(faces: PageFaces): string {
  const used = [faces.body, faces.head];
  if (faces.monoUsed) used.push(faces.mono);
  return fontFaceCss(used);
}

/** Custom properties: template palette, then the user's global styles, then per-section styles. */
function themeCss(content: PortfolioContent, t: TemplateDefinition, faces: PageFaces): string {
  const g = content.styles?.global ?? {};
  const p = t.palette;
  const bg = cssColor(g.backgroundColor);
  const fg = cssColor(g.textColor) ?? (bg ? readableOn(bg) : null);
  const userColors = bg !== null || fg !== null;
  const pageBg = bg ?? p.bg;
  const text = fg ?? p.text;
  const chosenAccent = cssColor(g.theme);
  // The template's accent stays when it still reads on the user's background.
  const keepAccent = !userColors || (contrastRatio(p.accent, pageBg) ?? 0) >= 4.5;
  const accent = chosenAccent ?? (keepAccent ? p.accent : text);
  const accentText = chosenAccent ? readableOn(chosenAccent) : keepAccent ? p.accentText : pageBg;
  const mix = (color: string, percent: number) =>
    `color-mix(in srgb,${color} ${percent}%,${pageBg})`;
  // A chosen theme colour reaches the chips too: a background tinted with it, and as text the
  // theme colour itself, or it shaded toward the text colour, whichever first reads on that tint.
  const chipTint = 16;
  const themeChipText = (theme: string): string => {
    const [a, bg, fg] = [parseRgb(theme), parseRgb(pageBg), parseRgb(text)];
    if (!a || !bg || !fg) return text;
    const blend = (x: Rgb, y: Rgb, share: number) =>
      `#${x
        .map((c, i) =>
          Math.round(c * share + (y[i] ?? 0) * (1 - share))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    const chip = blend(a, bg, chipTint / 100);
    for (const share of [1, 0.8, 0.6, 0.4, 0.2]) {
      const candidate = blend(a, fg, share);
      if ((contrastRatio(candidate, chip) ?? 0) >= 4.5) return candidate;
    }
    return text;
  };
  const root = cssDecls({
    '--bg': pageBg,
    '--surface': userColors ? mix(text, 5) : p.surface,
    '--text': text,
    '--muted': userColors ? mix(text, 78) : p.muted,
    '--accent': accent,
    '--accent-text': accentText,
    '--border': userColors ? mix(text, 18) : p.border,
    '--chip-bg': userColors
      ? mix(accent, 14)
      : chosenAccent
        ? mix(chosenAccent, chipTint)
        : p.chipBg,
    '--chip-text': userColors ? text : chosenAccent ? themeChipText(chosenAccent) : p.chipText,
    // Templates' own decorations (rings, glows, highlights) use these when a theme is chosen.
    '--theme': chosenAccent,
    '--theme-soft': chosenAccent ? mix(chosenAccent, 40) : null,
    '--tint': userColors ? '0%' : null,
    '--clip-fill': userColors ? 'currentColor' : null,
    '--font': fontStack(faces.body),
    '--font-head': fontStack(faces.head),
    '--font-mono': fontStack(faces.mono),
    '--fs': fontSize(g.fontSize) ?? '100%',
    '--lh': lineHeight(g.lineHeight) ?? '1.6',
  });
  const sections = Object.entries(content.styles?.sections ?? {})
    .filter(([key]) => (sectionKeys as readonly string[]).includes(key))
    .map(([key, s]) => {
      const sbg = cssColor(s?.backgroundColor);
      const sfg = cssColor(s?.textColor) ?? (sbg ? readableOn(sbg) : null);
      const decls = cssDecls({
        background: sbg,
        '--surface': sbg,
        '--chip-bg': sbg && sfg ? `color-mix(in srgb,${sfg} 14%,${sbg})` : null,
        color: sfg,
        '--text': sfg,
        '--heading': sfg,
        '--muted': sfg,
        '--accent': sfg,
        '--link': sfg,
        '--chip-text': sfg,
      });
      // Custom sections share one style: each has its own id (custom-1, custom-2…).
      const selector = key === 'custom' ? '.section.s-custom' : `#${key}.section`;
      return decls ? `${selector}{${decls}}` : '';
    })
    .join('');
  return `:root{${root}}${sections}`;
}

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'guest'
  );
}

function truncate(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** A favicon drawn from the name's initial in the template's accent colour: no request needed. */
function initialFavicon(name: string, t: TemplateDefinition): string {
  const initial = /[\p{L}\p{N}]/u.exec(name)?.[0]?.toUpperCase() ?? '·';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${t.palette.accent}"/><text x="32" y="44" font-family="system-ui,sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${t.palette.accentText}">${escapeHtml(initial)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function jsonLd(data: ResumeData, url: string | null, image: string | null, description: string) {
  const c = data.contact ?? {};
  const sameAs = [
    safeUrl(c.portfolio),
    profileUrl(c.linkedin, 'linkedin'),
    profileUrl(c.github, 'github'),
    profileUrl(c.twitter, 'twitter'),
  ].filter((u): u is string => u !== null && !u.startsWith('mailto:'));
  const schools = (data.education ?? [])
    .map((e) => text(e?.institution))
    .filter(Boolean)
    .map((name) => ({ '@type': 'EducationalOrganization', name }));
  const work = text(data.experience?.[0]?.company);
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: text(c.name) || undefined,
    jobTitle: text(c.title) || undefined,
    description: description || undefined,
    url: url ?? undefined,
    image: image ?? undefined,
    email: emailUrl(c.email) ?? undefined,
    address: text(c.location) || undefined,
    sameAs: sameAs.length ? sameAs : undefined,
    alumniOf: schools.length ? schools : undefined,
    worksFor: work ? { '@type': 'Organization', name: work } : undefined,
    knowsLanguage: (data.verbal_languages ?? []).map(text).filter(Boolean),
  };
  if ((person.knowsLanguage as string[]).length === 0) delete person.knowsLanguage;
  return jsonForScript(person);
}

const LANG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

function sameSiteOrHttpUrl(value: unknown): string | null {
  const v = text(value);
  if (/^\/(?!\/)[^\s"'<>\\]*$/.test(v)) return v;
  return absoluteUrl(v);
}

function contactForm(action: string | null, preview: boolean, t: TemplateDefinition, slug: string) {
  if (!action && !preview) return null;
  const field = (id: string, label: string, control: SafeHtml, wide = false) =>
    html`<p class="field${wide ? ' field-wide' : ''}">
      <label for="cf-${id}">${label}</label>${control}
    </p>`;
  return html`<section id="message" class="section s-message" aria-labelledby="message-title">
    ${intro(t.hooks?.sectionIntro?.('message', slug))}
    <h2 class="section-title" id="message-title">Get in touch</h2>
    <div class="section-body">
      <form class="contact-form" method="post" ${action ? html` action="${action}"` : ''}>
        ${field('name', 'Name', raw('<input id="cf-name" name="name" type="text" autocomplete="name" maxlength="200" required>'))}${field(
          'email',
          'Email',
          raw(
            '<input id="cf-email" name="email" type="email" autocomplete="email" maxlength="320" required>',
          ),
        )}${field('subject', 'Subject', raw('<input id="cf-subject" name="subject" type="text" maxlength="300" required>'), true)}${field(
          'message',
          'Message',
          raw(
            '<textarea id="cf-message" name="message" rows="6" maxlength="5000" required></textarea>',
          ),
          true,
        )}
        <p class="field field-wide"><button class="button" type="submit">Send message</button></p>
      </form>
    </div>
  </section>`;
}

function intro(line: string | undefined, className = 'section-intro'): SafeHtml | string {
  return line ? html`<p class="${className}" aria-hidden="true">${line}</p>` : '';
}

const CLASS_TOKEN = /^[a-z_][\w-]{0,40}$/i;

function renderSection(
  key: SectionKey,
  body: SafeHtml,
  content: PortfolioContent,
  t: TemplateDefinition,
  slug: string,
  inHero: boolean,
  part?: { id: string; label: string },
): SafeHtml {
  const style = content.styles?.sections?.[key];
  const custom = text(style?.customClass)
    .split(/\s+/)
    .filter((c) => CLASS_TOKEN.test(c));
  const classes = ['section', `s-${key}`];
  if (inHero) classes.push('in-hero');
  if (cssColor(style?.backgroundColor)) classes.push('has-bg');
  classes.push(...custom);
  const icon = safeImageUrl(style?.iconUrl);
  const label = part?.label ?? sectionBlocks[key].label;
  const id = part?.id ?? key;
  return html`<section id="${id}" class="${classes.join(' ')}" aria-labelledby="${id}-title">
    ${inHero ? '' : intro(t.hooks?.sectionIntro?.(key, slug))}
    <h2 class="${inHero ? 'visually-hidden' : 'section-title'}" id="${id}-title">
      ${
        icon && !inHero
          ? html`<img class="section-icon" src="${icon}" alt="" width="24" height="24" />`
          : ''
      }${label}
    </h2>
    <div class="section-body">${body}</div>
  </section>`;
}

/** Renders portfolio content with a template into one self-contained HTML page. */
export function render(content: PortfolioContent, options: RenderOptions): RenderResult {
  const t: TemplateDefinition = Object.hasOwn(templateDefinitions, options.template)
    ? templateDefinitions[options.template]
    : templateDefinitions[DEFAULT_TEMPLATE];
  const data: ResumeData = content.data ?? {};
  const settings = content.settings ?? { showContactForm: false, sectionOrder: [...sectionKeys] };
  const preview = options.mode === 'preview';
  const contact = data.contact ?? {};
  const name = text(contact.name);
  const role = text(contact.title);
  const slug = slugOf(name);

  const order = [...new Set(settings.sectionOrder ?? sectionKeys)].filter((k): k is SectionKey =>
    Object.hasOwn(sectionBlocks, k),
  );
  const contactInHero =
    order.includes('contact') && (t.hooks?.contactInHeader || order[0] === 'contact');
  const rendered: { key: SectionKey; id: string; label: string; html: SafeHtml }[] = [];
  let heroContact: SafeHtml | null = null;
  for (const key of order) {
    if (key === 'custom') {
      customSectionParts(data).forEach((p, i) => {
        const part = { id: `custom-${i + 1}`, label: p.label };
        const html = renderSection(key, p.body, content, t, slug, false, part);
        rendered.push({ key, ...part, html });
      });
      continue;
    }
    const body = sectionBlocks[key].render(data);
    if (!body) continue;
    const inHero = key === 'contact' && contactInHero;
    const section = renderSection(key, body, content, t, slug, inHero);
    if (inHero) heroContact = section;
    rendered.push({ key, id: key, label: sectionBlocks[key].label, html: section });
  }
  const mainSections = rendered.filter((s) => s.html !== heroContact);

  const summary = text(data.summary);
  const title =
    text(settings.metaTitle) || (name && role ? `${name} — ${role}` : name || role || 'Portfolio');
  const description = truncate(
    text(settings.metaDescription) || summary || [name, role].filter(Boolean).join(', ') || title,
    300,
  );
  const canonical = absoluteUrl(options.canonicalUrl) ?? absoluteUrl(options.siteUrl) ?? null;
  const photo = safeImageUrl(settings.ogImage);
  const ogImage = absoluteUrl(settings.ogImage, canonical) ?? absoluteUrl(options.ogImageUrl);
  const favicon = safeImageUrl(settings.faviconUrl) ?? initialFavicon(name || title, t);
  const twitterHandle = /^@?(\w{1,15})$/.exec(text(contact.twitter))?.[1];
  const lang = LANG.test(options.lang ?? '') ? (options.lang as string) : 'en';
  const nonce =
    options.nonce && /^[\w+/=-]+$/.test(options.nonce) ? html` nonce="${options.nonce}"` : '';
  const action = sameSiteOrHttpUrl(options.contactFormAction);
  const resume = sameSiteOrHttpUrl(settings.resumeUploadUrl);
  const form = settings.showContactForm ? contactForm(action, preview, t, slug) : null;
  const heading = name || text(settings.metaTitle) || 'Portfolio';

  const meta = (property: string, value: string | null | undefined, attr = 'property') =>
    value ? html`<meta ${raw(attr)}="${property}" content="${value}" />` : '';

  const navItems = [
    ...mainSections.map((s) => ({ key: s.id, label: s.label })),
    ...(form ? [{ key: 'message', label: 'Get in touch' }] : []),
  ];
  const nav =
    t.hooks?.nav && navItems.length
      ? html`<nav class="site-nav" aria-label="Sections">
          <p class="label" aria-hidden="true">Sections</p>
          <ul>
            ${navItems.map((s) => html`<li><a href="#${s.key}">${s.label}</a></li>`)}
          </ul>
        </nav>`
      : '';
  const windowTitle = t.hooks?.windowTitle?.(slug);
  const faces = pageFaces(content, t);
  // The body face's Latin file is fetched at once, before the styles are parsed: most text is in it.
  const preloadFont = `${FONT_PATH}${typefaces[faces.body].files[0].name}`;

  const page = html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="${description}">${
    canonical ? html`<link rel="canonical" href="${canonical}" />` : ''
  }${preview ? raw('<meta name="robots" content="noindex, nofollow">') : ''}<meta name="color-scheme" content="${t.colorScheme}"><meta name="theme-color" content="${t.palette.bg}"><link rel="icon" href="${favicon}"><link rel="preload" href="${preloadFont}" as="font" type="font/woff2" crossorigin>${meta('og:type', 'profile')}${meta('og:title', title)}${meta('og:description', description)}${meta('og:url', canonical)}${meta('og:image', ogImage)}${meta('og:image:alt', ogImage ? heading : null)}${meta('profile:username', twitterHandle)}${meta('twitter:card', ogImage ? 'summary_large_image' : 'summary', 'name')}${meta('twitter:title', title, 'name')}${meta('twitter:description', description, 'name')}${meta('twitter:image', ogImage, 'name')}${meta('twitter:creator', twitterHandle ? `@${twitterHandle}` : null, 'name')}<style${nonce}>${raw(pageFontCss(faces) + baseCss + t.css + themeCss(content, t, faces))}</style><script type="application/ld+json"${nonce}>${raw(jsonLd(data, canonical, ogImage, summary ? truncate(summary, 300) : ''))}</script></head>
<body class="t-${t.id}"><a class="skip-link" href="#main">Skip to content</a><div class="page">${
    windowTitle
      ? html`<div class="window-bar" aria-hidden="true">
          <span class="dots"><i></i><i></i><i></i></span
          ><span class="window-title">${windowTitle}</span>
        </div>`
      : ''
  }<header class="hero hc-${t.hooks?.heroContact ?? 'inline'}" id="top"><div class="hero-inner">${
    photo
      ? html`<img
          class="avatar"
          src="${photo}"
          alt="${name ? `Photo of ${name}` : 'Profile photo'}"
          width="160"
          height="160"
        />`
      : ''
  }<div class="hero-text">${intro(t.hooks?.heroIntro?.(slug), 'hero-intro')}<h1 class="name" dir="auto">${heading}</h1>${
    role ? html`<p class="role" dir="auto">${role}</p>` : ''
  }${
    resume
      ? html`<p class="hero-actions"><a class="button" href="${resume}">Download résumé</a></p>`
      : ''
  }</div>${heroContact ?? ''}${nav}</div></header><main id="main">${join(
    mainSections.map((s) => s.html),
  )}${form ?? ''}</main><footer class="site-footer"><p>${name ? html`© ${name}` : title}</p><p><a href="#top">Back to top</a></p></footer></div>${
    t.script ? html`<script${nonce}>${raw(t.script)}</script>` : ''
  }</body></html>`;

  return {
    html: page.value,
    title,
    description,
    canonicalUrl: canonical,
    sections: [...new Set(rendered.map((s) => s.key))],
    template: t.id,
  };
}
