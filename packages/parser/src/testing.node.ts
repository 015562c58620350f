/** Test helpers: tiny hand-built PDFs and DOCX files (the corpus: ../corpus/index.node.ts). */
import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';

/** Assemble a PDF from object bodies (object i+1 = objects[i]); catalog must be object 1. */
export function buildPdf(objects: string[], trailerExtra = ''): Uint8Array {
  return new TextEncoder().encode(assemblePdf(objects, trailerExtra));
}

/** The PDF of buildPdf as a string (offsets count characters: one byte each for Latin-1). */
function assemblePdf(objects: string[], trailerExtra: string): string {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

const stream = (content: string, dict = '') =>
  `<< ${dict} /Length ${content.length} >>\nstream\n${content}\nendstream`;

export function textPdf(lines: string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '50 750 Td',
    ...lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`),
    'ET',
  ].join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream(content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * A small file whose one page holds `ops` million drawing operators (Flate-compressed): any reader
 * must work through all of them, which takes far longer than a parse time limit.
 */
export function slowPdf(ops = 4): Uint8Array {
  const body = `BT /F1 11 Tf 50 750 Td (Slow) Tj ET\n${'1 0 0 1 0 0 cm\n'.repeat(ops * 1e6)}`;
  const packed = deflateSync(Buffer.from(body, 'latin1'));
  const pdf = assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n${packed.toString('latin1')}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ],
    '',
  );
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

export function imageOnlyPdf(): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    stream('q 200 0 0 200 100 400 cm /Im1 Do Q'),
    stream(
      '\u0080',
      '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8',
    ),
  ]);
}

export function blankPdf(): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    stream(''),
  ]);
}

/** A PDF whose standard security handler needs a user password (O and U match no password). */
export function encryptedPdf(): Uint8Array {
  const hex = (n: number) =>
    Array.from({ length: 32 }, (_, i) => ((i * 37 + n) % 256).toString(16).padStart(2, '0')).join(
      '',
    );
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      stream('garbage'),
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(1)}> /U <${hex(7)}> /P -4 >>`,
    ],
    `/Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] `,
  );
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A DOCX with the given paragraphs; a paragraph starting with "# " gets Heading1, "- " a list.
 * `header` paragraphs go into the page header (Word's header part), once per header kind given.
 */
export async function docx(
  paragraphs: string[],
  opts: { header?: string[]; headerKinds?: number } = {},
): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    'word/styles.xml',
    '<?xml version="1.0"?><w:styles xmlns:w="w"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:rPr><w:b/><w:sz w:val="28"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/><w:rPr><w:b/><w:sz w:val="24"/></w:rPr></w:style></w:styles>',
  );
  const body = paragraphs
    .map((p) => {
      if (p.startsWith('### '))
        return `<w:p><w:pPr><w:pStyle w:val="Heading3"/></w:pPr><w:r><w:t>${esc(p.slice(4))}</w:t></w:r></w:p>`;
      if (p.startsWith('# '))
        return `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(p.slice(2))}</w:t></w:r></w:p>`;
      if (p.startsWith('- '))
        return `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${esc(p.slice(2))}</w:t></w:r></w:p>`;
      const runs = p
        .split('\t')
        .map((t) => `<w:r><w:t xml:space="preserve">${esc(t)}</w:t></w:r>`)
        .join('<w:r><w:tab/></w:r>');
      return `<w:p>${runs}</w:p>`;
    })
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  const header = (opts.header ?? [])
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`)
    .join('');
  if (header)
    for (let k = 1; k <= (opts.headerKinds ?? 1); k++)
      zip.file(
        `word/header${k}.xml`,
        `<?xml version="1.0"?><w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${header}</w:hdr>`,
      );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A DOCX whose document.xml inflates to `mb` megabytes (a zip bomb). */
export async function zipBombDocx(mb: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file(
    'word/document.xml',
    '<w:document><w:body>' + ' '.repeat(mb * 1024 * 1024) + '</w:body></w:document>',
  );
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
}
