import { createContext, useContext, useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { uncertainReasonText, type UncertainField } from '@folio/core';

/**
 * "Check this" markers (ADR 19): fields and entries the parser was unsure of, shown
 * where they are edited until the user edits them or confirms them ("Looks right").
 */
interface CheckThisState {
  marker: (path: string) => UncertainField | undefined;
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
  const list = uncertain ?? [];
  const value: CheckThisState | null =
    list.length && onConfirm
      ? { marker: (path) => list.find((u) => u.path === path), confirm: onConfirm }
      : null;
  return <CheckThisContext value={value}>{children}</CheckThisContext>;
}

/** The marker on `path`, if any, and the id its note has (for the field's aria-describedby). */
export function useCheckThis(path: string | undefined) {
  const state = useContext(CheckThisContext);
  const noteId = useId();
  const marker = path ? state?.marker(path) : undefined;
  return { marker, noteId: marker ? noteId : undefined };
}

/** Classes for a field that carries a marker: an amber edge besides the note's text and icon. */
export const checkThisField = 'border-amber-500! ring-2 ring-amber-400/40';

/** The note under a marked field or at the top of a marked entry: why, and "Looks right". */
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
  const marker = path ? state?.marker(path) : undefined;
  if (!marker || !state || !path) return null;
  return (
    <div
      id={noteId}
      role="group"
      aria-label={`Check this: ${label}`}
      data-testid="check-this"
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950"
    >
      <CircleAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
      <span className="min-w-0 flex-1">
        <strong className="font-semibold">Check this.</strong> {uncertainReasonText[marker.reason]}
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
