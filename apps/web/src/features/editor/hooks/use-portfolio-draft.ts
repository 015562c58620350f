import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Portfolio, PortfolioContent } from '@folio/core';
import { portfolioKey, saveContent } from '../api/editor-api.ts';
import { keepDraft, openDraft, sameContent, type DraftStore } from '../utils/draft-storage.ts';
import { emptyHistory, recordEdit, undoEdit, type UndoHistory } from '../utils/undo-history.ts';

/** This browser's local storage, reached only inside each call (where a refusal is caught). */
const browserStore: DraftStore = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

/**
 * The portfolio and a local draft of its content. The draft is what the preview shows; `save`
 * sends it with the version last read, `revert` goes back to what is saved. An unsaved draft is
 * kept in local storage and restored when the same version is opened again (`restored`).
 */
export function usePortfolioDraft(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery<Portfolio>({ queryKey: portfolioKey(id) });
  const portfolio = query.data;
  const [draft, setDraft] = useState<PortfolioContent | null>(null);
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [restored, setRestored] = useState(false);

  // Take the server's content when it first arrives, or the unsaved draft kept for it.
  if (portfolio && draft === null) {
    const opened = openDraft(browserStore, id, portfolio);
    setDraft(opened.draft);
    setRestored(opened.restored);
    setBaseVersion(portfolio.version);
  }

  const saved = portfolio?.content ?? null;
  const dirty = useMemo(
    () => draft !== null && saved !== null && !sameContent(draft, saved),
    [draft, saved],
  );

  useEffect(() => {
    if (draft === null) return; // still loading: keep what is stored
    keepDraft(browserStore, id, baseVersion, draft, dirty);
  }, [baseVersion, dirty, draft, id]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Undo: the drafts before each edit. Typing in one field is one step (see editKey).
  const history = useRef<UndoHistory<PortfolioContent>>(emptyHistory());
  const [undoSteps, setUndoSteps] = useState(0);
  const latest = useRef(draft);
  latest.current = draft;

  const update = useCallback((change: (content: PortfolioContent) => PortfolioContent) => {
    const current = latest.current;
    if (!current) return;
    const next = change(current);
    if (next === current) return;
    history.current = recordEdit(history.current, current, editKey());
    latest.current = next;
    setDraft(next);
    setUndoSteps(history.current.past.length);
  }, []);

  /** Back one step: the draft before the last edit (or the last run of typing in one field). */
  const undo = useCallback(() => {
    const { previous, history: after } = undoEdit(history.current);
    history.current = after;
    if (!previous) return;
    latest.current = previous;
    setDraft(previous);
    setUndoSteps(after.past.length);
  }, []);

  /** Saves `content` (default: the draft); returns the portfolio as saved. */
  const save = useCallback(
    async (content?: PortfolioContent) => {
      if (!portfolio || !draft) throw new Error('Portfolio not loaded');
      const next = await saveContent(id, content ?? draft, baseVersion ?? portfolio.version);
      queryClient.setQueryData(portfolioKey(id), next);
      setDraft(next.content);
      setBaseVersion(next.version);
      return next;
    },
    [baseVersion, draft, id, portfolio, queryClient],
  );

  const revert = useCallback(
    (part?: (saved: PortfolioContent, draft: PortfolioContent) => PortfolioContent) => {
      if (!saved) return;
      update((current) => (part ? part(saved, current) : saved));
    },
    [saved, update],
  );

  /** Drops the draft and reads the portfolio again (after a stale-version refusal). */
  const { refetch } = query;
  const reload = useCallback(async () => {
    const { data } = await refetch({ throwOnError: true });
    if (!data) return;
    history.current = emptyHistory();
    setUndoSteps(0);
    setDraft(data.content);
    setBaseVersion(data.version);
  }, [refetch]);

  return {
    query,
    portfolio,
    draft,
    saved,
    dirty,
    restored,
    update,
    undo,
    canUndo: undoSteps > 0,
    save,
    revert,
    reload,
  };
}

/**
 * Typing in a text field (an `input` event) coalesces into one undo step per field; any other
 * edit (a click, a key shortcut) is a step of its own.
 */
function editKey(): string | null {
  if (typeof window === 'undefined') return null;
  const event = window.event;
  if (event?.type !== 'input') return null;
  const target = event.target;
  return target instanceof HTMLElement && target.id ? target.id : null;
}

export type PortfolioDraft = ReturnType<typeof usePortfolioDraft>;
