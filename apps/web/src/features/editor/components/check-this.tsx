import { createContext, useContext, useId, useMemo, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { uncertainReasonText, type UncertainField } from '@folio/core';
import { markStops } from '../utils/review-marks.ts';

/**
 * "Check this" markers (ADR 19): fields, entries and sections the parser was unsure of (or found
 * nothing for), shown where they are edited until the user edits them or confirms them ("Looks
 * right"). Each note carries `data-mark-path`, where the review's "Next" finds it.
 */
interface CheckThisState {
  /** The marks shown on `path` (those on its single items included: markAnchor). */
  marks: (path: string) => UncertainField[] | undefined;
  confirm: (path: string) => void;
}

const CheckThisContext = createContext<CheckThisState | null>(null);

export function CheckThisProvider({
  uncertain,
  onConfirm,
  children,
}: {
  uncertain: readonly UncertainField[] | undefined;
  onConfirm: ((path: string) => void) | undefined;
  children: ReactNode;
}) {
  const value = useMemo((): CheckThisState | null => {
    const stops = new Map(markStops(uncertain).map((s) => [s.anchor, s.marks]));
    if (!stops.size || !onConfirm) return null;
    return {
      marks: (path) => stops.get(path),
      confirm: (path) => stops.get(path)?.forEach((u) => onConfirm(u.path)),
    };
  }, [uncertain, onConfirm]);
  return <CheckThisContext value={value}>{children}</CheckThisContext>;
}

/**
 * The marker on `path`, if any; the id its note has (for the field's aria-describedby); and the
 * attribute that makes a marked field's control where the review's "Next" puts the focus.
 */
export function useCheckThis(path: string | undefined) {
  const state = useContext(CheckThisContext);
  const noteId = useId();
  const marker = path ? state?.marks(path)?.[0] : undefined;
  return {
    marker,
    noteId: marker ? noteId : undefined,
    focusTarget: marker ? { 'data-mark-focus': path } : {},
  };
}

/** Classes for a field that carries a marker: an amber edge besides the note's text and icon. */
export const checkThisField = 'border-amber-500! ring-2 ring-amber-400/40';

/** The note under a marked field or at the top of a marked entry or section: why, and "Looks right". */
export function CheckThisNote({
  path,
  label,
  noteId,
}: {
  path: string | undefined;
  /** What is marked ("Company", "Experience 2"), for the button's and group's names. */
  label: string;
  noteId?: string;
}) {
  const state = useContext(CheckThisContext);
  const marks = path ? state?.marks(path) : undefined;
  const marker = marks?.[0];
  if (!marker || !marks || !state || !path) return null;
  const more = marks.length - 1;
  return (
    <div
      id={noteId}
      role="group"
      aria-label={`Check this: ${label}`}
      // reached by the review's "Next" when the mark has no field to focus
      tabIndex={-1}
      data-mark-path={path}
      data-testid="check-this"
      className="flex min-w-0 scroll-my-24 flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950 focus:outline-2 focus:outline-offset-2 focus:outline-brand-600"
    >
      <CircleAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
      <span className="min-w-0 flex-1">
        <strong className="font-semibold">Check this.</strong> {uncertainReasonText[marker.reason]}
        {more > 0 ? ` (${more + 1} items here are marked.)` : null}
      </span>
      <button
        type="button"
        onClick={() => state.confirm(path)}
        aria-label={`Looks right: ${label}`}
        className="shrink-0 rounded-md border border-amber-400 bg-white px-2 py-0.5 font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        Looks right
      </button>
    </div>
  );
}
