/**
 * Build-time rendering of public pages (scripts/prerender.ts). The tree is the browser's <App />
 * with a static router at the page's address, so the prerendered HTML hydrates without mismatches (same components,
 * same ids). Lazy pages are awaited: `prerender` waits for every Suspense boundary.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { AppRoutes } from './app/router.tsx';

export { routePatterns } from './app/router.tsx';
import { HeadContext, type PageMeta } from './lib/page-meta.ts';

export interface RenderedPage {
  html: string;
  meta: PageMeta | null;
}

export async function render(pathname: string): Promise<RenderedPage> {
  let meta: PageMeta | null = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadContext value={{ set: (m) => (meta = m) }}>
        <App>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </App>
      </HeadContext>
    </StrictMode>,
    // Never outline a big Suspense boundary into a later chunk revealed by an inline script:
    // the CSP forbids inline scripts, and a static page has no reason to stream.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, meta };
}
