import { describe, expect, it } from 'vitest';
import { addItem, move } from './string-list.ts';

describe('adding to a list (skills, languages, bullet points)', () => {
  it('adds the item trimmed, at the end', () => {
    expect(addItem(['TypeScript'], '  React ', false)).toEqual(['TypeScript', 'React']);
  });

  it('ignores an empty entry', () => {
    expect(addItem(['TypeScript'], '   ', false)).toBeNull();
  });

  it('ignores a duplicate in another case where items must be unique', () => {
    expect(addItem(['TypeScript'], 'typescript', true)).toBeNull();
    expect(addItem(['TypeScript'], 'typescript', false)).toEqual(['TypeScript', 'typescript']);
  });
});

describe('moving an entry up or down', () => {
  it('swaps it with its neighbour, leaving the original list as it was', () => {
    const list = ['a', 'b', 'c'];
    expect(move(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('past either end, nothing moves', () => {
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
