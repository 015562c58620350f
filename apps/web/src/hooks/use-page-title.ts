import { useEffect } from 'react';
import { fullTitle } from '../lib/page-meta.ts';

/** Sets the document title for a page: "{title} · {app name}". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
