export interface BenchRow {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** The same measure of a reference, taken in the same run. */
  reference?: { name: string; value: number };
  goal?: string;
  met?: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds taken by fn, median over `runs` after one warm-up run. */
export async function timeMs(fn: () => unknown, runs = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}
