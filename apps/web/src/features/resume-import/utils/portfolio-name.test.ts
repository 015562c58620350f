import { describe, expect, it } from 'vitest';
import { nameFor } from './portfolio-name.ts';

describe('the name of a portfolio the user did not name', () => {
  it('is the person’s name read from the resume', () => {
    expect(nameFor({ contact: { name: ' Ada Park ' } }, 'cv-final.pdf', [])).toBe('Ada Park');
  });

  it('gets a number when the user already has one so named (case-insensitively)', () => {
    expect(nameFor({ contact: { name: 'Ada Park' } }, null, ['ada park', 'Ada Park 2'])).toBe(
      'Ada Park 3',
    );
  });

  it('falls back to the file’s name, then to "My Portfolio"', () => {
    expect(nameFor({}, 'jane_doe-resume.docx', [])).toBe('jane doe resume');
    expect(nameFor({}, null, ['My Portfolio'])).toBe('My Portfolio 2');
  });

  it('stays within the longest name allowed, numbered', () => {
    const long = 'A'.repeat(120);
    const name = nameFor({ contact: { name: long } }, null, ['A'.repeat(76)]);
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name).toBe(`${'A'.repeat(76)} 2`);
  });
});
