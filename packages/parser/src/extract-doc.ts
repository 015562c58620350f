/** Legacy Word (.doc) through word-extractor: paragraphs as lines, no layout. */
import { AppError } from '@folio/core';
import { textToLines } from './plain-text.ts';
import type { ExtractedDoc } from './types.ts';

interface WordDocument {
  getBody(): string;
  getHeaders?(opts?: { includeFooters?: boolean }): string;
}
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDoc> {
  const mod = await import('word-extractor');
  const Extractor = mod.default;
  let doc: WordDocument;
  try {
    const buf =
      (globalThis as { Buffer?: { from(b: Uint8Array): Uint8Array } }).Buffer?.from(bytes) ?? bytes;
    doc = await new Extractor().extract(buf);
  } catch (err) {
    const msg = String((err as Error | undefined)?.message ?? err);
    if (/encrypt|password/i.test(msg))
      throw new AppError('FILE_ENCRYPTED', undefined, { cause: err });
    throw new AppError('FILE_CORRUPT', undefined, { cause: err });
  }
  // the page header first: templates often set the name and contact details there
  const header = doc.getHeaders?.({ includeFooters: false }) ?? '';
  return { kind: 'doc', lines: textToLines(`${header.trim()}\n\n${doc.getBody()}`), links: [] };
}
