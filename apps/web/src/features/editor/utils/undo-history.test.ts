import { describe, expect, it } from 'vitest';
import { emptyHistory, recordEdit, undoEdit } from './undo-history.ts';

describe('undo history', () => {
  it('makes typing in one field one step, and every other edit a step of its own', () => {
    let h = emptyHistory<string>();
    h = recordEdit(h, 'a', 'field-1'); // typing starts
    h = recordEdit(h, 'ab', 'field-1'); // same run
    h = recordEdit(h, 'abc', null); // a click
    h = recordEdit(h, 'abcd', null); // another click
    expect(h.past).toEqual(['a', 'abc', 'abcd']);
  });

  it('goes back one step at a time, and typing after an undo starts a new step', () => {
    let h = recordEdit(recordEdit(emptyHistory<string>(), 'a', 'f'), 'b', null);
    const first = undoEdit(h);
    expect(first.previous).toBe('b');
    h = recordEdit(first.history, 'b2', 'f');
    expect(h.past).toEqual(['a', 'b2']);
    expect(undoEdit(undoEdit(undoEdit(h).history).history).previous).toBeUndefined();
  });
});
