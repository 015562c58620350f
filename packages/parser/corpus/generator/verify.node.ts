/**
 * The text of a generated document, read independently of the parser (the generator is checked
 * against what is printed, not against what the parser manages to read): PDF with poppler's
 * `pdftotext` (reading order, columns as blocks), DOCX from every Word XML part (body, headers,
 * footers), DOC with word-extractor (body, headers, footers).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import JSZip from 'jszip';
import WordExtractor from 'word-extractor';

export const pdftotextPath = '/usr/bin/pdftotext';
export const hasPdftotext = (): boolean => existsSync(pdftotextPath);

export async function printedText(file: string): Promise<string> {
  if (file.endsWith('.pdf')) {
    const res = spawnSync(pdftotextPath, ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`pdftotext failed on ${file}: ${res.stderr}`);
    return res.stdout;
  }
  if (file.endsWith('.docx')) {
    const zip = await JSZip.loadAsync(readFileSync(file));
    const parts = Object.keys(zip.files)
      .filter((n) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(n))
      .sort();
    const texts = await Promise.all(parts.map((n) => zip.file(n)!.async('string')));
    return texts
      .map((x) =>
        x
          .replace(/<w:tab\/>/g, '\t')
          .replace(/<\/w:p>/g, '\n')
          .replace(/<[^>]+>/g, '')
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'"),
      )
      .join('\n');
  }
  const doc = await new WordExtractor().extract(file);
  return doc.getBody();
}
