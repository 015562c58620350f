/**
 * The drafts before each edit, for Undo. Edits with the same non-null key in a row (typing in
 * one field) are one step; an edit without a key (a click, a shortcut) is always a step.
 */
export interface UndoHistory<T> {
  past: T[];
  lastKey: string | null;
}

export const emptyHistory = <T>(): UndoHistory<T> => ({ past: [], lastKey: null });

/** The history after an edit from `before` with `key`. */
export function recordEdit<T>(
  history: UndoHistory<T>,
  before: T,
  key: string | null,
): UndoHistory<T> {
  const sameRun = key !== null && key === history.lastKey;
  return { past: sameRun ? history.past : [...history.past, before], lastKey: key };
}

/** The draft to go back to (undefined when there is none) and the history after. */
export function undoEdit<T>(history: UndoHistory<T>): {
  previous: T | undefined;
  history: UndoHistory<T>;
} {
  return {
    previous: history.past.at(-1),
    history: { past: history.past.slice(0, -1), lastKey: null },
  };
}
