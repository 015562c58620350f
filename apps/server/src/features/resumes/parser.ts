import { detectFileType } from '@folio/parser';
import { closeWorkers, parseInWorkerWithConfidence, warmWorkers } from '@folio/parser/node';
import type { Settings } from '../../settings.ts';
import type { FileTypeDetector, ResumeParser } from './service.ts';

/** The document parser as the server runs it: in a worker process, with the optional AI pass. */
export function resumeParser(settings: Settings): {
  parse: ResumeParser;
  detect: FileTypeDetector;
  /** Start a worker process ahead of the first upload (the server calls it once listening). */
  warm: () => void;
  close: () => Promise<void>;
} {
  const ai =
    settings.AI_BASE_URL && settings.AI_MODEL
      ? {
          baseUrl: settings.AI_BASE_URL,
          apiKey: settings.AI_API_KEY ?? '',
          model: settings.AI_MODEL,
        }
      : undefined;
  return {
    parse: (bytes, _filename, keys) => parseInWorkerWithConfidence(bytes, { ai }, { keys }),
    detect: (bytes) => {
      const kind = detectFileType(bytes);
      return kind && kind !== 'zip' ? kind : null;
    },
    warm: warmWorkers,
    close: closeWorkers,
  };
}
