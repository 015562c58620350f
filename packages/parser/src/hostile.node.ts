/**
 * Hostile documents for robustness tests (ADR 15): small files that cost a careless reader far
 * more work than their size, each built here so that the tests need no fixture files.
 */
import JSZip from 'jszip';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** document.xml of plain paragraphs; one starting with "# " is a heading (style Heading1). */
export const documentXml = (paragraphs: string[]): string =>
  `<?xml version="1.0"?><w:document ${W}><w:body>${paragraphs
    .map((p) =>
      p.startsWith('# ')
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(p.slice(2))}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`,
    )
    .join('')}</w:body></w:document>`;

const STYLES = `<?xml version="1.0"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:rPr><w:b/><w:sz w:val="28"/></w:rPr></w:style></w:styles>`;

/** A DOCX of the given parts (document.xml required; styles.xml has Heading1), maximally compressed. */
export async function docxOf(parts: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  for (const [name, xml] of Object.entries({ 'word/styles.xml': STYLES, ...parts }))
    zip.file(name, xml);
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
}

/** The text of a small resume, for documents that should still parse. */
export const RESUME = ['Ada Lovelace', 'ada@example.com', '# Skills', 'Python, Rust, Go'];

/**
 * A resume whose styles.xml is `chars` characters of empty, well-formed `<w:docDefaults>`
 * elements (a few KB once zipped). The DOCX reader once looked for a font size with
 * /<w:docDefaults>[\s\S]*?<w:sz w:val="(\d+)"/, which scans on to the end of the part from every
 * one of them: time quadratic in the part's length (minutes for 2 MB).
 */
export function repetitiveStylesDocx(chars = 1_900_000): Promise<Uint8Array> {
  const unit = '<w:docDefaults></w:docDefaults>';
  return docxOf({
    'word/document.xml': documentXml(RESUME),
    'word/styles.xml': `<?xml version="1.0"?><w:styles ${W}>${unit.repeat(
      Math.floor(chars / unit.length),
    )}</w:styles>`,
  });
}

/**
 * A document.xml that ends, after its root element, in `count` tags never closed ("<w:t<w:t…").
 * The old tokenizer, /<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g, scanned on to the end of the part
 * from each "<" in search of a ">": quadratic again.
 */
export function unclosedTagsDocx(count = 200_000): Promise<Uint8Array> {
  return docxOf({ 'word/document.xml': documentXml(RESUME) + '<w:t'.repeat(count) });
}

/**
 * A resume with one run of `chars` characters and no space: letters or digits in its header (the
 * e-mail and web-address expressions took it in), or "(a(a…" as a skill (the language-level
 * one). Unbounded repetitions in those expressions scanned on from every character of such a
 * run: time quadratic in its length (minutes for 180,000 characters).
 */
export function longRunDocx(
  run: 'letters' | 'digits' | 'parens',
  chars = 180_000,
): Promise<Uint8Array> {
  const text = { letters: 'a', digits: '1', parens: '(a' }[run].repeat(
    chars / (run === 'parens' ? 2 : 1),
  );
  const [name, email, heading, skills] = RESUME as [string, string, string, string];
  const paragraphs =
    run === 'parens' ? [name, email, heading, skills, text] : [name, text, email, heading, skills];
  return docxOf({ 'word/document.xml': documentXml(paragraphs) });
}

/** A DOCX zip with `count` extra (empty) entries: opening the zip costs time for each. */
export async function manyEntriesDocx(count = 3_000): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('word/document.xml', documentXml(RESUME));
  for (let i = 0; i < count; i++) zip.file(`word/media/x${i}`, '');
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

/** A ZIP of the given files (LinkedIn data export tests). */
export function zipOfFiles(
  files: Record<string, string>,
  compression: 'STORE' | 'DEFLATE' = 'DEFLATE',
): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression, compressionOptions: { level: 9 } });
}

const POSITIONS_HEADER = 'Company Name,Title,Description,Location,Started On,Finished On\n';

/**
 * A LinkedIn export whose Positions.csv inflates to `mb` megabytes (a few KB zipped). `lie`: the
 * archive declares the file 100 bytes long, so only reading it finds out.
 */
export async function linkedInExportBomb(mb = 64, lie = false): Promise<Uint8Array> {
  const text = `${POSITIONS_HEADER}Acme,Engineer,"${'a'.repeat(mb * 1024 * 1024)}",,Jan 2020,\n`;
  const bytes = await zipOfFiles({ 'Positions.csv': text });
  if (lie) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 4 <= bytes.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 100, true); // local header
      if (sig === 0x02014b50) view.setUint32(i + 24, 100, true); // central directory
    }
  }
  return bytes;
}

/** A LinkedIn export of `count` entries besides its Profile.csv. */
export async function manyEntriesExport(count = 3_000): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('Profile.csv', 'First Name,Last Name\nAda,Lovelace\n');
  for (let i = 0; i < count; i++) zip.file(`Articles/a${i}.html`, '');
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

/** A LinkedIn export whose Positions.csv is named to climb out of the archive's folder. */
export function climbingExport(name = '../../../tmp/Positions.csv'): Promise<Uint8Array> {
  return zipOfFiles({
    'Profile.csv': 'First Name,Last Name\nAda,Lovelace\n',
    [name]: `${POSITIONS_HEADER}Acme,Engineer,,,Jan 2020,\n`,
  });
}
