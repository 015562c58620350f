/** The client route table the server learns from the build (prerender manifest, web-app.ts). */
import { expect, it } from 'vitest';
import { routePatterns } from './router.tsx';

it('lists every screen of the app, with parameters, and not the catch-all', () => {
  const patterns = routePatterns();
  for (const p of [
    '/',
    '/pricing',
    '/templates',
    '/blog/:slug',
    '/blog/tags/:tag',
    '/dashboard',
    '/template-select',
    '/template-editor',
    '/auth',
    '/login',
    '/404',
  ]) {
    expect(patterns).toContain(p);
  }
  expect(patterns.some((p) => p.includes('*'))).toBe(false);
  expect(new Set(patterns).size).toBe(patterns.length);
});
