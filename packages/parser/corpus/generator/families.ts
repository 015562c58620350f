/**
 * Layout families: named recipes that imitate how real resumes are made. A family chooses the
 * persona's options (language, what is printed, date style, length) and a renderer with its style;
 * gold.ts makes the gold from the same persona. Families are parametric: a few base layouts times
 * options (sidebar side, heading style, date placement, language, output format).
 */
import type { ResumeData } from '@folio/core';
import type { Document } from 'docx';
import { langs, type Lang, type SectionKey } from './bank/languages.ts';
import type { DateStyle } from './dates.ts';
import { renderDocx, type DocxStyle } from './docx.ts';
import { renderCanvaBoxes, renderDocsRightSidebar } from './free-layouts.ts';
import { renderHtml, type HtmlStyle } from './html.ts';
import { linkedInFooter, linkedInGold, linkedInHtml, linkedInProfile } from './linkedin.ts';
import { uiLangs, type UiLang } from './linkedin-ui.ts';
import { renderTypst, type TypstStyle } from './typst.ts';
import type { Persona, PersonaOptions } from './persona.ts';
import type { Rng } from './rng.ts';

/** How a family's source becomes a file. */
export type OutputKind =
  'pdf-chromium' | 'pdf-typst' | 'pdf-lo' | 'docx-lo' | 'doc-lo' | 'docx-lib';

export const outputExt: Record<OutputKind, 'pdf' | 'docx' | 'doc'> = {
  'pdf-chromium': 'pdf',
  'pdf-typst': 'pdf',
  'pdf-lo': 'pdf',
  'docx-lo': 'docx',
  'doc-lo': 'doc',
  'docx-lib': 'docx',
};

export interface Rendered {
  /** The persona as printed: sections the layout has no place for are emptied (the gold's source). */
  persona: Persona;
  /** HTML source (Chromium and LibreOffice outputs). */
  html?: string;
  /** A page footer Chromium prints on every page (HTML of its footer template). */
  footer?: string;
  /** A Word document (docx-lib output). */
  docx?: Document;
  /** A Typst source (pdf-typst output). */
  typst?: string;
  /** The page Chromium prints on, when not A4 with 14 mm margins (in, cm, mm or px). */
  page?: PdfPage;
  /** The gold, when the family's conventions are not the general ones (gold.ts). */
  gold?: ResumeData;
  /** What the document's name ends with instead of the persona's language (an interface language). */
  label?: string;
}

export interface PdfPage {
  width: string;
  height: string;
  margin: { top: string; bottom: string; left: string; right: string };
}

export interface Family {
  name: string;
  /** What it imitates, for the README and reports. */
  imitates: string;
  output: OutputKind;
  /** Languages its documents cycle through. */
  langs: readonly Lang[];
  persona(rng: Rng, lang: Lang): PersonaOptions;
  /** `variant`: the family's own cycle (`variants`), e.g. an interface language. */
  render(p: Persona, rng: Rng, variant?: string): Rendered;
  /** A second cycle beside `langs` (the LinkedIn family's interface languages). */
  variants?: readonly string[];
}

const nonEn = langs.filter((l) => l !== 'en');
const european = langs.filter((l) => l !== 'zh');

const std: SectionKey[] = [
  'summary',
  'experience',
  'education',
  'projects',
  'publications',
  'skills',
  'certifications',
  'languages',
  'awards',
  'volunteering',
  'interests',
  'references',
];
const eduFirst: SectionKey[] = [
  'summary',
  'education',
  'experience',
  'projects',
  'skills',
  'certifications',
  'awards',
  'languages',
  'volunteering',
  'interests',
  'references',
];
const academic: SectionKey[] = [
  'summary',
  'education',
  'experience',
  'publications',
  'projects',
  'awards',
  'skills',
  'certifications',
  'languages',
  'volunteering',
  'interests',
  'references',
];

const serif = "'Liberation Serif', 'DejaVu Serif', serif";
const sans = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";
const dejavu = "'DejaVu Sans', sans-serif";
const cjk = "'WenQuanYi Micro Hei', 'DejaVu Sans', sans-serif";

const fontFor = (p: Persona, f: string) => (p.lang === 'zh' ? cjk : f);

const pageFooter = (p: Persona, withTotal: boolean) =>
  `<div style="font-size:8px;width:100%;text-align:center;color:#666;font-family:sans-serif">${p.name.replace(/</g, '')} · <span class="pageNumber"></span>${withTotal ? '/<span class="totalPages"></span>' : ''}</div>`;

/** A family rendered as HTML: the style may depend on the persona (fonts for Chinese) and chance. */
function htmlFamily(
  name: string,
  imitates: string,
  output: OutputKind,
  familyLangs: readonly Lang[],
  persona: (rng: Rng, lang: Lang) => PersonaOptions,
  style: (rng: Rng, p: Persona) => HtmlStyle,
  footer?: 'page' | 'page-total',
): Family {
  return {
    name,
    imitates,
    output,
    langs: familyLangs,
    persona,
    render: (p0, rng) => {
      const s = style(rng, p0);
      const p = restrict(p0, [...s.order, ...(s.sidebar ? (s.sidebarSections ?? []) : [])]);
      const out: Rendered = {
        persona: p,
        html: renderHtml(p, {
          ...s,
          font: fontFor(p, s.font),
          ...(output === 'pdf-chromium' ? {} : { lo: true }),
        }),
      };
      if (footer && output === 'pdf-chromium') out.footer = pageFooter(p, footer === 'page-total');
      return out;
    },
  };
}

function docxFamily(
  name: string,
  imitates: string,
  familyLangs: readonly Lang[],
  persona: (rng: Rng, lang: Lang) => PersonaOptions,
  style: (rng: Rng, p: Persona) => DocxStyle,
): Family {
  return {
    name,
    imitates,
    output: 'docx-lib',
    langs: familyLangs,
    persona,
    render: (p0, rng) => {
      const s = style(rng, p0);
      const p = restrict(p0, s.order);
      return { persona: p, docx: renderDocx(p, s) };
    },
  };
}

function typstFamily(
  name: string,
  imitates: string,
  familyLangs: readonly Lang[],
  persona: (rng: Rng, lang: Lang) => PersonaOptions,
  style: (rng: Rng, p: Persona) => TypstStyle,
): Family {
  return {
    name,
    imitates,
    output: 'pdf-typst',
    langs: familyLangs,
    persona,
    render: (p0, rng) => {
      const s = style(rng, p0);
      const p = restrict(p0, [
        ...s.order,
        ...(s.layout === 'sidebar' ? (s.sidebarSections ?? []) : []),
      ]);
      return { persona: p, typst: renderTypst(p, s) };
    },
  };
}

/** The persona without the sections a layout does not print (so the gold leaves them out too). */
export function restrict(p: Persona, keys: readonly SectionKey[]): Persona {
  const has = (k: SectionKey) => keys.includes(k);
  return {
    ...p,
    ...(has('summary') ? {} : { summary: undefined }),
    experience: has('experience') ? p.experience : [],
    education: has('education') ? p.education : [],
    skills: has('skills') ? p.skills : [],
    certifications: has('certifications') ? p.certifications : [],
    languages: has('languages') ? p.languages : [],
    projects: has('projects') ? p.projects : [],
    awards: has('awards') ? p.awards : [],
    publications: has('publications') ? p.publications : [],
    volunteering: has('volunteering') ? p.volunteering : [],
    interests: has('interests') ? p.interests : [],
    ...(has('references') ? {} : { references: undefined }),
  };
}

const size = (rng: Rng): PersonaOptions['size'] =>
  rng.pick(['short', 'normal', 'normal', 'long'] as const);
const base = (rng: Rng, lang: Lang, more: PersonaOptions = {}): PersonaOptions => ({
  lang,
  size: size(rng),
  ...more,
});

// ---------------------------------------------------------------- LaTeX look-alikes
const jake = (rng: Rng, p: Persona, over: Partial<HtmlStyle> = {}): HtmlStyle => ({
  header: 'centered',
  contact: 'inline',
  contactSep: rng.pick([' | ', ' | ', ' · ']),
  heading: 'smallcaps',
  entry: 'jake',
  bullet: '•',
  skills: 'label-colon',
  langs: 'inline',
  font: serif,
  size: 10.5,
  accent: '#000',
  nameStyle: 'smallcaps',
  groupRoles: rng.chance(0.5),
  order: p.experience.length > 3 ? std : eduFirst,
  ...over,
});

const moderncv =
  (variant: 'classic' | 'banking' | 'casual') =>
  (rng: Rng, _p: Persona): HtmlStyle => ({
    header: variant === 'banking' ? 'centered' : variant === 'classic' ? 'split' : 'left',
    contact: variant === 'banking' ? 'inline' : 'lines',
    contactSep: ' • ',
    heading: variant === 'banking' ? 'rule' : 'bar',
    entry: variant === 'banking' ? 'title-company' : 'title-company',
    dateColumn: variant !== 'banking',
    bullet: rng.pick(['•', '–']),
    skills: 'label-colon',
    langs: 'lines',
    font: rng.pick([sans, serif]),
    size: 10.5,
    accent: rng.pick(['#3873b3', '#c0392b', '#2e8b57']),
    nameStyle: variant === 'classic' ? 'split-weight' : 'plain',
    order: rng.chance(0.5) ? std : eduFirst,
  });

const awesome = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'centered',
  contact: 'inline',
  contactSep: ' | ',
  heading: 'awesome',
  entry: 'jake',
  bullet: '•',
  skills: 'label-colon',
  langs: 'lines',
  font: sans,
  size: 10,
  accent: '#dc3522',
  nameStyle: rng.pick(['split-weight', 'spaced'] as const),
  order: std,
});

const deedy = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'left',
  contact: 'inline',
  contactSep: ' | ',
  heading: 'letterspaced',
  entry: 'stacked',
  bullet: rng.pick(['•', '']),
  skills: 'list',
  langs: 'lines',
  font: sans,
  size: 9.5,
  accent: '#333',
  nameStyle: 'split-weight',
  sidebar: 'left',
  sidebarSections: ['education', 'contact', 'skills', 'languages', 'certifications'],
  order: ['summary', 'experience', 'projects', 'awards', 'volunteering', 'interests'],
});

const friggeri = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'banner',
  contact: 'lines',
  heading: 'awesome',
  entry: 'title-company',
  dateColumn: true,
  bullet: '',
  skills: 'list',
  langs: 'lines',
  font: sans,
  size: 9.5,
  accent: rng.pick(['#2b7bb9', '#6c3483', '#117a65']),
  nameStyle: 'split-weight',
  sidebar: 'left',
  sidebarSections: ['contact', 'skills', 'languages', 'certifications', 'interests'],
  order: ['summary', 'experience', 'education', 'projects', 'awards', 'volunteering'],
});

const altacv =
  (side: 'left' | 'right') =>
  (rng: Rng, _p: Persona): HtmlStyle => ({
    header: 'left',
    contact: 'inline',
    contactSep: '   ',
    heading: 'upper-color',
    entry: 'altacv',
    bullet: '•',
    skills: 'tags',
    langs: 'dots',
    font: dejavu,
    size: 9.5,
    accent: rng.pick(['#8f0d0d', '#0e5484', '#4a6b2a']),
    sidebar: side,
    sidebarSections: ['skills', 'languages', 'certifications', 'awards'],
    order: ['summary', 'experience', 'education', 'projects', 'volunteering', 'interests'],
  });

// ---------------------------------------------------------------- designer, Word, Docs looks
const designer =
  (side: 'left' | 'right', fill: boolean) =>
  (rng: Rng, _p: Persona): HtmlStyle => ({
    header: 'banner',
    contact: 'icons',
    heading: 'letterspaced',
    entry: rng.pick(['title-company', 'altacv', 'stacked'] as const),
    bullet: rng.pick(['▪', '•', '➤', '◦']),
    skills: rng.pick(['tags', 'list'] as const),
    langs: rng.pick(['dots', 'lines'] as const),
    font: rng.pick([sans, dejavu]),
    size: 9.5,
    accent: rng.pick(['#1f3a5f', '#b5651d', '#2d6a4f', '#7b2cbf']),
    nameStyle: 'spaced',
    ...(rng.chance(0.4) ? { headingDecor: 'icon' as const } : {}),
    skillDots: rng.chance(0.5),
    sidebar: side,
    ...(fill ? { sidebarFill: '#eef1f5' } : {}),
    sidebarSections: ['contact', 'skills', 'languages', 'certifications', 'interests'],
    order: ['summary', 'experience', 'education', 'projects', 'awards', 'volunteering'],
    photo: rng.chance(0.3),
  });

const gdocs = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'left',
  contact: rng.pick(['inline', 'lines'] as const),
  contactSep: ' • ',
  heading: 'upper-color',
  entry: 'gdocs',
  groupRoles: rng.chance(0.4),
  bullet: '●',
  skills: rng.pick(['label-colon', 'inline'] as const),
  langs: 'inline',
  font: sans,
  size: 10,
  accent: rng.pick(['#2079c7', '#e06666', '#38761d']),
  nameStyle: 'plain',
  order: std,
});

const europass = (_rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'left',
  contact: 'labelled',
  heading: 'upper-color',
  entry: 'title-company',
  dateColumn: true,
  bullet: '▪',
  skills: 'label-colon',
  langs: 'lines',
  font: sans,
  size: 9.5,
  accent: '#0e4194',
  nameStyle: 'plain',
  docTitle: 'Europass Curriculum Vitae',
  order: [
    'summary',
    'experience',
    'education',
    'languages',
    'skills',
    'certifications',
    'projects',
    'awards',
    'volunteering',
    'interests',
  ],
});

const lebenslauf = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'left',
  contact: 'labelled',
  heading: rng.pick(['underline', 'plain', 'rule'] as const),
  entry: 'title-company',
  dateColumn: true,
  bullet: rng.pick(['–', '•', '']),
  skills: 'label-colon',
  langs: 'lines',
  font: rng.pick([sans, serif]),
  size: 10.5,
  accent: '#333',
  nameStyle: 'plain',
  docTitle: 'Lebenslauf',
  photo: true,
  signature: true,
  order: [
    'experience',
    'education',
    'skills',
    'languages',
    'certifications',
    'volunteering',
    'interests',
  ],
});

const academicStyle = (rng: Rng, _p: Persona): HtmlStyle => ({
  header: 'centered',
  contact: 'inline',
  contactSep: ' · ',
  heading: rng.pick(['smallcaps', 'plain', 'rule'] as const),
  entry: 'title-company',
  dateColumn: rng.chance(0.5),
  bullet: rng.pick(['•', '–']),
  skills: 'label-colon',
  langs: 'inline',
  font: serif,
  size: 11,
  accent: '#000',
  nameStyle: 'plain',
  ...(rng.chance(0.4) ? { docTitle: 'Curriculum Vitae' } : {}),
  order: academic,
});

const chinese =
  (sidebar: boolean) =>
  (rng: Rng, _p: Persona): HtmlStyle => ({
    header: sidebar ? 'left' : 'split',
    contact: sidebar ? 'lines' : 'inline',
    contactSep: ' | ',
    heading: rng.pick(['boxed', 'bar', 'rule'] as const),
    entry: rng.pick(['pipe', 'title-company'] as const),
    bullet: rng.pick(['•', '']),
    skills: 'list',
    langs: 'inline',
    font: cjk,
    size: 10,
    accent: rng.pick(['#1e5aa8', '#a61e22']),
    nameStyle: 'plain',
    photo: !sidebar && rng.chance(0.5),
    ...(sidebar
      ? {
          sidebar: 'left' as const,
          sidebarFill: '#f2f4f7',
          sidebarSections: ['contact', 'skills', 'languages', 'certifications'] as SectionKey[],
        }
      : {}),
    order: [
      'summary',
      'education',
      'experience',
      'projects',
      'skills',
      'certifications',
      'awards',
      'languages',
      'volunteering',
      'interests',
    ],
  });

const wordish = (rng: Rng, p: Persona, over: Partial<HtmlStyle> = {}): HtmlStyle => ({
  header: rng.pick(['left', 'centered'] as const),
  contact: 'inline',
  contactSep: rng.pick([' | ', ' - ', ', ']),
  heading: rng.pick(['underline', 'plain', 'rule'] as const),
  entry: rng.pick([
    'company-first',
    'title-company',
    'pipe',
    'dates-first',
    'paren-dates',
  ] as const),
  ...(rng.chance(0.25) ? { headingDecor: 'colon' as const } : {}),
  groupRoles: rng.chance(0.3),
  bullet: rng.pick(['-', '•', '*']),
  skills: 'label-colon',
  langs: 'inline',
  font: rng.pick(["'Liberation Sans', Arial", "'Liberation Serif', 'Times New Roman'"]),
  size: 11,
  accent: '#1f4e79',
  nameStyle: 'plain',
  order: rng.chance(0.5) ? std : eduFirst,
  ...over,
});

// ---------------------------------------------------------------- the families
export const families: readonly Family[] = [
  htmlFamily(
    'jake-onecol',
    "Jake's resume (LaTeX, one column)",
    'pdf-chromium',
    ['en'],
    (r, l) => base(r, l, { technologies: r.chance(0.3), summary: r.chance(0.3) }),
    (r, p) => jake(r, p),
  ),
  htmlFamily(
    'jake-onecol-intl',
    "Jake's resume in other languages",
    'pdf-chromium',
    nonEn,
    (r, l) => base(r, l),
    (r, p) => jake(r, p),
  ),
  htmlFamily(
    'sb2nov-onecol',
    'sb2nov resume (LaTeX)',
    'pdf-chromium',
    ['en', 'en', 'fr'],
    (r, l) =>
      base(r, l, {
        professionKey: r.pick(['software', 'data']),
        projects: true,
        technologies: true,
      }),
    (r, p) => jake(r, p, { heading: 'rule', bullet: '◦', nameStyle: 'plain' }),
  ),
  htmlFamily(
    'sb2nov-dates-below',
    'sb2nov variant, dates under the title',
    'pdf-chromium',
    ['en', 'es', 'pt'],
    (r, l) => base(r, l),
    (r, p) =>
      jake(r, p, {
        heading: 'rule',
        entry: 'title-company',
        datePlace: 'below',
        nameStyle: 'upper',
      }),
  ),
  htmlFamily(
    'moderncv-classic',
    'moderncv classic (date column)',
    'pdf-chromium',
    european,
    (r, l) => base(r, l),
    moderncv('classic'),
  ),
  htmlFamily(
    'moderncv-banking',
    'moderncv banking',
    'pdf-chromium',
    european,
    (r, l) => base(r, l),
    moderncv('banking'),
  ),
  htmlFamily(
    'moderncv-casual',
    'moderncv casual',
    'pdf-chromium',
    ['de', 'fr', 'it', 'en'],
    (r, l) => base(r, l),
    moderncv('casual'),
    'page-total',
  ),
  htmlFamily(
    'awesome-cv',
    'Awesome-CV',
    'pdf-chromium',
    ['en', 'fr', 'es'],
    (r, l) => base(r, l),
    awesome,
    'page',
  ),
  htmlFamily(
    'awesome-cv-intl',
    'Awesome-CV in other languages',
    'pdf-chromium',
    ['de', 'it', 'pt', 'nl', 'zh'],
    (r, l) => base(r, l),
    awesome,
    'page',
  ),
  htmlFamily(
    'deedy-twocol',
    'Deedy resume (two columns)',
    'pdf-chromium',
    ['en'],
    (r, l) => base(r, l, { size: 'short', summary: false }),
    deedy,
  ),
  htmlFamily(
    'deedy-twocol-intl',
    'Deedy resume in other languages',
    'pdf-chromium',
    ['de', 'fr', 'es', 'nl'],
    (r, l) => base(r, l, { size: 'short' }),
    deedy,
  ),
  htmlFamily(
    'friggeri',
    'Friggeri CV (aside and date column)',
    'pdf-chromium',
    ['en', 'fr', 'de', 'pt'],
    (r, l) => base(r, l),
    friggeri,
  ),
  htmlFamily(
    'altacv-right',
    'AltaCV (sidebar right)',
    'pdf-chromium',
    ['en', 'de', 'es', 'it'],
    (r, l) => base(r, l),
    altacv('right'),
  ),
  htmlFamily(
    'altacv-left',
    'AltaCV (sidebar left)',
    'pdf-chromium',
    ['en', 'nl', 'pt', 'fr'],
    (r, l) => base(r, l),
    altacv('left'),
  ),
  htmlFamily(
    'designer-sidebar-right',
    'designer resume, filled sidebar right, icons, letter-spacing',
    'pdf-chromium',
    langs,
    (r, l) => base(r, l, { professionKey: r.chance(0.5) ? 'design' : undefined }),
    designer('right', true),
  ),
  htmlFamily(
    'designer-sidebar-left',
    'designer resume, filled sidebar left',
    'pdf-chromium',
    langs,
    (r, l) => base(r, l),
    designer('left', true),
  ),
  htmlFamily(
    'designer-plain-column',
    'designer resume, unfilled side column',
    'pdf-chromium',
    ['en', 'fr', 'it', 'es'],
    (r, l) => base(r, l),
    designer('right', false),
  ),
  htmlFamily(
    'designer-smallcaps',
    'small-caps designer resume',
    'pdf-chromium',
    ['en', 'de', 'fr'],
    (r, l) => base(r, l),
    (r, p) =>
      jake(r, p, {
        entry: 'company-first',
        bullet: '▪',
        heading: 'smallcaps',
        font: r.pick([serif, sans]),
        accent: '#8a5a00',
        nameStyle: 'spaced',
      }),
  ),
  htmlFamily(
    'label-rail',
    'headings in a left rail',
    'pdf-chromium',
    ['nl', 'de', 'en', 'fr'],
    (r, l) => base(r, l),
    (r, p) => ({
      ...wordish(r, p),
      labelColumn: true,
      header: 'left',
      heading: 'upper-color',
      entry: 'title-company',
      bullet: '',
      font: sans,
      size: 10,
    }),
  ),
  htmlFamily(
    'europass',
    'Europass CV',
    'pdf-chromium',
    european,
    (r, l) => base(r, l, { fullAddress: true, languages: true }),
    europass,
  ),
  htmlFamily(
    'lebenslauf-tabular',
    'German tabular CV (Lebenslauf)',
    'pdf-chromium',
    ['de'],
    (r, l) =>
      base(r, l, {
        countryCode: r.pick(['DE', 'DE', 'CH']),
        fullAddress: true,
        summary: false,
        headline: false,
        dateStyle: r.pick(['mm/yyyy', 'mm.yyyy', 'month-yyyy'] as DateStyle[]),
      }),
    lebenslauf,
  ),
  htmlFamily(
    'lebenslauf-modern',
    'modern German CV with photo and sidebar',
    'pdf-chromium',
    ['de'],
    (r, l) => base(r, l, { countryCode: 'DE', dateStyle: 'mm.yyyy' }),
    (r, p) => ({ ...designer('left', true)(r, p), photo: true, nameStyle: 'plain' }),
  ),
  htmlFamily(
    'gdocs-classic',
    'Google Docs resume template (classic)',
    'pdf-chromium',
    ['en'],
    (r, l) => base(r, l),
    gdocs,
  ),
  htmlFamily(
    'gdocs-intl',
    'Google Docs resume template, other languages',
    'pdf-chromium',
    ['es', 'pt', 'it', 'nl'],
    (r, l) => base(r, l),
    gdocs,
  ),
  htmlFamily(
    'academic-cv',
    'academic CV with publications',
    'pdf-chromium',
    ['en'],
    (r, l) => base(r, l, { professionKey: 'research', size: 'long', publications: true }),
    academicStyle,
    'page-total',
  ),
  htmlFamily(
    'academic-cv-intl',
    'academic CV, other languages',
    'pdf-chromium',
    ['de', 'fr', 'es', 'it', 'nl', 'pt'],
    (r, l) =>
      base(r, l, { professionKey: r.pick(['research', 'research', 'data']), publications: true }),
    academicStyle,
    'page',
  ),
  htmlFamily(
    'chinese-onecol',
    'Chinese one-column resume',
    'pdf-chromium',
    ['zh'],
    (r, l) => base(r, l, { countryCode: 'CN' }),
    chinese(false),
  ),
  htmlFamily(
    'chinese-sidebar',
    'Chinese resume with sidebar',
    'pdf-chromium',
    ['zh'],
    (r, l) => base(r, l, { countryCode: 'CN' }),
    chinese(true),
  ),
  htmlFamily(
    'years-only',
    'one column, years only, no summary',
    'pdf-chromium',
    ['en', 'fr', 'es', 'de'],
    (r, l) => base(r, l, { dateStyle: 'yyyy', summary: false }),
    (r, p) => jake(r, p, { entry: 'pipe', heading: 'rule', font: sans, nameStyle: 'plain' }),
  ),
  htmlFamily(
    'compact-pipe',
    'compact one-page, dates below the head',
    'pdf-chromium',
    langs,
    (r, l) => base(r, l, { size: 'short' }),
    (r, p) => ({
      ...wordish(r, p),
      entry: 'pipe',
      datePlace: 'below',
      heading: 'rule',
      font: fontFor(p, sans),
    }),
  ),
  htmlFamily(
    'long-three-pages',
    'long CV over two or three pages',
    'pdf-chromium',
    ['en', 'de'],
    (r, l) =>
      base(r, l, {
        size: 'long',
        projects: true,
        awards: true,
        volunteering: true,
        certifications: true,
      }),
    gdocs,
    'page-total',
  ),
  htmlFamily(
    'stacked-left',
    'left-aligned header, stacked entry heads',
    'pdf-chromium',
    langs,
    (r, l) => base(r, l),
    (r, p) => ({
      ...wordish(r, p),
      header: 'left',
      entry: 'stacked',
      heading: 'rule',
      font: sans,
      contact: 'lines',
    }),
  ),
  htmlFamily(
    'typst-basic',
    'basic Typst resume look-alike in HTML (Chromium)',
    'pdf-chromium',
    ['en', 'es', 'it'],
    (r, l) => base(r, l),
    (r, p) =>
      jake(r, p, {
        font: "'Liberation Serif', serif",
        heading: 'rule',
        nameStyle: 'plain',
        entry: 'jake',
        contactSep: '  |  ',
      }),
  ),
  htmlFamily(
    'linkedin-export',
    'LinkedIn profile saved as PDF (contact and top skills on the left)',
    'pdf-chromium',
    ['en', 'en', 'de', 'fr', 'es', 'pt', 'it', 'nl'],
    (r, l) =>
      base(r, l, {
        dateStyle: 'month-yyyy',
        durations: true,
        expLocation: r.chance(0.7),
        eduLocation: false,
        links: true,
        skillGroups: false,
        languages: true,
        interests: false,
        references: false,
        projects: false,
      }),
    (_r, _p) => ({
      header: 'left',
      contact: 'lines',
      heading: 'plain',
      entry: 'linkedin',
      bullet: '',
      skills: 'list',
      langs: 'lines',
      font: sans,
      size: 10,
      accent: '#000',
      nameStyle: 'plain',
      sidebar: 'left',
      sidebarFill: '#e8ecef',
      sidebarSections: ['contact', 'skills', 'languages', 'certifications', 'awards'],
      order: ['summary', 'experience', 'education'],
    }),
    'page-total',
  ),
  {
    name: 'linkedin-save-to-pdf',
    imitates:
      'LinkedIn "Save to PDF" profile export: sidebar beside a main column, roles grouped under a company, durations, "Page N of M" in the interface language (LinkedIn gold conventions)',
    output: 'pdf-chromium',
    // content in the interface language (a Polish interface over English content)
    langs: uiLangs.map((l) => (l === 'pl' ? 'en' : l)),
    variants: uiLangs,
    persona: (r, l) =>
      base(r, l, {
        size: r.pick(['short', 'normal', 'long'] as const),
        expLocation: true,
        links: true,
        skillGroups: false,
        languages: true,
        interests: false,
        references: false,
        projects: false,
        volunteering: false,
      }),
    render: (p, rng, variant) => {
      const profile = linkedInProfile(p, (variant ?? 'en') as UiLang, rng);
      return {
        persona: p,
        html: linkedInHtml(profile),
        footer: linkedInFooter(profile),
        page: {
          width: '8.5in',
          height: '11in',
          margin: { top: '0.5in', bottom: '0.5in', left: '0in', right: '0in' },
        },
        gold: linkedInGold(profile),
        label: profile.ui,
      };
    },
  },
  htmlFamily(
    'split-header',
    'name left, contact right',
    'pdf-chromium',
    ['en', 'fr', 'nl', 'pt'],
    (r, l) => base(r, l),
    (r, p) => ({
      ...wordish(r, p),
      header: 'split',
      contact: 'lines',
      heading: 'bar',
      font: sans,
      accent: '#2a6f97',
    }),
  ),
  // Typst: the npm Typst compiler
  typstFamily(
    'typst-resume',
    'basic Typst resume template (one column)',
    ['en', 'de', 'fr', 'es', 'it'],
    (r, l) => base(r, l),
    (r) => ({
      layout: 'basic',
      font: r.pick(['Liberation Serif', 'Liberation Sans']),
      size: 10,
      accent: '#000000',
      heading: 'smallcaps-rule',
      entry: r.pick(['two-rows', 'one-line'] as const),
      order: r.chance(0.5) ? std : eduFirst,
    }),
  ),
  typstFamily(
    'typst-sidebar-cv',
    'Typst CV with a side column',
    ['en', 'pt', 'nl', 'de'],
    (r, l) => base(r, l),
    (r) => ({
      layout: 'sidebar',
      font: 'DejaVu Sans',
      size: 9,
      accent: r.pick(['#1f4e79', '#8b1e3f', '#2e7d32']),
      heading: 'upper-accent',
      entry: r.pick(['two-rows', 'one-line'] as const),
      sidebarSections: ['contact', 'skills', 'languages', 'certifications'],
      order: [
        'summary',
        'experience',
        'education',
        'projects',
        'publications',
        'awards',
        'volunteering',
        'interests',
      ],
    }),
  ),
  typstFamily(
    'typst-chinese',
    'Chinese resume in Typst',
    ['zh'],
    (r, l) => base(r, l, { countryCode: 'CN' }),
    (r) => ({
      layout: 'basic',
      font: 'WenQuanYi Micro Hei',
      size: 10,
      accent: '#1e5aa8',
      heading: r.pick(['upper-accent', 'smallcaps-rule'] as const),
      entry: 'one-line',
      order: [
        'summary',
        'education',
        'experience',
        'projects',
        'skills',
        'certifications',
        'awards',
        'languages',
        'volunteering',
        'interests',
      ],
    }),
  ),
  // LibreOffice: Word-like documents from HTML
  htmlFamily(
    'word-table-docx',
    'Word resume with a sidebar table (LibreOffice DOCX)',
    'docx-lo',
    european,
    (r, l) => base(r, l),
    (r, p) => ({
      ...wordish(r, p),
      sidebar: 'right',
      sidebarSections: ['contact', 'skills', 'languages', 'certifications'],
      sidebarFill: '#eeeeee',
    }),
  ),
  htmlFamily(
    'word-table-doc',
    'Word 97 resume with tables (LibreOffice DOC)',
    'doc-lo',
    european,
    (r, l) => base(r, l),
    (r, p) => ({ ...wordish(r, p), dateColumn: true }),
  ),
  htmlFamily(
    'word-plain-docx',
    'plain Word resume (LibreOffice DOCX)',
    'docx-lo',
    langs,
    (r, l) => base(r, l),
    (r, p) => wordish(r, p),
  ),
  htmlFamily(
    'word-plain-doc',
    'plain Word 97 resume (LibreOffice DOC)',
    'doc-lo',
    ['en', 'es', 'it', 'pt'],
    (r, l) => base(r, l),
    (r, p) => wordish(r, p),
  ),
  htmlFamily(
    'word-export-pdf',
    'Word-like document exported to PDF (LibreOffice)',
    'pdf-lo',
    european,
    (r, l) => base(r, l),
    (r, p) => ({ ...wordish(r, p), labelColumn: r.chance(0.5) }),
  ),
  htmlFamily(
    'lebenslauf-doc',
    'German tabular CV as Word 97 (LibreOffice DOC)',
    'doc-lo',
    ['de'],
    (r, l) => base(r, l, { countryCode: 'DE', fullAddress: true, summary: false, headline: false }),
    lebenslauf,
  ),
  // docx library: Word's own structures
  docxFamily(
    'docx-heading-styles',
    'Word heading styles, right tab stop for dates, list bullets',
    langs,
    (r, l) => base(r, l),
    (r, p) => ({
      headingStyles: true,
      dates: 'tab',
      bullets: 'numbering',
      font: p.lang === 'zh' ? 'SimSun' : 'Calibri',
      order: std,
    }),
  ),
  docxFamily(
    'docx-bold-table',
    'no heading styles, bold caps headings, dates in table cells',
    european,
    (r, l) => base(r, l),
    (r) => ({
      headingStyles: false,
      upperHeadings: true,
      dates: 'table',
      bullets: 'typed',
      font: 'Arial',
      order: r.chance(0.5) ? std : eduFirst,
    }),
  ),
  docxFamily(
    'docx-header-footer',
    'name and contact in the page header, page-number footer',
    langs,
    (r, l) => base(r, l),
    () => ({
      headingStyles: false,
      dates: 'line',
      bullets: 'numbering',
      contactInHeader: true,
      pageFooter: true,
      font: 'Times New Roman',
      order: std,
    }),
  ),
  docxFamily(
    'docx-sidebar-table',
    'Word two-column table layout',
    european,
    (r, l) => base(r, l),
    (r) => ({
      headingStyles: r.chance(0.5),
      dates: 'line',
      bullets: 'typed',
      sidebarTable: true,
      font: 'Calibri',
      order: std,
    }),
  ),
  docxFamily(
    'docx-label-table',
    'Europass-like label cells (Word tables)',
    european,
    (r, l) => base(r, l, { fullAddress: true }),
    () => ({
      headingStyles: false,
      upperHeadings: true,
      dates: 'tab',
      bullets: 'none',
      labelTable: true,
      font: 'Arial',
      order: std,
    }),
  ),
  // page editors (free-layouts.ts): a Google Docs right column, Canva text boxes over a panel
  {
    name: 'gdocs-right-sidebar',
    imitates: 'Google Docs resume: contact, skills and education in a right column of a third',
    output: 'pdf-chromium',
    langs: european,
    persona: (r, l) => base(r, l),
    render: (p0, rng) => {
      const s = { ...gdocs(rng, p0), font: fontFor(p0, sans) };
      const side: SectionKey[] = ['contact', 'skills', 'education', 'languages', 'certifications'];
      const main: SectionKey[] = ['summary', 'experience', 'projects', 'awards', 'volunteering'];
      const p = restrict(p0, [...main, ...side]);
      const html = renderDocsRightSidebar(p, s, main, side, rng.pick([0.3, 0.33, 0.35]));
      return { persona: p, html };
    },
  },
  {
    name: 'canva-boxes-panel',
    imitates:
      'Canva resume: text boxes at fixed places, written out of order, over a coloured panel',
    output: 'pdf-chromium',
    langs: european,
    persona: (r, l) => base(r, l, { size: r.pick(['short', 'normal'] as const) }),
    render: (p0, rng) => {
      const s = { ...designer(rng.chance(0.5) ? 'left' : 'right', true)(rng, p0), size: 9 };
      const side = rng.pick<SectionKey[]>([
        ['contact', 'skills', 'languages', 'interests'],
        ['contact', 'education', 'skills', 'languages'],
      ]);
      const main = (
        ['summary', 'experience', 'education', 'projects', 'certifications'] as const
      ).filter((k) => !side.includes(k));
      const p = restrict(p0, [...main, ...side]);
      const html = renderCanvaBoxes(p, s, rng, main, side, {
        panel: s.sidebar ?? 'left',
        fill: rng.pick(['#f3e9dc', '#e3ecf5', '#e8f1e4', '#f6e1e1']),
        nameOnPanel: rng.chance(0.4),
      });
      return {
        persona: p,
        html,
        page: {
          width: '210mm',
          height: '297mm',
          margin: { top: '0', bottom: '0', left: '0', right: '0' },
        },
      };
    },
  },
];

export const familyByName = (name: string): Family => {
  const f = families.find((x) => x.name === name);
  if (!f) throw new Error(`unknown family ${name}`);
  return f;
};
