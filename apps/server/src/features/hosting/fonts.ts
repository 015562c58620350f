import { fontHeaders, readFontFiles } from '@folio/renderer/fonts.node';
import type { FastifyReply } from 'fastify';

/** `/fonts/{name}`: a self-hosted font file the renderer names (packages/renderer, fonts.ts). */
export const FONT_PATH_PATTERN = /^\/fonts\/([a-z0-9-]+\.[0-9a-f]{10}\.woff2)$/;

let files: ReadonlyMap<string, Buffer> | null = null;

/** The bytes of a font file by its name, read from the font packages once, at first use. */
export function fontFile(name: string): Buffer | undefined {
  files ??= readFontFiles();
  return files.get(name);
}

/**
 * Answers a font file (immutable, any origin may use it), on the app and on every site host:
 * pages name fonts by the same absolute path however they are served. Null when there is none.
 */
export function sendFont(reply: FastifyReply, name: string): FastifyReply | null {
  const bytes = fontFile(name);
  return bytes ? reply.headers(fontHeaders).send(bytes) : null;
}
