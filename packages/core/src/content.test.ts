import { describe, expect, it } from 'vitest';
import { normalizeContent } from './content.ts';

/**
 * ADR 0023: `settings.layout` and `customSections` left the model. Content stored with them (the
 * canonical shape or the old simple shape, as an object or a JSON string) still loads, with
 * everything else kept, and the fields are gone.
 */
describe('content stored with removed fields', () => {
  const canonical = {
    data: {
      contact: { name: 'Ada Park', title: 'Engineer' },
      summary: 'I build reliable systems.',
      customSections: { Hobbies: ['Chess', { nested: true }] },
    },
    styles: { global: {}, sections: { skills: { iconUrl: '/uploads/icon.webp' } } },
    settings: { layout: 'two-column', metaTitle: 'Ada', sectionOrder: ['summary', 'contact'] },
  };

  for (const enforceCaps of [true, false]) {
    it(`reads the canonical shape (${enforceCaps ? 'a save' : 'a stored row'})`, () => {
      for (const input of [canonical, JSON.stringify(canonical)]) {
        const content = normalizeContent(input, { enforceCaps });
        expect(content.data.contact?.name).toBe('Ada Park');
        expect(content.data.summary).toBe('I build reliable systems.');
        expect(content.settings.metaTitle).toBe('Ada');
        expect(content.settings.sectionOrder).toEqual(['summary', 'contact']);
        expect(content.styles.sections.skills?.iconUrl).toBe('/uploads/icon.webp');
        expect(content.data).not.toHaveProperty('customSections');
        expect(content.settings).not.toHaveProperty('layout');
      }
    });
  }

  it('reads the old simple shape with custom sections', () => {
    const old = {
      name: 'Ada Park',
      title: 'Engineer',
      about: 'I build reliable systems.',
      customSections: { Volunteering: 'Food bank, Saturdays' },
    };
    const content = normalizeContent(JSON.stringify(old), { enforceCaps: false });
    expect(content.data.contact?.name).toBe('Ada Park');
    expect(content.data.summary).toBe('I build reliable systems.');
    expect(content.data).not.toHaveProperty('customSections');
  });
});
