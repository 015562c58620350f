/** International phone numbers as printed. */
const PHONE_RE =
  /(?:\(\+?\d{1,4}\)\s?|\+\s?\d{1,4}[\s.-]?)?(?:\(0\)\s?)?(?:\(\d{1,5}\)[\s.-]?)?\d[\d\s.\-–/]{5,}\d(?:[x*]+)?|\(\+\d{1,4}\)\s?\d[\d\s-]{6,}[\dx]+/g;

/** The first phone number in the text, as printed, or undefined. */
export function findPhone(text: string): string | undefined {
  for (const m of text.matchAll(PHONE_RE)) {
    const raw = m[0].trim().replace(/[\s.-]+$/, '');
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    // dates and year ranges are not phone numbers
    if (/^(19|20)\d\d\s*[-–]\s*(19|20)\d\d$/.test(raw)) continue;
    if (/^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/.test(raw)) continue;
    if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(raw)) continue;
    // a span of numeric dates ("03/2019 – 05/2020", "2019–2020") is no number either
    if (/^\d{1,4}(?:[/.]\d{1,4})*\s*[-–]\s*\d{1,4}(?:[/.]\d{1,4})*$/.test(raw) && /[/.]/.test(raw))
      continue;
    const before = text.slice(0, m.index);
    if (/[\p{L}/]$/u.test(before) || /\b(orcid|doi|isbn|id)\b[^\d]*$/i.test(before)) continue;
    // a number glued to other characters is part of something else (a URL, an identifier)
    const after = text.slice((m.index ?? 0) + m[0].length);
    if (/^[\p{L}@]/u.test(after)) continue;
    // include a leading "(+86)" style prefix printed just before
    return raw;
  }
  return undefined;
}
