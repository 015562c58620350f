import os from 'node:os';

/**
 * Runs at most `limit` of the tasks given to it at once; the others wait their turn, first come
 * first served. For CPU-heavy work done off the main thread (password hashing on libuv's pool of
 * four threads): with as many busy threads as cores, the event loop gets no core of its own and
 * every other request, /healthz included, waits for the burst to end.
 */
export function concurrencyGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the place to the next task waiting, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** One core left to the event loop (at least one task at a time). */
export const spareCoreLimit = () => Math.max(1, os.availableParallelism() - 1);
