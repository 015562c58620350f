/**
 * Worker process body: parse each document it is sent and send back the result or an error code.
 * Posts `{ ready: true }` once the parser (and pdfjs) are loaded, so that the caller's time limit
 * counts the parse only, not the worker's start-up.
 */
import { AppError } from '@folio/core';
import { loadPdfjs } from './extract-pdf.ts';
import { parseResumeWithConfidence, type ParseOptions } from './index.ts';

const reply = (msg: object) => process.send?.(msg);

process.on('message', (msg: { id: number; bytes: Uint8Array; opts: ParseOptions }) => {
  // a Buffer arrives as a Buffer: the readers want a plain Uint8Array view
  const bytes = new Uint8Array(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength);
  parseResumeWithConfidence(bytes, msg.opts).then(
    (result) => reply({ id: msg.id, ok: true, result }),
    (err: unknown) => {
      const e = err instanceof AppError ? err : new AppError('PARSE_FAILED');
      reply({ id: msg.id, ok: false, code: e.code, message: e.message });
    },
  );
});
// the parent gone, nothing is left to do
process.on('disconnect', () => process.exit(0));

// A failed pdfjs load is not fatal here: the parse reports it as its own error.
void loadPdfjs().then(
  () => reply({ ready: true }),
  () => reply({ ready: true }),
);
