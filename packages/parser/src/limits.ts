/**
 * The most work one document may cause (ADR 15). Parsing runs in worker processes with a
 * time limit; these caps keep a small hostile file (a zip bomb, a repetitive XML part, a page of
 * a million items) from using that time, and keep every stage linear in what is left.
 * Beyond a cap the file is refused as too large to read (FILE_CORRUPT).
 */
import { AppError } from '@folio/core';

export const DOCX_LIMITS = {
  /** Zip entries (a DOCX holds tens; opening the zip costs time for each). */
  entries: 1000,
  /** Characters of word/document.xml once inflated. */
  documentChars: 10 * 1024 * 1024,
  /** Characters of styles.xml or of the hyperlink relationships; a larger part is left out. */
  partChars: 2 * 1024 * 1024,
  /** XML elements in one part. */
  elements: 500_000,
  /** Paragraphs in the document. */
  paragraphs: 5_000,
  /** XML well-formedness errors tolerated in one part before it counts as damaged. */
  xmlErrors: 100,
};

/**
 * A LinkedIn data export (a ZIP of CSV files): the DOCX caps, applied the same way. Only the
 * CSV files the reader knows are inflated; each is read as a stream and stopped at its cap,
 * whatever size the archive declares.
 */
export const LINKEDIN_EXPORT_LIMITS = {
  /** Zip entries, counted before the zip is opened (a full export holds about forty). */
  entries: DOCX_LIMITS.entries,
  /** Characters of one CSV file once inflated. */
  fileChars: DOCX_LIMITS.partChars,
  /** Characters of all the CSV files read together. */
  totalChars: DOCX_LIMITS.documentChars,
  /** Rows of one CSV file (a profile has tens). */
  rows: 5_000,
};

export const PDF_LIMITS = {
  /** Pages read (the rest of a longer document is left out). */
  pages: 20,
  /** Text items read per page. */
  itemsPerPage: 6000,
};

/** What is handed to the structuring rules, whatever the format (a long CV has ~100k chars). */
export const TEXT_LIMITS = {
  lines: 5_000,
  segments: 20_000,
  chars: 200_000,
  /** Link targets kept (each is looked for in the text). */
  links: 200,
};

export const tooLarge = (): AppError =>
  new AppError('FILE_CORRUPT', 'The document is too large to read.');
