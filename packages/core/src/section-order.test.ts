import { describe, expect, it } from 'vitest';
import { sectionKeys } from './content.ts';
import {
  experiencedOrder,
  readsAsStudent,
  studentOrder,
  suggestedSectionOrder,
} from './section-order.ts';

const job = (dates: string) => ({ position: 'Engineer', company: 'Acme', dates });
const school = (dates: string) => ({ institution: 'State University', degree: 'BSc', dates });

describe('the section order a new portfolio starts with', () => {
  it('lists every section once, in both orders', () => {
    for (const order of [experiencedOrder, studentOrder]) {
      expect([...order].sort()).toEqual([...sectionKeys].sort());
    }
  });

  it('puts work experience first for someone with work experience', () => {
    const order = suggestedSectionOrder(
      { experience: [job('2019 – Present')], education: [school('2012 – 2016')] },
      2026,
    );
    expect(order.indexOf('experience')).toBeLessThan(order.indexOf('education'));
    expect(order.slice(0, 3)).toEqual(['contact', 'summary', 'experience']);
  });

  it('puts education first with no work experience (empty entries do not count)', () => {
    const order = suggestedSectionOrder(
      { experience: [{ description: ['…'] }], education: [school('2022 – 2026')] },
      2026,
    );
    expect(order.slice(0, 3)).toEqual(['contact', 'summary', 'education']);
    expect(suggestedSectionOrder({}, 2026)[2]).toBe('education');
  });

  it('puts education first for a student whose jobs are over (internships)', () => {
    expect(
      readsAsStudent(
        { experience: [job('Jun 2024 – Aug 2024')], education: [school('2023 – Expected 2027')] },
        2026,
      ),
    ).toBe(true);
    expect(
      readsAsStudent(
        { experience: [job('2024 – 2025')], education: [school('2023 – 2028')] },
        2026,
      ),
    ).toBe(true);
  });

  it('keeps experience first for someone working while studying part time', () => {
    expect(
      readsAsStudent(
        { experience: [job('2018 – Present')], education: [school('2025 – Present')] },
        2026,
      ),
    ).toBe(false);
  });
});
