import { AppError, fieldLimits } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { parseResume } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import {
  blankPdf,
  docx,
  encryptedPdf,
  imageOnlyPdf,
  textPdf,
  zipBombDocx,
} from './testing.node.ts';

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  }
}

describe('error codes', () => {
  const opts = nodePdfAssets();
  it('FILE_ENCRYPTED for a password-protected PDF', async () => {
    expect(await codeOf(parseResume(encryptedPdf(), opts))).toBe('FILE_ENCRYPTED');
  });
  it('FILE_EMPTY for no bytes, a blank PDF and an empty DOCX', async () => {
    expect(await codeOf(parseResume(new Uint8Array(), opts))).toBe('FILE_EMPTY');
    expect(await codeOf(parseResume(blankPdf(), opts))).toBe('FILE_EMPTY');
    expect(await codeOf(parseResume(await docx([]), opts))).toBe('FILE_EMPTY');
  });
  it('FILE_IMAGE_ONLY for a PDF with an image and no text', async () => {
    expect(await codeOf(parseResume(imageOnlyPdf(), opts))).toBe('FILE_IMAGE_ONLY');
  });
  it('FILE_CORRUPT for a broken PDF and a broken DOCX', async () => {
    expect(
      await codeOf(parseResume(new TextEncoder().encode('%PDF-1.4\n%%%% nothing here'), opts)),
    ).toBe('FILE_CORRUPT');
    const d = await docx(['Hello']);
    expect(await codeOf(parseResume(d.slice(0, 60), opts))).toBe('FILE_CORRUPT');
  });
  it('FILE_CORRUPT for a zip bomb', async () => {
    expect(await codeOf(parseResume(await zipBombDocx(12), opts))).toBe('FILE_CORRUPT');
  });
  it('UNSUPPORTED_FILE for other content', async () => {
    expect(await codeOf(parseResume(new TextEncoder().encode('just some text'), opts))).toBe(
      'UNSUPPORTED_FILE',
    );
    expect(
      await codeOf(parseResume(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), opts)),
    ).toBe('UNSUPPORTED_FILE');
  });
  it('parses a minimal text PDF and a minimal DOCX', async () => {
    const pdf = await parseResume(
      textPdf([
        'Ada Lovelace',
        'ada@example.com',
        'Experience',
        'Analyst, Engines Ltd',
        'Jan 2020 - Present',
      ]),
      opts,
    );
    expect(pdf.contact?.email).toBe('ada@example.com');
    const w = await parseResume(
      await docx(['Ada Lovelace', 'ada@example.com', '# Skills', 'Python, Rust, Go']),
      opts,
    );
    expect(w.contact?.name).toBe('Ada Lovelace');
    expect(w.skills?.technical).toEqual(['Python', 'Rust', 'Go']);
  });
});

describe('fields beyond the content caps', () => {
  it('a summary longer than a field may hold is cut to the cap, not a failed parse', async () => {
    const sentence = 'I build reliable data pipelines for hospitals and clinics every day. ';
    const long = sentence.repeat(Math.ceil((fieldLimits.text + 5_000) / sentence.length));
    const bytes = await docx(['Ada Lovelace', 'ada@example.com', 'Summary', long.trim()]);
    const data = await parseResume(bytes, nodePdfAssets());
    expect(data.contact?.name).toBe('Ada Lovelace');
    expect(data.summary?.length).toBe(fieldLimits.text);
    expect(data.summary?.startsWith(sentence.trim())).toBe(true);
  });
});
