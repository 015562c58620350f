/**
 * How sure the parser is of what it read: the one place its decision points report doubt, and
 * where a parse's `uncertain` list ("Check this" markers) comes from.
 *
 * A decision point calls `flag` with what it is unsure of, as either
 * - an object of the result it is building (an entry) and one of its fields, or
 * - a path into the result ("experience/2/company") when it knows where it writes,
 * and either a reason code or the probability that its decision is right (a learned decision;
 * below CHECK_BELOW it is marked). `recordConfidence` runs a parse with a fresh recorder and turns
 * what was flagged into paths. Outside such a run `flag` does nothing, so the parsing functions
 * work alone (tests). Nothing here keeps text from the document: targets, field names, codes and
 * numbers only.
 */
import { uncertainIn, type UncertainField, type UncertainReason } from '@folio/core';

/** A learned decision right with less than this probability is marked "Check this". */
export const CHECK_BELOW = 0.7;

/** A reason code, or the probability (0–1) that the decision is right. */
export type Evidence = UncertainReason | number;

interface ObjectFlag {
  target: object;
  field: string | undefined;
  reason: UncertainReason;
}

class Recorder {
  readonly onObjects: ObjectFlag[] = [];
  readonly onPaths: UncertainField[] = [];
  /** Every probability a learned decision reported, marked or not (review.ts reads their mean). */
  readonly probabilities: number[] = [];
  /** The same probabilities with what they were about (review.ts reads them per field). */
  readonly decided: { target: object | string; field: string | undefined; p: number }[] = [];
}

let active: Recorder | null = null;

const reasonOf = (evidence: Evidence): UncertainReason | null =>
  typeof evidence === 'number'
    ? Number.isFinite(evidence) && evidence < CHECK_BELOW
      ? 'low-confidence'
      : null
    : evidence;

/**
 * Reports doubt about `field` of `target` (a whole entry when `field` is undefined), or about
 * what is at `target` when it is a path.
 */
export function flag(target: object | string, field: string | undefined, evidence: Evidence): void {
  if (!active) return;
  if (typeof evidence === 'number' && Number.isFinite(evidence)) {
    active.probabilities.push(evidence);
    active.decided.push({ target, field, p: evidence });
  }
  const reason = reasonOf(evidence);
  if (!reason) return;
  if (typeof target === 'string')
    active.onPaths.push({ path: field ? `${target}/${field}` : target, reason });
  else active.onObjects.push({ target, field, reason });
}

/** Where each object of `root` is, as a path ("experience/2"); the root itself is "". */
function pathsOf(root: object): Map<object, string> {
  const paths = new Map<object, string>([[root, '']]);
  const stack: [object, string][] = [[root, '']];
  while (stack.length) {
    const [node, at] = stack.pop()!;
    for (const [key, child] of Object.entries(node)) {
      if (!child || typeof child !== 'object' || paths.has(child as object)) continue;
      const path = at ? `${at}/${key}` : key;
      paths.set(child as object, path);
      stack.push([child as object, path]);
    }
  }
  return paths;
}

/**
 * Runs `parse` (synchronous) with a recorder and returns its result with what was flagged, as
 * paths into that result. Flags on objects that did not end up in the result are dropped.
 */
export function recordConfidence<T extends object>(
  parse: () => T,
): {
  result: T;
  uncertain: UncertainField[];
  probabilities: number[];
  decided: Record<string, number>;
} {
  const outer = active;
  const recorder = new Recorder();
  active = recorder;
  try {
    const result = parse();
    const paths = pathsOf(result);
    const uncertain: UncertainField[] = [];
    for (const f of recorder.onObjects) {
      const at = paths.get(f.target);
      if (at === undefined || at === '') continue;
      uncertain.push({ path: f.field ? `${at}/${f.field}` : at, reason: f.reason });
    }
    uncertain.push(...recorder.onPaths);
    // the least sure decision about each path that is in the result
    const decided: Record<string, number> = {};
    for (const d of recorder.decided) {
      const at = typeof d.target === 'string' ? d.target : paths.get(d.target);
      if (at === undefined || at === '') continue;
      const path = d.field ? `${at}/${d.field}` : at;
      decided[path] = Math.min(decided[path] ?? 1, d.p);
    }
    return { result, uncertain, probabilities: recorder.probabilities, decided };
  } finally {
    active = outer;
  }
}

/**
 * The markers that still name something in `data` after it was cleaned and capped (an emptied
 * field, a dropped entry): one per path, first reason kept.
 */
export const uncertainInResult = (data: object, uncertain: readonly UncertainField[]) =>
  uncertainIn(data, uncertain);
