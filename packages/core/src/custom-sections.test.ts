import { describe, expect, it } from 'vitest';
import { fieldLimits } from './limits.ts';
import {
  normalizeContent,
  portfolioContentSchema,
  sectionKeys,
  withResumeData,
} from './content.ts';
import { resumeDataSchema } from './resume.ts';

/** Volunteering and custom sections (ADR 46). */
describe('volunteering and custom sections', () => {
  it('are section keys, so the section order can place them', () => {
    expect(sectionKeys).toContain('volunteering');
    expect(sectionKeys).toContain('custom');
    const content = portfolioContentSchema.parse({ data: {} });
    expect(content.settings.sectionOrder).toEqual([...sectionKeys]);
  });

  it('keep what the user wrote', () => {
    const data = resumeDataSchema.parse({
      volunteering: [
        {
          organisation: ' Food Bank ',
          role: 'Driver',
          location: 'Leeds',
          dates: '2020 – 2022',
          description: ['Delivered parcels'],
        },
      ],
      custom: [
        {
          title: 'Hobbies',
          entries: [
            { title: 'Chess', subtitle: 'Club captain', date: '2019', description: ['Won'] },
          ],
        },
        { title: 'Notes' },
      ],
    });
    expect(data.volunteering?.[0]).toMatchObject({ organisation: ' Food Bank ', role: 'Driver' });
    expect(data.volunteering?.[0]?.description).toEqual(['Delivered parcels']);
    expect(data.custom?.[0]?.entries[0]).toEqual({
      title: 'Chess',
      subtitle: 'Club captain',
      date: '2019',
      description: ['Won'],
    });
    expect(data.custom?.[1]).toEqual({ title: 'Notes', entries: [] });
  });

  it('are capped like the other lists', () => {
    const many = Array.from({ length: fieldLimits.items + 1 }, () => ({ title: 'x' }));
    expect(resumeDataSchema.safeParse({ custom: many }).success).toBe(false);
    expect(resumeDataSchema.safeParse({ custom: [{ title: 'x', entries: many }] }).success).toBe(
      false,
    );
    expect(resumeDataSchema.safeParse({ volunteering: many }).success).toBe(false);
    const long = 'x'.repeat(fieldLimits.line + 1);
    expect(resumeDataSchema.safeParse({ custom: [{ title: long }] }).success).toBe(false);
  });

  it('leave old content as it was: its section order and data load unchanged', () => {
    const order = ['contact', 'experience', 'skills'];
    const stored = {
      data: { contact: { name: 'Ada' }, experience: [{ company: 'Acme' }] },
      settings: { showContactForm: false, sectionOrder: order },
    };
    const content = normalizeContent(stored, { enforceCaps: false });
    expect(content.settings.sectionOrder).toEqual(order);
    expect(content.data).toMatchObject(stored.data);
    expect(content.data).not.toHaveProperty('volunteering');
    expect(content.data).not.toHaveProperty('custom');
  });

  it('do not read the old free-form customSections (ADR 0023) as a custom section', () => {
    const content = normalizeContent({ data: { customSections: { Hobbies: ['Chess'] } } });
    expect(content.data).not.toHaveProperty('custom');
    expect(content.data).not.toHaveProperty('customSections');
  });
});

describe('an order stored before volunteering and custom sections existed', () => {
  const stored = portfolioContentSchema.parse({
    data: { contact: { name: 'Ada' } },
    settings: { showContactForm: false, sectionOrder: ['contact', 'experience'] },
  });

  it('gains a section when the user adds its first entry, at the end', () => {
    const next = withResumeData(stored, {
      ...stored.data,
      custom: [{ title: 'Hobbies', entries: [] }],
    });
    expect(next.settings.sectionOrder).toEqual(['contact', 'experience', 'custom']);
  });

  it('is left alone otherwise (a section the user took out stays out)', () => {
    const withCustom = { ...stored.data, custom: [{ title: 'Hobbies', entries: [] }] };
    const hidden = { ...stored, data: withCustom };
    const next = withResumeData(hidden, { ...withCustom, summary: 'Hi' });
    expect(next.settings.sectionOrder).toEqual(['contact', 'experience']);
  });
});
