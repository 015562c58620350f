/**
 * Which weights each learned model runs with. The parser always uses the committed JSON files;
 * only evaluation and training put others in place, for the length of one call: a fold's models
 * when the real corpus is cross-validated (scripts/eval.node.ts), none to switch one model off for
 * the ablation, a freshly trained line-role model while the next model's data is made
 * (scripts/training.node.ts). `PARSER_MODEL=off` switches every model off.
 *
 * The choice is module state, so `withModels` is for one sequential run (a script), never for a
 * server handling several parses at once.
 */
import type { ModelWeights } from './line-role.ts';

export const LEARNED_MODELS = ['line-role', 'entry-line', 'head-part'] as const;
export type LearnedModel = (typeof LEARNED_MODELS)[number];

/** Weights to use instead of the committed ones; null switches the model off. */
export type ModelChoice = Partial<Record<LearnedModel, ModelWeights | null>>;

let chosen: ModelChoice = {};

const allOff = (): boolean =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.PARSER_MODEL === 'off';

/** The weights a model runs with: the committed ones unless a run chose others; null when off. */
export function chosenWeights(model: LearnedModel, committed: ModelWeights): ModelWeights | null {
  if (allOff()) return null;
  return model in chosen ? (chosen[model] ?? null) : committed;
}

/** Runs `fn` with the given models' weights in place of the committed ones, then restores them. */
export async function withModels<T>(choice: ModelChoice, fn: () => T | Promise<T>): Promise<T> {
  const before = chosen;
  chosen = { ...before, ...choice };
  try {
    return await fn();
  } finally {
    chosen = before;
  }
}
