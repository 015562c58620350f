import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.ts) for their own path: hydrate them. The
// prerendered not-found page served for an unknown address, and the empty shell of signed-in
// screens, are rendered afresh.
const path = window.location.pathname.replace(/(.)\/$/, '$1');
if (root.dataset.prerendered === path) {
  // The page's chunk first (modulepreloaded by the HTML, so this is quick): hydration then
  // finishes in one pass, and an early update cannot throw the page back to its spinner.
  await preloadRoute(path);
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
