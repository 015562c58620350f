import { createContext, useContext } from 'react';
import { ScanSearch } from 'lucide-react';

/**
 * Where a field's value came from in the original document (ADR 44). The review's original
 * viewer provides this; a field with a source shows, on a phone, a button that opens the original
 * full-screen at that place (at desktop widths the original beside the form follows the focus).
 */
export interface OriginalSources {
  has: (path: string) => boolean;
  open: (path: string | null) => void;
}

export const OriginalSourcesContext = createContext<OriginalSources | null>(null);

/** The attribute a field's wrapper carries so the original can follow the focused field. */
export const sourcePathAttribute = 'data-source-path';

export function ShowInOriginal({ path, label }: { path: string | undefined; label: string }) {
  const sources = useContext(OriginalSourcesContext);
  if (!path || !sources?.has(path)) return null;
  return (
    <button
      type="button"
      data-testid="show-in-original"
      aria-label={`Show ${label} in the original`}
      onClick={() => sources.open(path)}
      className="inline-flex items-center gap-1 justify-self-start rounded-md px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
    >
      <ScanSearch className="size-3.5" aria-hidden />
      In original
    </button>
  );
}
