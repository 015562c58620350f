/**
 * The document just uploaded, kept in memory for the review beside what was read from it. It is
 * not stored anywhere: after a reload the review shows the fields without it.
 */
export interface ImportedDocument {
  file: File;
  /** The text the parser read, in reading order (shown for Word files). */
  text?: string;
}

let latest: { portfolioId: number; document: ImportedDocument } | null = null;

export function keepImportedDocument(portfolioId: number, document: ImportedDocument): void {
  latest = { portfolioId, document };
}

export function importedDocument(portfolioId: number): ImportedDocument | null {
  return latest?.portfolioId === portfolioId ? latest.document : null;
}

/** PDF by its first bytes, as the server decides too (a renamed file is still a PDF). */
export async function isPdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}
