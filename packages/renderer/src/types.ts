import type { PortfolioContent, SectionKey, TemplateId } from '@folio/core';
import type { FontChoice, TypefaceId } from './fonts.ts';

export type { FontChoice };

/** A template's default colours. Every pair a reader sees is checked for WCAG AA in tests. */
export interface Palette {
  /** Page background. */
  bg: string;
  /** Cards and panels drawn on the page. */
  surface: string;
  text: string;
  /** Secondary text: dates, places, labels. */
  muted: string;
  /** Links, highlights, headings' decorations. */
  accent: string;
  /** Text drawn on an `accent` background (buttons). */
  accentText: string;
  border: string;
  chipBg: string;
  chipText: string;
}

export interface TemplateHooks {
  /** Contact details always sit in the header instead of at their place in the section order. */
  contactInHeader?: boolean;
  /** How contact details look in the header: a line of links (default), pills, or a labelled list. */
  heroContact?: 'inline' | 'pills' | 'stacked';
  /** Render a list of links to the sections inside the header. */
  nav?: boolean;
  /** A decorative line (plain text, hidden from assistive tech) shown above the name. */
  heroIntro?: (slug: string) => string;
  /** A decorative line (plain text, hidden from assistive tech) shown above a section heading. */
  sectionIntro?: (key: SectionKey | 'message', slug: string) => string;
  /** Title of a window frame drawn around the page (developer, terminal). */
  windowTitle?: (slug: string) => string;
}

export interface TemplateDefinition {
  id: TemplateId;
  colorScheme: 'light' | 'dark';
  font: FontChoice;
  /** Font for headings when it differs from the body font. */
  headingFont?: FontChoice;
  /**
   * A display face (fonts.ts) for headings instead of `headingFont`, until the user chooses a
   * font. Optional: without it headings use `headingFont`, else `font`.
   */
  displayFont?: TypefaceId;
  palette: Palette;
  /** Further text/background pairs the template's CSS draws, as [text, background, what]. */
  contrastPairs?: readonly (readonly [string, string, string])[];
  /** The template's own CSS, on top of the shared base CSS; scoped by nothing but the page. */
  css: string;
  /** Small inline script, only where the design needs one; the page must work without it. */
  script?: string;
  hooks?: TemplateHooks;
}

export interface RenderOptions {
  template: TemplateId;
  /** Public address of the site; used as canonical URL when `canonicalUrl` is not given. */
  siteUrl?: string | null;
  canonicalUrl?: string | null;
  /** Where the contact form posts, e.g. `/api/sites/{label}/contact`. */
  contactFormAction?: string | null;
  /** `preview` adds noindex and never omits the contact form for lack of an action. */
  mode?: 'publish' | 'preview';
  /** Page language (BCP 47); default `en`. */
  lang?: string;
  /** CSP nonce added to the inline <style> and <script> elements. */
  nonce?: string;
  /**
   * Absolute URL of the site's generated link-preview image (1200×630 PNG), used for og:image and
   * twitter:image unless the owner set their own (`settings.ogImage`).
   */
  ogImageUrl?: string | null;
}

export interface RenderResult {
  html: string;
  title: string;
  description: string;
  canonicalUrl: string | null;
  /** The sections that were rendered, in page order. */
  sections: SectionKey[];
  template: TemplateId;
}

export type { PortfolioContent };
