import { fileURLToPath } from 'node:url';

/*
 * Folders the server reads at run time, found from this file's place: `apps/server/src/` in
 * development, `apps/server/dist/` when compiled (the bundle sits at the same depth), so both find
 * them. Nothing else derives a path from its own location.
 */
const serverRoot = new URL('../', import.meta.url);

/** The database migrations (drizzle-kit's output). */
export const migrationsFolder = fileURLToPath(new URL('drizzle', serverRoot));

/** The built web app, unless WEB_DIST names another. */
export const defaultWebDist = fileURLToPath(new URL('../web/dist', serverRoot));
