import { describe, expect, it } from 'vitest';
import { cleanJson, cleanText } from './text.ts';

describe('cleanText', () => {
  it('drops NUL and other control characters but keeps tabs, newlines and every script', () => {
    expect(cleanText('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
    expect(cleanText('Zoë 日本 عربي')).toBe('Zoë 日本 عربي');
  });

  it('replaces lone surrogates', () => {
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy');
  });

  it('cleans every string of nested data', () => {
    expect(cleanJson({ a: ['\u0000ok'], b: { 'k\u0000': 'v\u0001' }, n: 1 })).toEqual({
      a: ['ok'],
      b: { k: 'v' },
      n: 1,
    });
  });
});
