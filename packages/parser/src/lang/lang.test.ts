import { describe, expect, it } from 'vitest';
import { classifyHeading } from '../headings.ts';
import { normKey } from '../text.ts';
import { LANGUAGES } from './index.ts';

describe('the language tables', () => {
  it('write every heading word as the classifier compares it', () => {
    const unmatchable = LANGUAGES.flatMap((l) =>
      Object.values(l.headings).flatMap((words) =>
        words.filter((w) => normKey(w).replace(/'/g, ' ') !== w).map((w) => `${l.code}: ${w}`),
      ),
    );
    expect(unmatchable).toEqual([]);
  });

  it('give no word two kinds', () => {
    const kindOf = new Map<string, string>();
    const clashes: string[] = [];
    for (const l of LANGUAGES)
      for (const [kind, words] of Object.entries(l.headings))
        for (const w of words) {
          const seen = kindOf.get(w);
          if (seen && seen !== kind) clashes.push(`${w}: ${seen} and ${kind}`);
          kindOf.set(w, kind);
        }
    expect(clashes).toEqual([]);
  });

  it.each([
    ['Volontariat', 'extracurricular'],
    ['Vie associative', 'extracurricular'],
    ['Ehrenamtliche Tätigkeiten', 'extracurricular'],
    ['Akademischer Werdegang', 'education'],
    ['Beruflicher Werdegang', 'experience'],
    ['Schulbildung', 'education'],
    ['Weiterbildung', 'courses'],
    ['Formación complementaria', 'courses'],
    ['Datos personales', 'contact'],
    ['Informations personnelles', 'contact'],
    ['Activités professionnelles', 'experience'],
    ['Tirocini', 'experience'],
    ['Estágios', 'experience'],
    ['Contactgegevens', 'contact'],
    ['Centres d’intérêts', 'interests'],
    ['Freiwilligenarbeit', 'extracurricular'],
    ['Voluntariados', 'extracurricular'],
    ['Organizations', 'extracurricular'],
    ['Percorso formativo', 'education'],
    ['社会实践', 'extracurricular'],
  ])('read %s as %s', (text, kind) => {
    expect(classifyHeading(text)).toBe(kind);
  });
});
