import { uploadKind, withAiPass } from '@folio/parser';
import { closeWorkers, parseInWorkerWithConfidence, warmWorkers } from '@folio/parser/node';
import type { Settings } from '../../settings.ts';
import type { FileTypeDetector, ResumeParser } from './service.ts';

/**
 * The document parser as the server runs it: in a worker process (time and heap limits, no
 * environment), then, when configured, the optional AI pass here in the server, with its own
 * timeout (AI_TIMEOUT_MS): the endpoint's address and key never reach the worker, and a slow or
 * failing endpoint leaves the built-in result.
 */
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
          timeoutMs: settings.AI_TIMEOUT_MS,
        }
      : undefined;
  return {
    parse: async (bytes, _filename, keys, signal) => {
      const result = await parseInWorkerWithConfidence(bytes, {}, { keys });
      // a LinkedIn data export is read field by field: an AI pass could only move values away
      // from what it says (ADR 33)
      return ai && uploadKind(bytes) !== 'linkedin' ? withAiPass(result, ai, signal) : result;
    },
    detect: (bytes) => uploadKind(bytes) ?? null,
    warm: warmWorkers,
    close: closeWorkers,
  };
}
