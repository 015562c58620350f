import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cleanJson,
  cleanText,
  refuseUnstorableText,
  UNSTORABLE_TEXT_MESSAGE,
  unstorableTextPath,
} from './text.ts';

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

describe('refuseUnstorableText', () => {
  const schema = refuseUnstorableText(z.object({ name: z.string(), tags: z.array(z.string()) }));

  it('refuses a NUL or a lone surrogate anywhere, naming where it is', () => {
    const nul = schema.safeParse({ name: 'Ada', tags: ['ok', 'b\u0000d'] });
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0]).toMatchObject({
      path: ['tags', 1],
      message: UNSTORABLE_TEXT_MESSAGE,
    });
    expect(unstorableTextPath({ 'k\uD800': 1 })).toEqual(['k\uD800']);
    expect(schema.safeParse({ name: '\uDC00', tags: [] }).success).toBe(false);
  });

  it('lets every script, emoji, tabs and other control characters through to the schema', () => {
    const parsed = schema.safeParse({ name: 'Zoë 日本 😀\t\u0001', tags: [] });
    expect(parsed.success).toBe(true);
    expect(schema.safeParse({ name: 1, tags: [] }).success).toBe(false);
  });
});

describe('unstorableTextPath', () => {
  it('walks a value nested far deeper than the call stack', () => {
    let deep: unknown = 'ok\u0000';
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const path = unstorableTextPath(deep);
    expect(path).toHaveLength(200_000);
    expect(path?.slice(0, 2)).toEqual([0, 'a']);
  });
});
