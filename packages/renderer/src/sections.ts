/**
 * The section blocks, written once and shared by every template. A block returns null when it
 * has nothing to show, so no template ever prints an empty heading.
 */
import type { ResumeData, SectionKey } from '@folio/core';
import { html, join, type SafeHtml } from './html.ts';
import { displayUrl, emailUrl, profileUrl, safeImageUrl, safeUrl, telUrl } from './url.ts';

/** A trimmed string, or '' for anything that is not a non-blank string. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Non-blank strings of a list, trimmed, without case-insensitive repeats. */
export function items(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of value) {
    const t = text(item);
    const k = t.toLowerCase();
    if (t && !seen.has(k)) {
      seen.add(k);
      out.push(t);
    }
  }
  return out;
}

function records<T extends object>(value: T[] | undefined): Partial<T>[] {
  return Array.isArray(value)
    ? value.filter((v): v is T => typeof v === 'object' && v !== null)
    : [];
}

const link = (href: string | null, label: string | SafeHtml): SafeHtml =>
  href ? html`<a href="${href}">${label}</a>` : html`${label}`;

/**
 * An address (web address, e-mail, handle) with line-break opportunities where typesetters break
 * one: before a slash, dot, `@` or query character. A phone narrower than the address then wraps
 * it at one of those, never inside a word (CSS breaks inside a word only when one part alone is
 * wider than the line). Text with spaces is prose and is left alone.
 */
export function breakableAddress(value: string): SafeHtml {
  if (/\s/.test(value) || value.length < 12) return html`${value}`;
  const parts = value.split(/(?<=\/\/)|(?<=[^/])(?=[/.@?#&=_~])/);
  return join(
    parts.map((p) => html`${p}`),
    '<wbr>',
  );
}

function tags(list: string[], label?: string): SafeHtml | null {
  if (list.length === 0) return null;
  return html`<ul class="tags" ${label ? html` aria-label="${label}"` : ''}>
    ${list.map((t) => html`<li dir="auto">${t}</li>`)}
  </ul>`;
}

function bullets(list: string[], className = 'bullets'): SafeHtml | null {
  if (list.length === 0) return null;
  return html`<ul class="${className}">
    ${list.map((t) => html`<li dir="auto">${t}</li>`)}
  </ul>`;
}

function paragraphs(value: unknown): SafeHtml | null {
  const parts = text(value)
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? join(parts.map((p) => html`<p dir="auto">${p}</p>`)) : null;
}

/** One entry of experience, education or projects: a head (the card's front) and details. */
interface Entry {
  title: string;
  titleHref?: string | null;
  subtitle?: string;
  meta: string[];
  image?: string | null;
  details: (SafeHtml | null)[];
}

function entry(e: Entry): SafeHtml | null {
  const details = e.details.filter((d): d is SafeHtml => d !== null);
  const meta = e.meta.filter(Boolean);
  if (!e.title && !e.subtitle && meta.length === 0 && details.length === 0 && !e.image) return null;
  const title = e.title || e.subtitle || '';
  const subtitle = e.title ? e.subtitle : '';
  return html`<li class="entry${details.length ? ' has-details' : ''}">
    <div class="entry-head">
      ${
        e.image ? html`<img class="entry-image" src="${e.image}" alt="" loading="lazy" />` : ''
      }${title ? html`<h3 class="entry-title" dir="auto">${link(e.titleHref ?? null, title)}</h3>` : ''}${
        subtitle ? html`<p class="entry-sub" dir="auto">${subtitle}</p>` : ''
      }${
        meta.length
          ? html`<p class="entry-meta">
              ${join(
                meta.map((m) => html`<span dir="auto">${m}</span>`),
                '<span class="sep" aria-hidden="true"> · </span>',
              )}
            </p>`
          : ''
      }
    </div>
    ${details.length ? html`<div class="entry-body">${details}</div>` : ''}
  </li>`;
}

function entries(list: (SafeHtml | null)[]): SafeHtml | null {
  const shown = list.filter((e): e is SafeHtml => e !== null);
  return shown.length
    ? html`<ul class="entries">
        ${shown}
      </ul>`
    : null;
}

/** Description lists read as prose when they hold one item, as bullets otherwise. */
function description(list: string[]): SafeHtml | null {
  if (list.length === 1) return html`<p class="entry-text" dir="auto">${list[0]}</p>`;
  return bullets(list);
}

function labelled(label: string, body: SafeHtml | null): SafeHtml | null {
  return body
    ? html`<div class="entry-group">
        <p class="label">${label}</p>
        ${body}
      </div>`
    : null;
}

interface ContactItem {
  label: string;
  value: string;
  href: string | null;
}

function contactItems(data: ResumeData): ContactItem[] {
  const c = data.contact ?? {};
  const linked = (label: string, value: string, href: string | null): ContactItem | null =>
    value
      ? {
          label,
          value:
            href && !href.startsWith('mailto:') && !href.startsWith('tel:')
              ? displayUrl(href)
              : value,
          href,
        }
      : null;
  return [
    linked('Email', text(c.email), emailUrl(c.email)),
    linked('Phone', text(c.phone), telUrl(c.phone)),
    linked('Location', text(c.location), null),
    linked('Website', text(c.portfolio), safeUrl(c.portfolio)),
    linked('LinkedIn', text(c.linkedin), profileUrl(c.linkedin, 'linkedin')),
    linked('GitHub', text(c.github), profileUrl(c.github, 'github')),
    linked('X (Twitter)', text(c.twitter), profileUrl(c.twitter, 'twitter')),
  ].filter((i): i is ContactItem => i !== null);
}

const skillGroups = [
  ['technical', 'Technical'],
  ['tools', 'Tools'],
  ['soft', 'Soft skills'],
  ['certifications', 'Certifications'],
] as const;

export interface SectionBlock {
  label: string;
  render: (data: ResumeData) => SafeHtml | null;
}

/** One section of a block that shows as several (custom sections: one per section, each titled). */
export interface SectionPart {
  label: string;
  body: SafeHtml;
}

/** Each custom section with something to show, under its own title (ADR 46). */
export function customSectionParts(data: ResumeData): SectionPart[] {
  return records(data.custom).flatMap((section) => {
    const body = entries(
      records(section.entries).map((e) =>
        entry({
          title: text(e.title),
          subtitle: text(e.subtitle),
          meta: [text(e.date)],
          details: [description(items(e.description))],
        }),
      ),
    );
    return body ? [{ label: text(section.title) || 'More', body }] : [];
  });
}

export const sectionBlocks = {
  contact: {
    label: 'Contact',
    render(data) {
      const list = contactItems(data);
      if (list.length === 0) return null;
      return html`<ul class="contact-list">
        ${list.map(
          (i) =>
            html`<li class="c-${i.label.replace(/\W.*/, '').toLowerCase()}">
              <span class="label">${i.label}</span> ${link(
                i.href,
                i.href && !i.href.startsWith('tel:') ? breakableAddress(i.value) : i.value,
              )}
            </li>`,
        )}
      </ul>`;
    },
  },
  summary: {
    label: 'About',
    render: (data) => paragraphs(data.summary),
  },
  experience: {
    label: 'Experience',
    render: (data) =>
      entries(
        records(data.experience).map((e) =>
          entry({
            title: text(e.position),
            subtitle: text(e.company),
            meta: [text(e.dates), text(e.location)],
            details: [
              description(items(e.description)),
              labelled('Highlights', bullets(items(e.achievements))),
              tags(items(e.technologies), 'Technologies'),
            ],
          }),
        ),
      ),
  },
  education: {
    label: 'Education',
    render: (data) =>
      entries(
        records(data.education).map((e) => {
          const degree = [text(e.degree), text(e.field_of_study)].filter(Boolean).join(', ');
          return entry({
            title: degree,
            subtitle: text(e.institution),
            meta: [text(e.dates), text(e.gpa) && `GPA ${text(e.gpa)}`],
            details: [
              labelled('Coursework', tags(items(e.courses))),
              labelled('Achievements', bullets(items(e.achievements))),
            ],
          });
        }),
      ),
  },
  projects: {
    label: 'Projects',
    render: (data) =>
      entries(
        records(data.projects).map((p) =>
          entry({
            title: text(p.name),
            titleHref: safeUrl(p.url),
            meta: [text(p.dates), text(p.status)],
            image: safeImageUrl(p.image),
            details: [
              description(items(p.description)),
              labelled('Features', bullets(items(p.features))),
              tags(items(p.technologies), 'Technologies'),
            ],
          }),
        ),
      ),
  },
  skills: {
    label: 'Skills',
    render(data) {
      const groups = skillGroups
        .map(([key, label]) => {
          const list = tags(items(data.skills?.[key]));
          return list
            ? html`<div class="skill-group">
                <h3>${label}</h3>
                ${list}
              </div>`
            : null;
        })
        .filter((g) => g !== null);
      return groups.length ? html`<div class="skill-groups">${groups}</div>` : null;
    },
  },
  extracurricular: {
    label: 'Activities',
    render: (data) => bullets(items(data.extracurricular)),
  },
  awards: {
    label: 'Awards',
    render: (data) => bullets(items(data.awards)),
  },
  publications: {
    label: 'Publications',
    render(data) {
      const list = records(data.publications)
        .map((p) => ({ title: text(p.title), venue: text(p.venue), href: safeUrl(p.url) }))
        .filter((p) => p.title || p.venue);
      if (list.length === 0) return null;
      return html`<ul class="bullets pubs">
        ${list.map(
          (p) =>
            html`<li dir="auto">
              ${p.title ? html`<cite>${link(p.href, p.title)}</cite>` : ''}${
                p.title && p.venue ? ' — ' : ''
              }${p.venue ? html`<span class="venue">${p.venue}</span>` : ''}
            </li>`,
        )}
      </ul>`;
    },
  },
  languages: {
    label: 'Languages',
    render: (data) => tags(items(data.verbal_languages)),
  },
  volunteering: {
    label: 'Volunteering',
    render: (data) =>
      entries(
        records(data.volunteering).map((v) =>
          entry({
            title: text(v.role),
            subtitle: text(v.organisation),
            meta: [text(v.dates), text(v.location)],
            details: [description(items(v.description))],
          }),
        ),
      ),
  },
  custom: {
    /** Shown as one section per custom section, each under its own title: see customSectionParts. */
    label: 'More',
    render(data) {
      const parts = customSectionParts(data);
      return parts.length ? join(parts.map((p) => p.body)) : null;
    },
  },
} satisfies Record<SectionKey, SectionBlock>;
