/**
 * Worker thread body: parse each document it is sent and post the result or an error code.
 * Posts `{ ready: true }` once the parser (and pdfjs) are loaded, so that the caller's time limit
 * counts the parse only, not the worker's start-up.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '@folio/core';
import { loadPdfjs } from './extract-pdf.ts';
import { parseResumeWithConfidence, type ParseOptions } from './index.ts';

parentPort?.on('message', (msg: { id: number; bytes: Uint8Array; opts: ParseOptions }) => {
  parseResumeWithConfidence(msg.bytes, msg.opts).then(
    (result) => parentPort?.postMessage({ id: msg.id, ok: true, result }),
    (err: unknown) => {
      const e = err instanceof AppError ? err : new AppError('PARSE_FAILED');
      parentPort?.postMessage({ id: msg.id, ok: false, code: e.code, message: e.message });
    },
  );
});

// A failed pdfjs load is not fatal here: the parse reports it as its own error.
void loadPdfjs().then(
  () => parentPort?.postMessage({ ready: true }),
  () => parentPort?.postMessage({ ready: true }),
);
