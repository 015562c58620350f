/**
 * The learned line-role model: multinomial logistic regression over the features of features.ts,
 * trained by scripts/train.node.ts (`npm run train:parser`) on the generated development families
 * and the real corpus. It answers, for each line, the probability that it is body content
 * ("none") or a section heading of each kind. The parser uses it for the ambiguous heading
 * decisions (sections.ts); PARSER_MODEL=off (or `model: false`) leaves the rules alone.
 */
import type { SectionKind } from '../headings.ts';
import type { Line } from '../types.ts';
import { chosenWeights } from './active.ts';
import weights from './line-role.json' with { type: 'json' };
import {
  DENSE,
  documentFeatures,
  HASH_BUCKETS,
  RULE_KINDS,
  type LineFeatures,
} from './features.ts';

/** What the model answers for a line: not a heading, or a heading of one of the rule kinds. */
export const ROLE_CLASSES = ['none', ...RULE_KINDS] as const;
export type RoleClass = (typeof ROLE_CLASSES)[number];

export interface ModelWeights {
  version: number;
  classes: readonly string[];
  dense: number;
  buckets: number;
  /** One row per class: DENSE dense weights then HASH_BUCKETS text weights. */
  w: number[][];
  meta?: Record<string, unknown>;
}

export interface LineRole {
  /** Probability that the line is a section heading (of any kind). */
  heading: number;
  /** The most probable heading kind and its probability among heading kinds. */
  kind: SectionKind;
  kindProb: number;
  /** The line's text with letter-spacing undone. */
  text: string;
}

/** The weight rows as typed arrays, made once per weights object. */
const packed = new WeakMap<ModelWeights, Float64Array[]>();
const rowsOf = (m: ModelWeights): Float64Array[] => {
  let rows = packed.get(m);
  if (!rows) {
    rows = m.w.map((r) => Float64Array.from(r));
    packed.set(m, rows);
  }
  return rows;
};

/** Class probabilities of one line (softmax over the linear scores). */
export function scoreLine(m: ModelWeights, f: LineFeatures): Float64Array {
  const rows = rowsOf(m);
  const z = new Float64Array(m.classes.length);
  const dense = f.dense;
  for (let c = 0; c < rows.length; c++) {
    const row = rows[c]!;
    let s = 0;
    for (let j = 0; j < m.dense; j++) s += row[j]! * dense[j]!;
    for (const b of f.sparse) s += row[m.dense + b]!;
    z[c] = s;
  }
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v);
  let sum = 0;
  for (let c = 0; c < z.length; c++) {
    z[c] = Math.exp((z[c] ?? 0) - max);
    sum += z[c] ?? 0;
  }
  for (let c = 0; c < z.length; c++) z[c] = (z[c] ?? 0) / sum;
  return z;
}

export const lineRoleWeights = weights as ModelWeights;

/** The weights match the feature code (a stale weights file is ignored, never misread). */
export const weightsUsable = (m: ModelWeights): boolean =>
  m.dense === DENSE &&
  m.buckets === HASH_BUCKETS &&
  m.classes.length === ROLE_CLASSES.length &&
  m.classes.every((c, i) => c === ROLE_CLASSES[i]) &&
  m.w.length === m.classes.length &&
  m.w.every((r) => r.length === DENSE + HASH_BUCKETS);

/**
 * The weights the parser uses: the committed ones (or those an evaluation chose, active.ts); null
 * when the model is off (PARSER_MODEL=off, the ablation) or the weights are stale.
 */
export function activeLineRole(): ModelWeights | null {
  const m = chosenWeights('line-role', lineRoleWeights);
  return m && weightsUsable(m) ? m : null;
}

/** The role of every line of a document. */
export function lineRoles(lines: Line[], m: ModelWeights = lineRoleWeights): LineRole[] {
  const feats = documentFeatures(lines);
  return feats.map((f) => {
    const p = scoreLine(m, f);
    const none = p[0] ?? 1;
    let best = 1;
    for (let c = 2; c < p.length; c++) if ((p[c] ?? 0) > (p[best] ?? 0)) best = c;
    const heading = 1 - none;
    return {
      heading,
      kind: ROLE_CLASSES[best] as SectionKind,
      kindProb: heading > 0 ? (p[best] ?? 0) / heading : 0,
      text: f.text,
    };
  });
}
