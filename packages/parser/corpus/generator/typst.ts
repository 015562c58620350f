/**
 * Typst sources for the Typst families (compiled to PDF by the npm Typst compiler in
 * render.node.ts): the layouts of popular Typst resume templates, a one-column resume with
 * right-aligned dates, a two-column CV with a side column, and a Chinese resume. Every piece of
 * persona text goes in as a string literal, so nothing in it is read as markup.
 */
import type { SectionKey } from './bank/languages.ts';
import type { EduEntry, ExpEntry, Persona } from './persona.ts';

export interface TypstStyle {
  layout: 'basic' | 'sidebar';
  font: string;
  size: number;
  accent: string;
  /** Headings in small caps with a rule below, or upper case in the accent colour. */
  heading: 'smallcaps-rule' | 'upper-accent';
  /** Entry heads: company / position rows with place and dates on the right, or one line. */
  entry: 'two-rows' | 'one-line';
  order: SectionKey[];
  sidebarSections?: SectionKey[];
}

/** A string literal (text inserted verbatim), always followed by a separator by the caller. */
const t = (s: string) => `#"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const bold = (s: string) => `#strong(${t(s).slice(1)})`;
const emph = (s: string) => `#emph(${t(s).slice(1)})`;
const lr = (left: string, right: string) =>
  right
    ? `#grid(columns: (1fr, auto), column-gutter: 8pt, [${left} ], align(right)[${right} ])\n`
    : `${left} \\\n`;

function heading(text: string, s: TypstStyle): string {
  return s.heading === 'smallcaps-rule'
    ? `\n#v(6pt)#text(size: 1.2em)[#smallcaps[${t(text)} ]]#v(-6pt)#line(length: 100%, stroke: 0.5pt)\n`
    : `\n#v(6pt)#text(fill: rgb("${s.accent}"), weight: "bold")[#upper[${t(text)} ]]\n\n`;
}

const bullets = (items: string[]) => items.map((b) => `- ${t(b)}\n`).join('');

function exp(e: ExpEntry, s: TypstStyle): string {
  const head =
    s.entry === 'two-rows'
      ? lr(bold(e.company), e.location ? t(e.location) : '') + lr(emph(e.position), emph(e.dates))
      : lr(
          `${bold(e.position)} #h(4pt) ${t(e.company)}${e.location ? ` #h(4pt) ${t(e.location)}` : ''}`,
          t(e.dates),
        );
  const tech = e.technologies?.length ? `${emph(e.technologies.join(', '))} \n` : '';
  return `${head}${bullets(e.bullets)}${tech}#v(4pt)\n`;
}

function edu(e: EduEntry, s: TypstStyle): string {
  const gpa = e.gpa ? `${t(`${e.gpa.label}: ${e.gpa.value}`)} \n` : '';
  const head =
    s.entry === 'two-rows'
      ? lr(bold(e.institution), e.location ? t(e.location) : '') +
        lr(emph(e.degreeLine), emph(e.dates))
      : lr(
          `${bold(e.degreeLine)} #h(4pt) ${t(e.institution)}${e.location ? ` #h(4pt) ${t(e.location)}` : ''}`,
          t(e.dates),
        );
  return `${head}${gpa}#v(4pt)\n`;
}

function section(key: SectionKey, p: Persona, s: TypstStyle, side: boolean): string {
  const h = heading(p.headings[key], s);
  switch (key) {
    case 'summary':
      return p.summary ? `${h}${t(p.summary)}\n` : '';
    case 'experience':
      return p.experience.length ? h + p.experience.map((e) => exp(e, s)).join('') : '';
    case 'education':
      return p.education.length ? h + p.education.map((e) => edu(e, s)).join('') : '';
    case 'skills':
      return p.skills.length
        ? h +
            p.skills
              .map((g) =>
                side
                  ? `${g.label ? `${bold(g.label)} \\\n` : ''}${g.items.map((i) => `${t(i)} \\\n`).join('')}`
                  : `${g.label ? `${bold(`${g.label}:`)} ` : ''}${t(g.items.join(', '))} \\\n`,
              )
              .join('')
        : '';
    case 'projects':
      return p.projects.length
        ? h +
            p.projects
              .map(
                (x) =>
                  `${bold(x.name)}${x.technologies?.length ? ` | ${emph(x.technologies.join(', '))}` : ''} \n${bullets(x.bullets)}`,
              )
              .join('')
        : '';
    case 'languages':
      return p.languages.length
        ? h +
            p.languages
              .map((l) =>
                side
                  ? `${t(l.name)} #h(1fr) ${t(l.level)} \\\n`
                  : `${t(`${l.name} (${l.level})`)} \\\n`,
              )
              .join('')
        : '';
    case 'awards':
      return p.awards.length ? h + bullets(p.awards) : '';
    case 'certifications':
      return p.certifications.length ? h + bullets(p.certifications) : '';
    case 'volunteering':
      return p.volunteering.length ? h + bullets(p.volunteering) : '';
    case 'publications':
      return p.publications.length
        ? h +
            p.publications
              .map(
                (x) =>
                  `+ ${t(`${x.authors}.`)} ${bold(x.title)}${t('.')} ${emph(x.venue)}${t(`, ${x.year}.`)}\n`,
              )
              .join('')
        : '';
    case 'interests':
      return p.interests.length ? `${h}${t(p.interests.join(', '))}\n` : '';
    case 'references':
      return p.references ? `${h}${t(p.references)}\n` : '';
    case 'contact':
      return (
        h +
        [p.location, p.phone, p.email, p.linkedin, p.github, p.portfolio]
          .filter((x): x is string => !!x)
          .map((x) => `${t(x)} \\\n`)
          .join('')
      );
  }
}

export function renderTypst(p: Persona, s: TypstStyle): string {
  const side =
    s.layout === 'sidebar' ? (s.sidebarSections ?? ['contact', 'skills', 'languages']) : [];
  const main = s.order.filter((k) => !side.includes(k) && k !== 'contact');
  const contact = [p.location, p.phone, p.email, p.linkedin, p.github, p.portfolio].filter(
    (x): x is string => !!x,
  );
  const head =
    s.layout === 'basic'
      ? `#align(center)[#text(size: 2em, weight: "bold")[${t(p.name)} ] \\\n${p.title ? `${t(p.title)} \\\n` : ''}${contact.map((x) => `#box(${t(x).slice(1)})`).join(' #h(2pt) | #h(2pt) ')} ]\n`
      : `#text(size: 2.2em, weight: "bold", fill: rgb("${s.accent}"))[${t(p.name)} ] \\\n${p.title ? `#text(size: 1.2em)[${t(p.title)} ]\n` : ''}\n`;
  const mainBody = main.map((k) => section(k, p, s, false)).join('');
  const body =
    s.layout === 'sidebar'
      ? `#grid(columns: (30%, 1fr), column-gutter: 14pt, [\n${side.map((k) => section(k, p, s, true)).join('')}\n], [\n${mainBody}\n])\n`
      : mainBody;
  return `#set page(paper: "a4", margin: (x: 1.6cm, y: 1.5cm))
#set text(font: ("${s.font}", "WenQuanYi Micro Hei", "DejaVu Sans"), size: ${s.size}pt, lang: "${p.lang}", cjk-latin-spacing: none)
#set par(justify: false)
#set list(indent: 6pt)
${head}
${body}`;
}
