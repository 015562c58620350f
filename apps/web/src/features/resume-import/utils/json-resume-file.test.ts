import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { toJsonResume } from '@folio/parser/json-resume';
import { describe, expect, it } from 'vitest';
import { JsonResumeError, readJsonResume } from './json-resume-file.ts';

const require = createRequire(import.meta.url);
const sample = readFileSync(require.resolve('@jsonresume/schema/sample.resume.json'), 'utf8');
const file = (text: string) => new File([text], 'resume.json', { type: 'application/json' });

describe('JSON Resume file import', () => {
  it('keeps what no template shows, so the export gives it back', async () => {
    const data = await readJsonResume(file(sample));
    const out = toJsonResume(data) as {
      interests?: unknown;
      awards?: { awarder?: string }[];
      work?: { endDate?: string }[];
    };
    expect(out.interests).toEqual([{ name: 'Wildlife', keywords: ['Ferrets', 'Unicorns'] }]);
    expect(out.awards?.[0]?.awarder).toBe('Techcrunch');
    expect(out.work?.[0]?.endDate).toBe('2014-12-01');
  });

  it('refuses, with the reason, a resume the server would refuse', async () => {
    const huge = JSON.stringify({
      basics: { name: 'Ada' },
      references: [{ name: 'Bob', reference: 'x'.repeat(200 * 1024) }],
    });
    const read = readJsonResume(file(huge));
    await expect(read).rejects.toBeInstanceOf(JsonResumeError);
    await expect(read).rejects.toThrow(
      /resume\.json cannot be imported \(jsonResume\): Too large: .* at most 128 KB/,
    );
  });
});
