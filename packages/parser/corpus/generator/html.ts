/**
 * One HTML resume renderer driven by a style: the HTML families are named styles (layouts that
 * imitate LaTeX classes, designer templates, Word and Google Docs documents). It prints every
 * field of the persona it is given and nothing else that the gold holds; what it adds (headings,
 * labels, glyphs, page footers, hobbies) is what real resumes add and the gold leaves out.
 * Left/right alignment uses tables, so the same HTML also converts in LibreOffice (`lo: true`
 * keeps to what its HTML import reads: no flex, no grid).
 */
import type { SectionKey } from './bank/languages.ts';
import type { EduEntry, ExpEntry, Persona } from './persona.ts';

export interface HtmlStyle {
  /** Sections in a sidebar beside the main column. */
  sidebar?: 'left' | 'right';
  sidebarSections?: SectionKey[];
  /** Sidebar background colour (none: a plain column, as Deedy). */
  sidebarFill?: string;
  /** Dates in a left column beside each entry (moderncv, Europass, German tabular CV). */
  dateColumn?: boolean;
  /** Headings in a left rail beside their content. */
  labelColumn?: boolean;
  header: 'centered' | 'left' | 'split' | 'banner';
  contact: 'inline' | 'lines' | 'icons' | 'labelled';
  contactSep?: string;
  heading:
    | 'rule'
    | 'smallcaps'
    | 'letterspaced'
    | 'bar'
    | 'plain'
    | 'underline'
    | 'boxed'
    | 'awesome'
    | 'upper-color';
  entry:
    | 'jake'
    | 'title-company'
    | 'pipe'
    | 'stacked'
    | 'gdocs'
    | 'company-first'
    | 'altacv'
    | 'dates-first'
    | 'paren-dates'
    | 'linkedin';
  /** A colon after each heading, or an icon glyph before it. */
  headingDecor?: 'colon' | 'icon';
  /** Skill items with level dots (sidebars and lists). */
  skillDots?: boolean;
  /** Consecutive roles at one company printed under one company line (not in date columns). */
  groupRoles?: boolean;
  /** Where the dates go when there is no date column. */
  datePlace?: 'right' | 'below';
  bullet: string;
  skills: 'label-colon' | 'tags' | 'list' | 'inline';
  langs: 'inline' | 'lines' | 'dots';
  font: string;
  size: number;
  accent: string;
  nameStyle?: 'spaced' | 'smallcaps' | 'upper' | 'split-weight' | 'plain';
  order: SectionKey[];
  /** A photo placeholder box beside the header. */
  photo?: boolean;
  /** "Place, date" and a signature line at the end (German CVs). */
  signature?: boolean;
  /** A document title above the name ("Lebenslauf", "Curriculum Vitae"). */
  docTitle?: string;
  lo?: boolean;
}

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const row = (left: string, right: string, cls = '') =>
  right
    ? `<table class="row ${cls}"><tr><td class="l">${left}</td><td class="r" nowrap>${right}</td></tr></table>`
    : `<div class="${cls}">${left}</div>`;

const glyph = {
  email: '✉',
  phone: '☎',
  location: '⌂',
  linkedin: 'in',
  github: '⌥',
  portfolio: '⚲',
  date: '◷',
};

function contactItems(p: Persona): { key: keyof typeof glyph; label: string; value: string }[] {
  const out: { key: keyof typeof glyph; label: string; value: string }[] = [];
  if (p.location) out.push({ key: 'location', label: p.labels.address, value: p.location });
  out.push({ key: 'phone', label: p.labels.phone, value: p.phone });
  out.push({ key: 'email', label: p.labels.email, value: p.email });
  if (p.linkedin) out.push({ key: 'linkedin', label: 'LinkedIn', value: p.linkedin });
  if (p.github) out.push({ key: 'github', label: 'GitHub', value: p.github });
  if (p.portfolio) out.push({ key: 'portfolio', label: 'Web', value: p.portfolio });
  return out;
}

function renderContact(p: Persona, s: HtmlStyle, mode = s.contact): string {
  const items = contactItems(p);
  const link = (v: string) => esc(v);
  switch (mode) {
    case 'inline':
      return `<div class="contact">${items.map((i) => `<span>${link(i.value)}</span>`).join(esc(s.contactSep ?? ' | '))}</div>`;
    case 'lines':
      return `<div class="contact lines">${items.map((i) => `<div>${link(i.value)}</div>`).join('')}${p.personal.map((x) => `<div>${esc(x.value)}</div>`).join('')}</div>`;
    case 'icons':
      return `<div class="contact icons">${items.map((i) => `<div><span class="ic">${glyph[i.key]}</span> ${link(i.value)}</div>`).join('')}</div>`;
    case 'labelled':
      return `<table class="labelled">${[
        ...items,
        ...p.personal.map((x) => ({ label: x.label, value: x.value })),
      ]
        .map((i) => `<tr><td class="lab">${esc(i.label)}:</td><td>${link(i.value)}</td></tr>`)
        .join('')}</table>`;
  }
}

export function renderName(p: Persona, s: HtmlStyle): string {
  if (s.nameStyle === 'split-weight' && p.name.includes(' ')) {
    const i = p.name.indexOf(' ');
    return `<h1 class="name"><span class="thin">${esc(p.name.slice(0, i))}</span> <span class="bold">${esc(p.name.slice(i + 1))}</span></h1>`;
  }
  return `<h1 class="name">${esc(p.name)}</h1>`;
}

const headingIcons = ['◆', '■', '●', '▶', '★'];

function renderHeading(text: string, s: HtmlStyle): string {
  const icon =
    s.headingDecor === 'icon'
      ? `<span class="ic">${headingIcons[text.length % headingIcons.length]}</span> `
      : '';
  const colon = s.headingDecor === 'colon' ? ':' : '';
  if (s.heading === 'awesome' && text.length > 3) {
    return `<h2 class="h">${icon}<span class="acc">${esc(text.slice(0, 3))}</span>${esc(text.slice(3))}${colon}</h2>`;
  }
  return `<h2 class="h">${icon}${esc(text)}${colon}</h2>`;
}

const bulletsHtml = (items: string[], s: HtmlStyle) =>
  items.length
    ? s.bullet && s.lo
      ? items.map((b) => `<p class="para">${esc(s.bullet)} ${esc(b)}</p>`).join('')
      : s.bullet
        ? `<ul class="b">${items.map((b) => `<li><span class="g">${esc(s.bullet)}</span> ${esc(b)}</li>`).join('')}</ul>`
        : items.map((b) => `<p class="para">${esc(b)}</p>`).join('')
    : '';

function expHead(e: ExpEntry, s: HtmlStyle, withDates: boolean): string {
  const dates = withDates ? `<span class="date">${esc(e.dates)}</span>` : '';
  const below = s.datePlace === 'below';
  const loc = e.location ? esc(e.location) : '';
  const C = esc(e.company);
  const P = esc(e.position);
  switch (s.entry) {
    case 'jake':
      return (
        row(`<b>${C}</b>`, loc) +
        row(`<i>${P}</i>`, below ? '' : `<i>${dates}</i>`) +
        (below && dates ? `<div>${dates}</div>` : '')
      );
    case 'title-company':
      return (
        row(`<b>${P}</b>`, below ? '' : dates) +
        `<div class="sub">${C}${loc ? `, ${loc}` : ''}</div>` +
        (below && dates ? `<div>${dates}</div>` : '')
      );
    case 'pipe':
      return (
        row(`<b>${P}</b> | ${C}${loc ? ` | ${loc}` : ''}`, below ? '' : dates) +
        (below && dates ? `<div>${dates}</div>` : '')
      );
    case 'stacked':
      return `<div><b>${C}</b></div><div>${P}</div>${dates || loc ? `<div class="muted">${[dates, loc].filter(Boolean).join(' · ')}</div>` : ''}`;
    case 'gdocs':
      return `<div><b>${C}</b>${loc ? `, ${loc}` : ''} — <i>${P}</i></div>${dates ? `<div class="gd">${dates}</div>` : ''}`;
    case 'company-first':
      return (
        row(`<b>${C}</b> — ${P}`, below ? loc : dates) +
        (below ? `<div>${dates}</div>` : loc ? `<div class="muted">${loc}</div>` : '')
      );
    case 'dates-first':
      return `<div>${dates ? `<b>${dates}</b> &nbsp; ` : ''}${P}, ${C}${loc ? `, ${loc}` : ''}</div>`;
    case 'paren-dates':
      return `<div><b>${P}</b>, ${C}${loc ? `, ${loc}` : ''}${dates ? ` (${dates})` : ''}</div>`;
    case 'linkedin':
      return `<div class="li-co">${C}</div><div class="li-pos">${P}</div><div class="muted">${dates}</div>${loc ? `<div class="muted">${loc}</div>` : ''}`;
    case 'altacv':
      return `<div class="pos">${P}</div><div class="acc">${C}</div><div class="muted">${dates ? `<span class="ic">${glyph.date}</span> ${dates}` : ''}${loc ? ` &nbsp; <span class="ic">${glyph.location}</span> ${loc}` : ''}</div>`;
  }
}

function eduHead(e: EduEntry, s: HtmlStyle, withDates: boolean): string {
  const dates = withDates ? `<span class="date">${esc(e.dates)}</span>` : '';
  const below = s.datePlace === 'below';
  const gpa = e.gpa ? `<div>${esc(e.gpa.label)}: ${esc(e.gpa.value)}</div>` : '';
  const loc = e.location ? esc(e.location) : '';
  const I = esc(e.institution);
  const D = esc(e.degreeLine);
  switch (s.entry) {
    case 'jake':
    case 'company-first':
      return (
        row(`<b>${I}</b>`, loc) +
        row(`<i>${D}</i>`, below ? '' : `<i>${dates}</i>`) +
        (below && dates ? `<div>${dates}</div>` : '') +
        gpa
      );
    case 'title-company':
    case 'pipe':
      return (
        row(`<b>${D}</b>`, below ? '' : dates) +
        `<div class="sub">${I}${loc ? `, ${loc}` : ''}</div>` +
        (below && dates ? `<div>${dates}</div>` : '') +
        gpa
      );
    case 'stacked':
    case 'altacv':
      return `<div class="pos">${D}</div><div class="acc">${I}</div>${dates || loc ? `<div class="muted">${[dates, loc].filter(Boolean).join(' · ')}</div>` : ''}${gpa}`;
    case 'gdocs':
      return `<div><b>${I}</b>${loc ? `, ${loc}` : ''} — <i>${D}</i></div>${dates ? `<div class="gd">${dates}</div>` : ''}${gpa}`;
    case 'dates-first':
      return `<div>${dates ? `<b>${dates}</b> &nbsp; ` : ''}${D}, ${I}${loc ? `, ${loc}` : ''}</div>${gpa}`;
    case 'paren-dates':
      return `<div><b>${D}</b>, ${I}${loc ? `, ${loc}` : ''}${dates ? ` (${dates})` : ''}</div>${gpa}`;
    case 'linkedin':
      return `<div class="li-co">${I}</div><div>${D} · (${dates})</div>${gpa}`;
  }
}

const expBody = (e: ExpEntry, s: HtmlStyle) =>
  bulletsHtml(e.bullets, s) +
  (e.technologies?.length
    ? `<div class="tech"><i>${esc(e.technologies.join(', '))}</i></div>`
    : '');

/** Runs of consecutive roles at the same company (and place: a group prints one place). */
function groupByCompany(list: ExpEntry[]): ExpEntry[][] {
  const out: ExpEntry[][] = [];
  for (const e of list) {
    const last = out.at(-1);
    if (last && last[0]!.company === e.company && last[0]!.location === e.location) last.push(e);
    else out.push([e]);
  }
  return out;
}

/** An entry: in a date column layout a two-cell row (dates | content), else the head and body. */
function entryBlock(
  dates: string,
  head: (withDates: boolean) => string,
  body: string,
  s: HtmlStyle,
): string {
  if (s.dateColumn) {
    return `<table class="dc"><tr><td class="dcl" width="26%" nowrap>${esc(dates)}</td><td class="dcr">${head(false)}${body}</td></tr></table>`;
  }
  return `<div class="entry">${head(true)}${body}</div>`;
}

export function renderSection(
  key: SectionKey,
  p: Persona,
  s: HtmlStyle,
  inSidebar: boolean,
): string {
  const h = p.headings[key];
  let body = '';
  switch (key) {
    case 'summary':
      if (!p.summary) return '';
      body = `<p>${esc(p.summary)}</p>`;
      break;
    case 'experience':
      if (!p.experience.length) return '';
      if (s.groupRoles && !s.dateColumn) {
        body = groupByCompany(p.experience)
          .map((g) =>
            g.length === 1
              ? `<div class="entry">${expHead(g[0]!, s, true)}${expBody(g[0]!, s)}</div>`
              : `<div class="entry">${row(`<b>${esc(g[0]!.company)}</b>`, g[0]!.location ? esc(g[0]!.location) : '')}${g
                  .map(
                    (e) =>
                      `<div class="role">${row(`<i>${esc(e.position)}</i>`, esc(e.dates))}${expBody(e, s)}</div>`,
                  )
                  .join('')}</div>`,
          )
          .join('');
        break;
      }
      body = p.experience
        .map((e) =>
          entryBlock(
            e.dates,
            (w) => expHead(e, s, w),
            bulletsHtml(e.bullets, s) +
              (e.technologies?.length
                ? `<div class="tech"><i>${esc(e.technologies.join(', '))}</i></div>`
                : ''),
            s,
          ),
        )
        .join('');
      break;
    case 'education':
      if (!p.education.length) return '';
      if (inSidebar) {
        body = p.education
          .map(
            (e) =>
              `<div class="entry"><div><b>${esc(e.degreeLine)}</b></div><div>${esc(e.institution)}</div><div class="muted">${esc(e.dates)}</div>${e.location ? `<div class="muted">${esc(e.location)}</div>` : ''}${e.gpa ? `<div>${esc(e.gpa.label)}: ${esc(e.gpa.value)}</div>` : ''}</div>`,
          )
          .join('');
      } else
        body = p.education.map((e) => entryBlock(e.dates, (w) => eduHead(e, s, w), '', s)).join('');
      break;
    case 'skills': {
      if (!p.skills.length) return '';
      const mode = inSidebar && s.skills === 'label-colon' ? 'list' : s.skills;
      body = p.skills
        .map((g) => {
          const label = g.label ? `<b>${esc(g.label)}</b>` : '';
          switch (mode) {
            case 'label-colon':
              return `<div>${label ? `${label}: ` : ''}${esc(g.items.join(', '))}</div>`;
            case 'inline':
              return `<div>${label ? `${label} ` : ''}${esc(g.items.join(' | '))}</div>`;
            case 'tags':
              return `${label ? `<div class="sk">${label}</div>` : ''}<div class="tags">${g.items.map((i) => `<span class="tag">${esc(i)}</span>`).join(s.lo ? ' ' : '')}</div>`;
            case 'list':
              return `${label ? `<div class="sk">${label}</div>` : ''}${g.items
                .map((i, k) =>
                  s.skillDots
                    ? row(
                        esc(i),
                        `<span class="dots">${'●'.repeat(5 - (k % 3))}${'○'.repeat(k % 3)}</span>`,
                      )
                    : `<div>${esc(i)}</div>`,
                )
                .join('')}`;
          }
        })
        .join('');
      break;
    }
    case 'projects':
      if (!p.projects.length) return '';
      body = p.projects
        .map(
          (x) =>
            `<div class="entry"><div><b>${esc(x.name)}</b>${x.technologies?.length ? ` | <i>${esc(x.technologies.join(', '))}</i>` : ''}</div>${bulletsHtml(x.bullets, s)}</div>`,
        )
        .join('');
      break;
    case 'languages':
      if (!p.languages.length) return '';
      switch (s.langs) {
        case 'inline':
          body = `<div>${p.languages.map((l) => `${esc(l.name)} (${esc(l.level)})`).join(', ')}</div>`;
          break;
        case 'lines':
          body = p.languages.map((l) => row(`${esc(l.name)}`, esc(l.level))).join('');
          break;
        case 'dots': {
          const n = (lvl: string, i: number) =>
            i === 0 ? 5 : /C2|C1/.test(lvl) ? 4 : /B2/.test(lvl) ? 3 : 2 + (lvl.length % 2);
          body = p.languages
            .map((l, i) =>
              row(
                esc(l.name),
                `<span class="dots">${'●'.repeat(n(l.level, i))}${'○'.repeat(5 - n(l.level, i))}</span>`,
              ),
            )
            .join('');
          break;
        }
      }
      break;
    case 'awards':
      if (!p.awards.length) return '';
      body = bulletsHtml(p.awards, { ...s, bullet: s.bullet || '•' });
      break;
    case 'certifications':
      if (!p.certifications.length) return '';
      body = bulletsHtml(p.certifications, { ...s, bullet: s.bullet || '•' });
      break;
    case 'volunteering':
      if (!p.volunteering.length) return '';
      body = bulletsHtml(p.volunteering, { ...s, bullet: s.bullet || '•' });
      break;
    case 'publications':
      if (!p.publications.length) return '';
      body = `<ol class="pubs">${p.publications.map((x) => `<li>${esc(x.authors)}. <b>${esc(x.title)}</b>. <i>${esc(x.venue)}</i>, ${x.year}.</li>`).join('')}</ol>`;
      break;
    case 'interests':
      if (!p.interests.length) return '';
      body = `<div>${esc(p.interests.join(', '))}</div>`;
      break;
    case 'references':
      if (!p.references) return '';
      body = `<div>${esc(p.references)}</div>`;
      break;
    case 'contact':
      body = renderContact(
        p,
        s,
        inSidebar ? (s.contact === 'icons' ? 'icons' : 'lines') : s.contact,
      );
      break;
  }
  if (s.labelColumn && !inSidebar) {
    return `<table class="lc" data-block><tr><td class="lcl" width="26%">${renderHeading(h, s)}</td><td class="lcr">${body}</td></tr></table>`;
  }
  return `<section data-block>${renderHeading(h, s)}${body}</section>`;
}

function headingCss(s: HtmlStyle): string {
  const a = s.accent;
  switch (s.heading) {
    case 'rule':
      return `h2.h{font-size:1.15em;text-transform:uppercase;border-bottom:1px solid #000;margin:12px 0 5px;padding-bottom:1px;font-weight:bold}`;
    case 'smallcaps':
      return `h2.h{font-size:1.2em;font-variant:small-caps;border-bottom:1px solid ${a};margin:12px 0 5px;font-weight:normal}`;
    case 'letterspaced':
      return `h2.h{font-size:1em;text-transform:uppercase;letter-spacing:0.25em;margin:14px 0 6px;color:${a};font-weight:bold}`;
    case 'bar':
      return `h2.h{font-size:1.25em;color:${a};margin:12px 0 5px;font-weight:normal;border-left:5px solid ${a};padding-left:6px}`;
    case 'plain':
      return `h2.h{font-size:1.1em;margin:12px 0 4px;font-weight:bold}`;
    case 'underline':
      return `h2.h{font-size:1.1em;margin:12px 0 4px;font-weight:bold;text-decoration:underline}`;
    case 'boxed':
      return `h2.h{font-size:1em;margin:12px 0 6px;font-weight:bold;background:${a};color:#fff;padding:2px 6px;text-transform:uppercase}`;
    case 'awesome':
      return `h2.h{font-size:1.3em;margin:12px 0 5px;font-weight:bold;border-bottom:1px solid #999}h2.h .acc{color:${a}}`;
    case 'upper-color':
      return `h2.h{font-size:1.05em;margin:14px 0 5px;font-weight:bold;color:${a};text-transform:uppercase}`;
  }
}

function nameCss(s: HtmlStyle): string {
  switch (s.nameStyle) {
    case 'spaced':
      return 'h1.name{letter-spacing:0.3em;text-transform:uppercase}';
    case 'smallcaps':
      return 'h1.name{font-variant:small-caps}';
    case 'upper':
      return 'h1.name{text-transform:uppercase}';
    case 'split-weight':
      return 'h1.name .thin{font-weight:300;color:#555}h1.name .bold{font-weight:bold}';
    default:
      return '';
  }
}

export function renderHtml(p: Persona, s: HtmlStyle): string {
  const side = s.sidebar ? (s.sidebarSections ?? ['contact', 'skills', 'languages']) : [];
  const present = (k: SectionKey) => k !== 'contact' || !!s.sidebar;
  const mainKeys = s.order.filter((k) => !side.includes(k) && present(k));
  const main = mainKeys.map((k) => renderSection(k, p, s, false)).join('');
  const sideHtml = side.map((k) => renderSection(k, p, s, true)).join('');
  const contactInHeader = !side.includes('contact');
  const headline = p.title ? `<div class="headline">${esc(p.title)}</div>` : '';
  const photo = s.photo ? `<div class="photo">&nbsp;</div>` : '';
  let header: string;
  const contactHtml = contactInHeader ? renderContact(p, s) : '';
  switch (s.header) {
    case 'centered':
      header = `<header class="centered" data-block>${renderName(p, s)}${headline}${contactHtml}</header>`;
      break;
    case 'left':
      header = `<header class="left" data-block>${photo}${renderName(p, s)}${headline}${contactHtml}</header>`;
      break;
    case 'split':
      header = `<table class="split" data-block><tr><td>${renderName(p, s)}${headline}</td><td class="r">${contactHtml}</td></tr></table>`;
      break;
    case 'banner':
      header = `<header class="banner" data-block>${renderName(p, s)}${headline}${contactHtml}</header>`;
      break;
  }
  const docTitle = s.docTitle ? `<div class="doctitle">${esc(s.docTitle)}</div>` : '';
  const signature = s.signature
    ? `<div class="sig"><p>${esc(p.country.cities[0]!.city)}, 12.10.2026</p><p class="sigline">${esc(p.name)}</p></div>`
    : '';
  let bodyHtml: string;
  if (s.sidebar) {
    const sideCell = `<td class="side" width="32%" data-flow="side">${sideHtml}</td>`;
    const mainCell = `<td class="main" data-flow="main">${main}${signature}</td>`;
    bodyHtml = `${docTitle}${header}<table class="cols"><tr>${s.sidebar === 'left' ? sideCell + mainCell : mainCell + sideCell}</tr></table>`;
  } else {
    bodyHtml = `${docTitle}${header}${main}${signature}`;
  }
  const a = s.accent;
  const css = `
@page{size:A4;margin:${s.lo ? '2cm' : '14mm 14mm 16mm 14mm'}}
body{font-family:${s.font};font-size:${s.size}pt;color:#222;margin:0;line-height:1.3}
h1.name{font-size:2.2em;margin:0 0 2px;font-weight:bold;white-space:nowrap}
.headline{font-size:1.15em;color:${a};margin-bottom:4px}
header.centered{text-align:center;margin-bottom:6px}
header.banner{background:${a};color:#fff;padding:14px 18px;margin-bottom:8px}
header.banner .headline{color:#fff}
table{border-collapse:collapse;width:100%}
td{vertical-align:top;padding:0}
table.row td.r{text-align:right;white-space:nowrap;padding-left:12px}
table.split td.r{text-align:right}
.entry{margin:0 0 7px}
ul.b{margin:2px 0 4px;padding-left:${s.lo ? '0' : '14px'};list-style:none}
ul.b li{margin:1px 0}
ul.b li .g{color:${a};margin-right:3px}
p{margin:2px 0}
.muted{color:#666}
.sub{font-style:italic}
.gd{font-size:0.85em;color:#777;text-transform:uppercase;margin:1px 0 3px}
.pos{font-weight:bold;font-size:1.05em}
.acc{color:${a}}
.ic{color:${a};display:inline-block;min-width:1.2em}
.tags .tag{display:inline-block;border:1px solid ${a};border-radius:3px;padding:0 4px;margin:0 4px 4px 0}
.sk{font-weight:bold;margin-top:4px}
table.cols td.side{width:${s.lo ? '32%' : '31%'};${s.sidebarFill ? `background:${s.sidebarFill};` : ''}padding:${s.sidebar === 'left' ? '0 14px 0 8px' : '0 8px 0 14px'}}
table.cols td.main{padding:0 4px}
table.dc{margin-bottom:6px}
table.dc td.dcl{width:24%;white-space:nowrap;font-size:0.92em;color:${a};padding-right:10px;${s.lo ? '' : 'text-align:right;'}}
table.lc td.lcl{width:22%;padding-right:10px}
table.lc td.lcl h2.h{margin-top:8px}
table.lc{margin-bottom:4px}
table.labelled td.lab{width:30%;color:#555;padding-right:6px}
ol.pubs{padding-left:20px;margin:2px 0}
ol.pubs li{margin-bottom:3px}
.doctitle{font-size:1.6em;font-weight:bold;margin-bottom:8px;${s.lo ? '' : 'text-align:center;'}}
.photo{float:right;width:90px;height:110px;border:1px solid #aaa;background:#eee}
.sig{margin-top:24px}
.sigline{margin-top:30px;border-top:1px solid #999;display:inline-block;padding-top:2px}
.contact{margin-top:2px}
.dots{color:${a};letter-spacing:1px}
.li-co{font-size:1.15em;margin-top:6px}
.li-pos{font-weight:bold}
${headingCss(s)}
${nameCss(s)}
`;
  return `<!DOCTYPE html><html lang="${p.lang}"><head><meta charset="utf-8"><title>${esc(p.name)}</title><style>${css}</style></head><body>${bodyHtml}</body></html>`;
}
