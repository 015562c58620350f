import { defaultContent, type PortfolioContent } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { draftKey, keepDraft, openDraft, type DraftStore } from './draft-storage.ts';

/** A browser storage of its own per test, as localStorage behaves. */
function memoryStore(
  initial: Record<string, string> = {},
): DraftStore & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const saved = defaultContent({ contact: { name: 'Ada Park', title: 'Engineer' } });
const edited: PortfolioContent = {
  ...saved,
  data: { ...saved.data, contact: { name: 'Ada Park', title: 'Staff Engineer' } },
};

describe('opening the editor', () => {
  it('offers the unsaved draft kept for the version being opened', () => {
    const store = memoryStore({ [draftKey(7)]: JSON.stringify({ version: 3, content: edited }) });
    const opened = openDraft(store, 7, { content: saved, version: 3 });
    expect(opened.draft.data.contact?.title).toBe('Staff Engineer');
    expect(opened.restored).toBe(true);
  });

  it('shows what is saved when the kept draft was made on an older version', () => {
    // Someone saved since (another tab, another device): the old draft would overwrite that work.
    const store = memoryStore({ [draftKey(7)]: JSON.stringify({ version: 2, content: edited }) });
    const opened = openDraft(store, 7, { content: saved, version: 3 });
    expect(opened.draft).toEqual(saved);
    expect(opened.restored).toBe(false);
  });

  it('does not announce a restored draft that is the same as what is saved', () => {
    const store = memoryStore({ [draftKey(7)]: JSON.stringify({ version: 3, content: saved }) });
    expect(openDraft(store, 7, { content: saved, version: 3 }).restored).toBe(false);
  });

  it('keeps drafts apart per portfolio', () => {
    const store = memoryStore({ [draftKey(8)]: JSON.stringify({ version: 3, content: edited }) });
    expect(openDraft(store, 7, { content: saved, version: 3 })).toEqual({
      draft: saved,
      restored: false,
    });
  });

  it('opens what is saved when the kept draft is unreadable or storage refuses', () => {
    const damaged = memoryStore({ [draftKey(7)]: '{"version":3,"content":' });
    expect(openDraft(damaged, 7, { content: saved, version: 3 }).draft).toEqual(saved);
    const refusing: DraftStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(openDraft(refusing, 7, { content: saved, version: 3 }).draft).toEqual(saved);
  });
});

describe('keeping the draft', () => {
  it('an unsaved change is kept and offered again after a reload', () => {
    const store = memoryStore();
    keepDraft(store, 7, 3, edited, true);
    const reopened = openDraft(store, 7, { content: saved, version: 3 });
    expect(reopened).toEqual({ draft: edited, restored: true });
  });

  it('a saved (or reverted) draft is forgotten', () => {
    const store = memoryStore();
    keepDraft(store, 7, 3, edited, true);
    keepDraft(store, 7, 4, edited, false);
    expect(store.items.has(draftKey(7))).toBe(false);
  });

  it('a full storage loses the copy but not the editing', () => {
    const full: DraftStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => keepDraft(full, 7, 3, edited, true)).not.toThrow();
  });
});
