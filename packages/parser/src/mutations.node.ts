/** Seeded document mutations for robustness runs: truncation, bit flips, zip bombs. */
import JSZip from 'jszip';

export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Mutation = 'truncate' | 'bitflip' | 'splice' | 'zero';

export function mutate(bytes: Uint8Array, rand: () => number, kind?: Mutation): Uint8Array {
  const k = kind ?? (['truncate', 'bitflip', 'splice', 'zero'] as const)[Math.floor(rand() * 4)]!;
  const b = bytes.slice();
  switch (k) {
    case 'truncate':
      return b.slice(0, Math.floor(rand() * b.length));
    case 'bitflip': {
      const n = 1 + Math.floor(rand() * 50);
      for (let i = 0; i < n; i++) {
        const at = Math.floor(rand() * b.length);
        b[at] = (b[at] ?? 0) ^ (1 << Math.floor(rand() * 8));
      }
      return b;
    }
    case 'splice': {
      const at = Math.floor(rand() * b.length);
      const len = Math.floor(rand() * 4096);
      return new Uint8Array([
        ...b.slice(0, at),
        ...b.slice(Math.max(0, at - len), at),
        ...b.slice(at),
      ]);
    }
    case 'zero': {
      const at = Math.floor(rand() * b.length);
      b.fill(0, at, Math.min(b.length, at + Math.floor(rand() * 2048)));
      return b;
    }
  }
}

/** A DOCX whose document.xml inflates to `mb` megabytes. */
export async function zipBomb(mb: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file(
    'word/document.xml',
    `<w:document><w:body>${'<w:p/>'.repeat((mb * 1024 * 1024) / 6)}</w:body></w:document>`,
  );
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
}
