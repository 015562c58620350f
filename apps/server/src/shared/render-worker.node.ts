/**
 * Render worker thread body (see render-pool.node.ts): reads each portfolio's content and builds
 * its page, posting the HTML or an error code. Posts `{ ready: true }` once the renderer is loaded,
 * so that the caller's time limit counts the render only, not the worker's start-up.
 */
import { parentPort } from 'node:worker_threads';
import { AppError, normalizeContent } from '@folio/core';
import { contentToShow, render, withoutScripts, type RenderOptions } from '@folio/renderer';
import { ZodError } from 'zod';

interface Request {
  id: number;
  content: unknown;
  options: RenderOptions;
  /** A thumbnail: the sample persona while the resume is empty, and no executable scripts. */
  thumbnail?: boolean;
}

parentPort?.on('message', ({ id, content, options, thumbnail }: Request) => {
  try {
    // Stored content, rendered as stored even over a size cap (saved before the caps): the
    // pool's time and heap limits bound the work.
    const stored = normalizeContent(content, { enforceCaps: false });
    const html = thumbnail
      ? withoutScripts(render(contentToShow(stored), options).html)
      : render(stored, options).html;
    parentPort?.postMessage({ id, ok: true, html });
  } catch (err) {
    const e =
      err instanceof AppError
        ? err
        : err instanceof ZodError
          ? new AppError(
              'VALIDATION',
              `The saved content is invalid (${err.issues[0]?.path.join('.') ?? ''}: ${err.issues[0]?.message ?? ''}). Edit and save it again.`,
            )
          : new AppError('INTERNAL', 'The page could not be built.');
    const detail = e.code === 'INTERNAL' && err instanceof Error ? err.stack : undefined;
    parentPort?.postMessage({ id, ok: false, code: e.code, message: e.message, detail });
  }
});

parentPort?.postMessage({ ready: true });
