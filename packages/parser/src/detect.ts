/** File type from content (magic bytes), never from the name. */
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
