import { useEffect } from 'react';

/** Sets the document title for a page: "{title} · Folio". */
export function usePageTitle(title: string, appName = 'Folio'): void {
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
