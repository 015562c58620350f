/**
 * The generator's only source of chance: a seeded PRNG (mulberry32), so the same seed gives the
 * same documents on every machine. Nothing in the generator calls Math.random.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** n distinct elements (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** A new generator whose stream depends on this one's seed and the label only. */
  fork(label: string): Rng;
}

/** FNV-1a, 32 bits: a stable hash of a string (seeds, held-out split). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function makeRng(seed: number | string): Rng {
  const seed0 = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
  let a = seed0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (!items.length) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.max(0, n));
    },
    fork: (label) => makeRng(hash32(`${seed0}:${label}`)),
  };
  return rng;
}
