import { useEffect, useRef } from 'react';

/**
 * Runs a DOM island (src/islands/) on the element the returned ref is attached to, and its
 * cleanup on unmount or when `bind` changes (memoize a `bind` that closes over values). The
 * prerendered page runs the same function without React, so both behave alike.
 */
export function useIsland<T extends HTMLElement>(bind: (el: T) => () => void) {
  const ref = useRef<T>(null);
  useEffect(() => (ref.current ? bind(ref.current) : undefined), [bind]);
  return ref;
}
