/**
 * Every template × every gold file of the real resume corpus (packages/parser/corpus/real/gold,
 * the parser's output shape) and an empty resume: the page shows the data, has no empty sections,
 * and a hostile copy of each resume (markup injected into every string) adds no element or
 * attribute.
 *
 * "Appears once" rule: every present string field is rendered, i.e. its text is found in the visible
 * body text (head, scripts, styles and JSON-LD excluded) at least once. Short fields (names, dates,
 * skills…) may legitimately repeat: the name in header and footer, a technology in a job and in
 * the skills list, contact details in a sidebar and a contact section. Long free text (40+
 * characters: summary, descriptions, achievements) must not be duplicated: it appears at most as
 * many times as the data holds it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultContent, templateIds, type ResumeData } from '@folio/core';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { corpusGoldDir as goldDir } from '../../parser/corpus/index.node.ts';
import { render } from './render.ts';

const goldFiles = readdirSync(goldDir)
  .filter((f) => f.endsWith('.gold.json'))
  .sort();
const golds = goldFiles.map((f) => ({
  name: f.replace(/\.gold\.json$/, ''),
  data: JSON.parse(readFileSync(path.join(goldDir, f), 'utf8')) as ResumeData,
}));

const options = { siteUrl: 'https://corpus.example/', contactFormAction: '/api/sites/x/contact' };
const LONG = 40;
const INJECTIONS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>'];

/** One window; each page is parsed with its DOMParser, far cheaper than a JSDOM per page. */
const { window } = new JSDOM('');
const parse = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');

/** Whitespace collapsed, dashes unified, quotes straightened: how text is compared. */
const norm = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** URL-like fields are shown without scheme, "www." or a trailing slash. */
const normUrl = (s: string) =>
  norm(s)
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');

/** The visible text of the body: no scripts (JSON-LD included), styles or templates. */
function visibleText(doc: Document): string {
  const body = doc.body.cloneNode(true) as HTMLElement;
  for (const el of body.querySelectorAll('script, style, template, noscript')) el.remove();
  // Block boundaries become spaces so neighbouring fields do not run together; a <wbr> (a
  // line-break opportunity inside an address) is no boundary.
  for (const el of body.querySelectorAll('*:not(wbr)')) el.append(' ');
  return norm(body.textContent ?? '');
}

interface Field {
  label: string;
  text: string;
  url?: boolean;
}

/** Every present string of the resume, labelled by where it comes from. */
function fields(data: ResumeData): Field[] {
  const out: Field[] = [];
  const add = (label: string, value: unknown, url = false) => {
    if (typeof value === 'string' && norm(value)) out.push({ label, text: value, url });
    else if (Array.isArray(value)) value.forEach((v, i) => add(`${label}[${i}]`, v, url));
  };
  const c = data.contact ?? {};
  for (const key of ['name', 'title', 'email', 'phone', 'location'] as const) {
    add(`contact.${key}`, c[key]);
  }
  for (const key of ['linkedin', 'github', 'portfolio', 'twitter'] as const) {
    add(`contact.${key}`, c[key], true);
  }
  add('summary', data.summary);
  data.education?.forEach((e, i) => {
    for (const key of ['institution', 'degree', 'field_of_study', 'dates', 'gpa'] as const) {
      add(`education[${i}].${key}`, e[key]);
    }
    add(`education[${i}].courses`, e.courses);
    add(`education[${i}].achievements`, e.achievements);
  });
  data.experience?.forEach((e, i) => {
    for (const key of ['company', 'position', 'location', 'dates'] as const) {
      add(`experience[${i}].${key}`, e[key]);
    }
    for (const key of ['description', 'technologies', 'achievements'] as const) {
      add(`experience[${i}].${key}`, e[key]);
    }
  });
  data.projects?.forEach((p, i) => {
    for (const key of ['name', 'dates', 'status'] as const) add(`projects[${i}].${key}`, p[key]);
    for (const key of ['description', 'features', 'technologies'] as const) {
      add(`projects[${i}].${key}`, p[key]);
    }
  });
  for (const key of ['technical', 'soft', 'tools', 'certifications'] as const) {
    add(`skills.${key}`, data.skills?.[key]);
  }
  add('awards', data.awards);
  add('verbal_languages', data.verbal_languages);
  add('extracurricular', data.extracurricular);
  data.publications?.forEach((p, i) => {
    add(`publications[${i}].title`, p.title);
    add(`publications[${i}].venue`, p.venue);
  });
  return out;
}

function count(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
}

/** Problems with the data's fields on the page: missing, or long text shown too often. */
function fieldProblems(doc: Document, data: ResumeData): string[] {
  const text = visibleText(doc);
  const textNoUrls = normUrl(text);
  const hrefs = [...doc.querySelectorAll('a[href]')].map((a) =>
    normUrl(a.getAttribute('href') ?? ''),
  );
  const all = fields(data);
  const problems: string[] = [];
  for (const f of all) {
    if (f.url) {
      const u = normUrl(f.text);
      if (!textNoUrls.includes(u) && !text.includes(u) && !hrefs.some((h) => h.includes(u))) {
        problems.push(`${f.label} missing: ${JSON.stringify(f.text)}`);
      }
      continue;
    }
    const t = norm(f.text);
    const shown = count(text, t);
    if (!shown) problems.push(`${f.label} missing: ${JSON.stringify(f.text)}`);
    else if (t.length >= LONG) {
      const inData = all.filter((g) => norm(g.text).includes(t)).length;
      if (shown > inData) problems.push(`${f.label} shown ${shown}×: ${JSON.stringify(t)}`);
    }
  }
  return problems;
}

/** Headings (h2–h6) whose section shows nothing besides its heading. */
function emptySections(doc: Document): string[] {
  const problems: string[] = [];
  for (const h of doc.body.querySelectorAll('h2, h3, h4, h5, h6')) {
    const section = h.closest('section, article, aside, li, nav, footer') ?? h.parentElement!;
    if (section === doc.body) continue;
    const clone = section.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll('h2, h3, h4, h5, h6, script, style, [aria-hidden]')) {
      el.remove();
    }
    const hasText = norm(clone.textContent ?? '') !== '';
    const hasMedia = clone.querySelector('img, svg, form, input, iframe, video') !== null;
    if (!hasText && !hasMedia) problems.push(`empty: "${norm(h.textContent ?? '')}"`);
  }
  return problems;
}

/** A deep copy with the injections appended to every string. */
function hostile<T>(value: T): T {
  if (typeof value === 'string') return `${value}${INJECTIONS.join('')}` as T;
  if (Array.isArray(value)) return value.map(hostile) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v)])) as T;
  }
  return value;
}

/** Elements or attributes the injected markup would have created. */
function injected(doc: Document): string[] {
  const problems: string[] = [];
  for (const el of doc.querySelectorAll('*')) {
    if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') problems.push('<img src=x>');
    if (el.tagName === 'SCRIPT' && /alert\(1\)/.test(el.textContent ?? '')) {
      // JSON-LD carries the text as JSON data; it must stay inside its string, not close the tag.
      if (el.getAttribute('type') !== 'application/ld+json')
        problems.push('<script>alert</script>');
    }
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) problems.push(`${el.tagName} ${attr.name}="${attr.value}"`);
      if (attr.name === 'src' && attr.value === 'x') problems.push(`${el.tagName} src=x`);
    }
  }
  return problems;
}

const cases = [{ name: 'empty resume', data: {} as ResumeData }, ...golds];

describe('corpus: every template × every gold resume', () => {
  it('reads the gold files of the real corpus', () => {
    expect(golds.length).toBeGreaterThanOrEqual(20);
  });
  for (const { name, data } of cases) {
    it(name, () => {
      const content = defaultContent(data);
      const evil = defaultContent(hostile(data));
      const problems: string[] = [];
      for (const template of templateIds) {
        const doc = parse(render(content, { template, ...options }).html);
        problems.push(...fieldProblems(doc, data).map((p) => `${template}: ${p}`));
        problems.push(...emptySections(doc).map((p) => `${template}: ${p}`));

        const evilDoc = parse(render(evil, { template, ...options }).html);
        problems.push(...injected(evilDoc).map((p) => `${template} hostile: ${p}`));
        const name = evil.data.contact?.name;
        if (name && !visibleText(evilDoc).includes(norm(name))) {
          problems.push(`${template} hostile: name not shown as text`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the checks would catch a problem (sanity check)', () => {
    expect(injected(parse(`<p>${INJECTIONS.join('')}</p>`))).toEqual([
      '<script>alert</script>',
      '<img src=x>',
      'IMG src=x',
      'IMG onerror="alert(1)"',
    ]);
    const long = 'Led a team of five building the dashboard used by many businesses.';
    const data: ResumeData = { contact: { name: 'Ada Lovelace' }, summary: long };
    expect(fieldProblems(parse(`<p>Ada</p><p>${long}</p><p>${long}</p>`), data)).toEqual([
      'contact.name missing: "Ada Lovelace"',
      `summary shown 2×: "${long}"`,
    ]);
    expect(
      emptySections(parse('<section><h2>About</h2><p aria-hidden="true">~$</p></section>')),
    ).toEqual(['empty: "About"']);
  });
});
