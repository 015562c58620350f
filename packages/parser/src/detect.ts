/** File type from content (magic bytes), never from the name. */
import { defaultMessages } from '@folio/core';
import { isLinkedInExport, NOT_A_LINKEDIN_EXPORT } from './linkedin-files.ts';
import type { FileKind } from './types.ts';

export function detectFileType(bytes: Uint8Array): FileKind | 'zip' | undefined {
  const b = bytes;
  const head = new TextDecoder('latin1').decode(b.subarray(0, Math.min(b.length, 1024)));
  if (head.includes('%PDF-')) return 'pdf';
  if (b[0] === 0x50 && b[1] === 0x4b && (b[2] === 0x03 || b[2] === 0x05 || b[2] === 0x07)) {
    // a DOCX is a zip holding word/document.xml; the name appears in a local header or the directory
    const tail = new TextDecoder('latin1').decode(b.subarray(Math.max(0, b.length - 65536)));
    if (
      head.includes('word/') ||
      tail.includes('word/document') ||
      head.includes('[Content_Types].xml')
    )
      return 'docx';
    return 'zip';
  }
  if (
    b[0] === 0xd0 &&
    b[1] === 0xcf &&
    b[2] === 0x11 &&
    b[3] === 0xe0 &&
    b[4] === 0xa1 &&
    b[5] === 0xb1
  )
    return 'doc';
  return undefined;
}

const startsWith = (b: Uint8Array, ...bytes: number[]) => bytes.every((x, i) => b[i] === x);

/** What a file that is no PDF, DOC or DOCX is, by its first bytes: "a PNG image"; null when unknown. */
export function describeContent(bytes: Uint8Array): string | null {
  const b = bytes;
  const ascii = new TextDecoder('latin1').decode(b.subarray(0, 16));
  if (startsWith(b, 0x89, 0x50, 0x4e, 0x47)) return 'a PNG image';
  if (startsWith(b, 0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (ascii.startsWith('GIF8')) return 'a GIF image';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'a WebP image';
  if (ascii.slice(4, 12) === 'ftypheic' || ascii.slice(4, 12) === 'ftypmif1') return 'a HEIC image';
  if (ascii.startsWith('{\\rtf')) return 'an RTF document';
  if (startsWith(b, 0x50, 0x4b)) return 'a ZIP archive';
  if (ascii.trimStart().startsWith('<')) return 'a web page or XML file';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 512));
  const binary = [...text].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffd;
  });
  if (text.length > 0 && !binary) return 'a plain text file';
  return null;
}

/**
 * What an upload is read as, by content: a document, a LinkedIn data export (a ZIP of its CSV
 * files, `linkedin-files.ts`), or nothing Folio reads (any other ZIP included).
 */
export function uploadKind(bytes: Uint8Array): FileKind | 'linkedin' | undefined {
  const kind = detectFileType(bytes);
  if (kind !== 'zip') return kind;
  return isLinkedInExport(bytes) ? 'linkedin' : undefined;
}

/**
 * Why a file is refused when its content is no PDF, DOC, DOCX or LinkedIn data export, saying
 * what it is when that can be told ("This file is a PNG image, not a PDF, DOC or DOCX
 * document."), whatever its name says.
 */
export function unsupportedFileMessage(bytes: Uint8Array): string {
  if (detectFileType(bytes) === 'zip') return NOT_A_LINKEDIN_EXPORT;
  const what = describeContent(bytes);
  return what
    ? `This file is ${what}, not a PDF, DOC or DOCX document. Please choose your resume file.`
    : defaultMessages.UNSUPPORTED_FILE;
}
