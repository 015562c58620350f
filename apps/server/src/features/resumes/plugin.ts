import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { originalRoutes } from './original-routes.ts';
import { ResumeOriginals, UNUSED_ORIGINAL_MS } from './originals.ts';
import { resumeParser } from './parser.ts';
import { resumeRoutes } from './routes.ts';
import { PARSE_HEARTBEAT_MS, Resumes, type ResumeParser } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    resumes: Resumes;
  }
}

export interface ResumesOptions {
  /** Replaces the document parser (tests of the upload flow's own logic). */
  parser?: ResumeParser | undefined;
}

/**
 * Resume imports: credits, the parser's worker processes, the optional AI pass, and the originals
 * kept beside the portfolios made from them.
 */
export const resumesFeature = fp(
  (app: FastifyInstance, opts: ResumesOptions, done) => {
    const parser = resumeParser(app.settings);
    // a listening server has its first parser process ready before the first upload (inject-only
    // tests never listen, and start none)
    app.addHook('onListen', (listening) => {
      parser.warm();
      listening();
    });
    app.addHook('onClose', () => parser.close());
    const resumes = new Resumes(
      app.db,
      opts.parser ?? parser.parse,
      parser.detect,
      app.databaseKind === 'pglite',
    );
    app.decorate('resumes', resumes);
    // Parses cut off by a crash (credit taken, row left "parsing"): refunded as soon as no live
    // process owns them (their heartbeat stopped; on the embedded database, any from before start-up).
    app.scheduleJob({
      name: 'parse-recovery',
      everyMs: PARSE_HEARTBEAT_MS,
      run: () => resumes.recoverInterrupted(),
    });
    resumeRoutes(app);
    // the original each portfolio was made from (ADR 44); a parse that made none loses its own
    const originals = new ResumeOriginals(app.db);
    app.scheduleJob({
      name: 'unused-originals',
      everyMs: UNUSED_ORIGINAL_MS / 24,
      run: () => originals.sweepUnused(),
    });
    originalRoutes(app, originals);
    done();
  },
  { fastify: '5.x', name: 'resumes', dependencies: ['database', 'scheduler'] },
);
