import type { Portfolio, PortfolioContent } from '@folio/core';

/** The part of the browser's storage a draft is kept in (localStorage in the app). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Unsaved work survives a reload, a closed tab or a crash: kept in this browser until saved. */
export const draftKey = (id: number) => `folio:draft:${id}`;

export const sameContent = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The unsaved draft kept for portfolio `id`, if it was made on `version`. */
export function readStoredDraft(
  store: DraftStore,
  id: number,
  version: number,
): PortfolioContent | null {
  try {
    const stored = JSON.parse(store.getItem(draftKey(id)) ?? 'null') as {
      version: number;
      content: PortfolioContent;
    } | null;
    // A draft made on an older version would overwrite newer work: only the same version counts.
    return stored?.version === version ? stored.content : null;
  } catch {
    return null;
  }
}

/**
 * What the editor opens with: the unsaved draft kept for this version of the portfolio, else the
 * saved content. `restored` says a kept draft differs from what is saved (the editor says so).
 */
export function openDraft(
  store: DraftStore,
  id: number,
  portfolio: Pick<Portfolio, 'content' | 'version'>,
): { draft: PortfolioContent; restored: boolean } {
  const stored = readStoredDraft(store, id, portfolio.version);
  return {
    draft: stored ?? portfolio.content,
    restored: stored !== null && !sameContent(stored, portfolio.content),
  };
}

/** Keeps `draft` (made on `version`) while it differs from what is saved; else forgets it. */
export function keepDraft(
  store: DraftStore,
  id: number,
  version: number | null,
  draft: PortfolioContent,
  dirty: boolean,
): void {
  try {
    if (dirty) store.setItem(draftKey(id), JSON.stringify({ version, content: draft }));
    else store.removeItem(draftKey(id));
  } catch {
    // storage full or unavailable: the editor's leave warning still protects the draft
  }
}
