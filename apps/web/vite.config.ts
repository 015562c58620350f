import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { blogMarkdown } from './scripts/blog-markdown.ts';

const api = 'http://localhost:5000';

/** In development no server swaps the name and domain placeholders of index.html (src/lib/brand.ts). */
const devBrand = {
  name: 'folio-dev-brand',
  apply: 'serve' as const,
  transformIndexHtml: (html: string) =>
    html
      .replaceAll('FOLIO_APP_NAME', process.env.APP_NAME ?? 'Folio')
      .replaceAll('folio-sites-domain.invalid', process.env.SITES_DOMAIN ?? 'folio.localhost')
      .replaceAll(
        'support@folio-support-email.invalid',
        process.env.SUPPORT_EMAIL ?? 'support@folio.localhost',
      ),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), blogMarkdown(), devBrand],
  build: isSsrBuild
    ? // The prerender bundle (src/entry-server.tsx), run once by scripts/prerender.ts.
      { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        // Two entries: the app (index.html) and the islands script of prerendered public pages
        // (ADR 0010), which must stay free of React.
        rolldownOptions: {
          input: { index: 'index.html', islands: 'src/islands/main.ts' },
          // Building a zod schema has no side effects: a module imported for one value no longer
          // brings every schema it defines, and zod with them (ADR 38).
          treeshake: { manualPureFunctions: ['z'] },
        },
      },
  // Workspace packages are TypeScript sources: bundle them into the prerender bundle.
  ssr: { noExternal: [/^@folio\//] },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/s/': api,
      // The self-hosted fonts of site previews (packages/renderer fonts.ts).
      '/fonts/': api,
      '/healthz': api,
      '/sitemap.xml': api,
      '/rss.xml': api,
      '/robots.txt': api,
    },
  },
}));
