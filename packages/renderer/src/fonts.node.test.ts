import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fontFiles } from './fonts.ts';
import { readFontFiles } from './fonts.node.ts';

describe('self-hosted font files', () => {
  const bytes = readFontFiles();

  it('are woff2 files of the installed font packages, named by their content', () => {
    const wrong: string[] = [];
    for (const [name, file] of fontFiles) {
      const data = bytes.get(name)!;
      expect(data.subarray(0, 4).toString('latin1'), name).toBe('wOF2');
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
      const expected = name.replace(/\.[0-9a-f]{10}\.woff2$/, `.${hash}.woff2`);
      if (expected !== name) wrong.push(`${file.source}: ${expected}`);
    }
    // A font package update changed a file: its new name (fonts.ts) gives it a new address.
    expect(wrong).toEqual([]);
  });

  it('stay small: no face subset over 40 KB', () => {
    for (const [name, data] of bytes) expect(data.length, name).toBeLessThan(40 * 1024);
  });
});
