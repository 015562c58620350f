import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FONT_PATH, fontFiles } from './fonts.ts';
import { readFontFiles, standInSite, type StandInRoute } from './fonts.node.ts';

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

describe('a stand-in site for screenshots and browser tests', () => {
  /** What the handler answers to a request for `url`. */
  async function answer(url: string, html: string) {
    let response: Parameters<StandInRoute['fulfill']>[0] | undefined;
    await standInSite(() => html)({
      request: () => ({ url: () => url }),
      fulfill: (r) => {
        response = r;
        return Promise.resolve();
      },
    });
    return response!;
  }

  it('serves the page at its root, the font files under their path and 404 elsewhere', async () => {
    const page = await answer('http://site.test/', '<h1>Hi</h1>');
    expect(page.body).toBe('<h1>Hi</h1>');
    expect(page.contentType).toMatch(/^text\/html/);
    const [name] = [...fontFiles.keys()];
    const font = await answer(`http://site.test${FONT_PATH}${name}`, '');
    expect(font.headers?.['content-type']).toBe('font/woff2');
    expect((font.body as Buffer).subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await answer('http://site.test/missing.png', '')).status).toBe(404);
  });
});
