import { useEffect, useState } from 'react';

/** The overlay's stage labels, one every 700 ms, then 'Parsing complete!'. */
export const PARSING_STAGES = [
  'Parsing Name...',
  'Parsing Contact Info...',
  'Parsing Education...',
  'Parsing Experience...',
  'Parsing Skills...',
  'Almost Done...',
] as const;
export const PARSING_COMPLETE = 'Parsing complete!';
export const STAGE_INTERVAL_MS = 700;
/** The progress bar runs for 5 s (it waits at 95% until the answer arrives). */
export const PROGRESS_DURATION_MS = 5000;
const PROGRESS_TICK_MS = 100;

/**
 * From mount, the current stage label and a 0–100 progress value: the labels advance every
 * 700 ms and stay on the last one; progress climbs to 95% over 5 s. `complete` shows the final
 * label and 100%.
 */
export function useParsingStages(complete: boolean) {
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  if (complete) return { label: PARSING_COMPLETE, progress: 100 };
  const index = Math.min(Math.floor(elapsed / STAGE_INTERVAL_MS), PARSING_STAGES.length - 1);
  return {
    label: PARSING_STAGES[index] ?? PARSING_STAGES[0],
    progress: Math.min(95, Math.round((elapsed / PROGRESS_DURATION_MS) * 95)),
  };
}
