/** Text clean-up shared by every extractor. */

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

/** Private-use glyphs (icon fonts) and other invisible characters. */
const ICONS =
  // eslint-disable-next-line no-control-regex
  /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u200B-\u200D\uFEFF\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFD]/gu;

export function cleanText(s: string): string {
  return (
    s
      .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
      // Word's exported hyphens: "555-\u00AD\u2010" (hyphen, soft hyphen, hyphen) print one hyphen
      .replace(/-?\u00AD[\u2010\u2011]/g, '-')
      .replace(ICONS, ' ')
      .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t\r\n]/g, ' ')
  );
}

/**
 * Bullet glyphs of any kind, as a line prefix. A "{" before a space with no "}" after it is a
 * TeX en dash read through a font without a Unicode map (the OT1 encoding sets "–" where ASCII
 * has "{").
 */
export const BULLET_RE =
  /^\s*(?:[•·▪▫◦●○■□◆◇▸▹►▻‣⁃➢➤➔→✓✔✗✦✧❖⦁∙⋅*∗]|[-–—](?=\s)|o(?=\s)|\{(?=\s[^{}]*$))\s*/u;

export function stripBullet(s: string): { text: string; bullet: boolean } {
  const m = BULLET_RE.exec(s);
  if (!m) return { text: s, bullet: false };
  return { text: s.slice(m[0].length), bullet: true };
}

const COMPOUND_PREFIX =
  /^(?:e|x|co|re|non|pre|post|multi|cross|self|full|high|low|well|long|short|real|semi|anti|inter|intra|over|under|end|open|front|back|third|two|one|data|user|cloud|cutting|state|mid|ex|de|on|off|in|out|up|top|hands|fast|large|small|client|server|web|team|time|cost|data|fine|hard|soft|peer|world|award|best|first|second)$/;

/** Join two wrapped pieces of one sentence, repairing hyphenation. */
export function joinWrapped(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  if (a.endsWith('\u00AD')) return a.slice(0, -1) + b;
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) {
    // a compound ("e-commerce", "cross-team") keeps its hyphen; a word broken by the typesetter
    // ("require-ments") does not
    const stem = /(\p{L}+)-$/u.exec(a)?.[1]?.toLowerCase() ?? '';
    return COMPOUND_PREFIX.test(stem) ? a + b : a.slice(0, -1) + b;
  }
  if (/[/]$/.test(a)) return a + b;
  return `${a} ${b}`;
}

export const normKey = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}+#' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

export function uniq<T>(xs: T[], key: (x: T) => string = (x) => String(x)): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Text ending in a function word ("… dashboard for a", "… proyectos con", "… Auswahl von") is a
 * sentence wrapped onto the next line: no title or item ends in an article, a preposition or a
 * conjunction, in any of the languages read.
 */
export const WRAPPED_SENTENCE = new RegExp(
  '\\s(?:' +
    [
      'a|an|the|of|on|by|for|to|and|or|with|in|at|from|as|into',
      // de
      'der|die|das|den|dem|des|und|oder|mit|von|zu|für|bei|im|auf|aus|über|einer|eines',
      // fr
      'du|le|la|les|et|ou|avec|pour|par|en|au|aux|à|sur|dans|une',
      // es, it, pt
      'de|del|el|las|los|y|con|para|por|un|una|di|della|delle|dei|per|il|nel|nella|do|da|dos|das|com|em|no|na|ao|um',
      // nl
      'het|een|van|en|met|voor|door|op|aan|bij|te',
    ].join('|') +
    ')$',
  'iu',
);

/** Words naming a role or job title. */
export const ROLE =
  /\b(engineer(?:ing manager)?|developer|manager|intern|internship|assistant|analyst|consultant|scientist|lead|leader|director|founder|co-founder|cto|ceo|cfo|coo|vp|vice president|president|officer|designer|coach|advisor|adviser|member|volunteer|server|student|researcher|fellow|professor|lecturer|teacher|tutor|maintainer|contributor|mentor|instructor|trainer|organi[sz]er|captain|reviewer|specialist|architect|administrator|head|coordinator|associate|programmer|technician|owner|partner|executive|chair|secretary|treasurer|editor|writer|trainee|apprentice|self[- ]employed|freelancer?|contractor|staff|principal|tlm|ic|sde|swe|werkstudent|praktikant(?:in)?|entwickler(?:in)?|ingenieur(?:in)?|berater(?:in)?|leiter(?:in)?|stagiaire|développeur|développeuse|ingénieur|chef de projet|desarrollador(?:a)?|ingeniero|becario|sviluppatore|ingegnere|stagista|desenvolvedor(?:a)?|engenheiro|estagiário|ontwikkelaar|stagiair|medewerker)\b|实习|工程师|经理|开发|研究员/iu;
