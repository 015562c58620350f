/**
 * Safe HTML building: every interpolated value is escaped unless it is already `SafeHtml`.
 * Attributes must always be quoted with double quotes.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue =
  SafeHtml | string | number | false | null | undefined | readonly HtmlValue[];

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in element content and in double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

function stringify(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(stringify).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = squash(strings[0]);
  for (let i = 0; i < values.length; i++) out += stringify(values[i]) + squash(strings[i + 1]);
  return new SafeHtml(out);
}

/**
 * Source formatting inside templates is not output: a run of whitespace that holds a line break
 * becomes one space, which HTML treats the same (the renderer writes no <pre>).
 */
function squash(part: string | undefined): string {
  return part === undefined ? '' : part.includes('\n') ? part.replace(/\s*\n\s*/g, ' ') : part;
}

/** Marks trusted markup (renderer-authored constants only, never user input) as safe. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Joins pieces of markup, dropping empty ones. */
export function join(parts: readonly HtmlValue[], separator = ''): SafeHtml {
  return new SafeHtml(
    parts
      .map(stringify)
      .filter((s) => s !== '')
      .join(separator),
  );
}

/** Serialises data for `<script type="application/ld+json">`: no `<`, `>`, `&` or line separators survive. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Tag for renderer-authored CSS constants: strips comments and collapses whitespace outside
 * quoted strings, so the page stays small.
 */
export function css(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  const source = strings.reduce(
    (acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''),
    '',
  );
  return minifyCss(source);
}

export function minifyCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .replace(/\s+!important/g, '!important')
            .replace(/(^|[\s:,(-])0\.(\d)/g, '$1.$2')
            .replace(/;}/g, '}'),
    )
    .join('')
    .trim();
}
