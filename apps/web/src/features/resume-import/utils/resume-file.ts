import { defaultMessages, MAX_UPLOAD_BYTES } from '@folio/core';
import { unsupportedFileMessage, uploadKind } from '@folio/parser/detect';

/** What the picker offers (decisions "Parsing": PDF, DOCX and DOC; ADR 33: LinkedIn's ZIP). */
export const RESUME_ACCEPT = [
  '.pdf',
  '.doc',
  '.docx',
  '.zip',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip',
].join(',');

const extensions = ['.pdf', '.doc', '.docx', '.zip'];

export const FILE_TOO_LARGE = 'File size must be less than 5MB';
export const FILE_WRONG_TYPE = defaultMessages.UNSUPPORTED_FILE;

/**
 * The client-side checks (spec §5): at most 5MB, PDF/DOC/DOCX by name. The server checks the
 * content again; this only saves an upload that would be refused.
 */
export function checkResumeFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!extensions.some((ext) => name.endsWith(ext))) return FILE_WRONG_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  if (file.size === 0) return FILE_EMPTY;
  return null;
}

/** A file of zero bytes: refused when chosen, not after the upload. */
export const FILE_EMPTY = 'This file is empty (0 bytes). Please choose a file.';

/** What a chosen file is read as: a document, or a LinkedIn data export (free, ADR 33). */
export type ResumeFileKind = NonNullable<ReturnType<typeof uploadKind>>;

/**
 * The content check, as the server makes it (decisions "Parsing": by content, not by name): a
 * PNG named résumé.pdf is refused when chosen, saying what it is, and so is a ZIP that is no
 * LinkedIn data export.
 */
export async function checkResumeContent(
  file: File,
): Promise<{ kind: ResumeFileKind } | { refused: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = uploadKind(bytes);
  return kind ? { kind } : { refused: unsupportedFileMessage(bytes) };
}

/** "240 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file's bytes as plain base64 (no data: prefix). */
export function readFileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}
