/**
 * The trainer of the parser's learned models: multinomial logistic regression by AdaGrad SGD with
 * L2, over dense features and hashed sparse ones, in a fixed seeded order (deterministic).
 */
import type { ModelWeights } from '../src/model/line-role.ts';

export interface Sample {
  dense: Float64Array;
  sparse: number[];
  /** The class index. */
  y: number;
  /** Where the sample comes from (a family or a document), for validation splits. */
  group: string;
}

export interface TrainOptions {
  classes: readonly string[];
  dense: number;
  buckets: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** How much a sample of class y counts (rare classes weigh more). */
  weightOf: (y: number) => number;
}

/** mulberry32: the seeded generator of the shuffle. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function trainLogistic(samples: Sample[], o: TrainOptions): ModelWeights {
  const C = o.classes.length;
  const DENSE = o.dense;
  const D = DENSE + o.buckets;
  const w = Array.from({ length: C }, () => new Float64Array(D));
  const g2 = Array.from({ length: C }, () => new Float64Array(D).fill(1e-8));
  const order = samples.map((_, i) => i);
  const rand = rng(o.seed);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const s = samples[idx]!;
      const z = new Float64Array(C);
      for (let c = 0; c < C; c++) {
        const r = w[c]!;
        let v = 0;
        for (let j = 0; j < DENSE; j++) v += r[j]! * s.dense[j]!;
        for (const b of s.sparse) v += r[DENSE + b]!;
        z[c] = v;
      }
      let max = -Infinity;
      for (const v of z) max = Math.max(max, v);
      let sum = 0;
      for (let c = 0; c < C; c++) {
        z[c] = Math.exp(z[c]! - max);
        sum += z[c]!;
      }
      const weight = o.weightOf(s.y);
      for (let c = 0; c < C; c++) {
        const err = weight * (z[c]! / sum - (c === s.y ? 1 : 0));
        if (Math.abs(err) < 1e-6) continue;
        const r = w[c]!;
        const acc = g2[c]!;
        const upd = (j: number, x: number) => {
          const g = err * x + o.l2 * r[j]!;
          acc[j]! += g * g;
          r[j]! -= (o.rate * g) / Math.sqrt(acc[j]!);
        };
        for (let j = 0; j < DENSE; j++) if (s.dense[j]) upd(j, s.dense[j]!);
        for (const b of s.sparse) upd(DENSE + b, 1);
      }
    }
  }
  return {
    version: 1,
    classes: [...o.classes],
    dense: DENSE,
    buckets: o.buckets,
    w: w.map((r) => [...r]),
  };
}
