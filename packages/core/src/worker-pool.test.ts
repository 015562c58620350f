import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { WorkerPool, type WorkerChannel, type WorkerPoolOptions } from './worker-pool.ts';

/**
 * The pool's rules on workers the test drives by hand: each worker says it is ready when told,
 * and answers a job when told. The real workers (processes, threads) are tested with the parser's
 * and the server's pools.
 */
interface Fake {
  variant: number;
  jobs: { id: number; name: string }[];
  stopped: boolean;
  ready(): void;
  answer(name: string, value?: string): void;
  crash(): void;
}

function harness(options: Partial<WorkerPoolOptions<{ name: string }, Reply, string>> = {}) {
  const workers: Fake[] = [];
  const pool = new WorkerPool<{ name: string }, Reply, string>({
    maxWorkers: 2,
    startupMs: 1_000,
    spawn(variant): WorkerChannel<{ name: string }, Reply> {
      let onMessage: (m: { ready: true } | (Reply & { id: number })) => void = () => undefined;
      let onFailure: (kind: 'error' | 'exit') => void = () => undefined;
      const fake: Fake = {
        variant,
        jobs: [],
        stopped: false,
        ready: () => onMessage({ ready: true }),
        answer(name, value = `done ${name}`) {
          const job = fake.jobs.find((j) => j.name === name);
          if (job) onMessage({ id: job.id, value });
        },
        crash: () => onFailure('exit'),
      };
      workers.push(fake);
      return {
        send: (request) => fake.jobs.push(request),
        onMessage: (l) => (onMessage = l),
        onFailure: (l) => (onFailure = l),
        stop: () => {
          fake.stopped = true;
          onMessage = () => undefined;
          onFailure = () => undefined;
          return Promise.resolve();
        },
      };
    },
    outcome: (reply) => ({ ok: true, value: reply.value }),
    errors: {
      timeout: () => new AppError('PARSE_TIMEOUT'),
      failed: () => new AppError('FILE_CORRUPT'),
      startup: () => new AppError('PARSE_FAILED'),
      busy: () => new AppError('PARSE_BUSY'),
    },
    ...options,
  });
  return { pool, workers };
}
type Reply = { value: string };

const settled = (p: Promise<string>) =>
  p.then(
    (v) => v,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );
const tick = () => new Promise((r) => setTimeout(r, 0));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkerPool', () => {
  it('sends a job once its worker is ready, and its time limit starts only then', async () => {
    const { pool, workers } = harness();
    const job = settled(pool.run({ name: 'a' }, { timeoutMs: 50 }));
    await sleep(80); // start-up longer than the job's limit
    expect(workers[0]?.jobs).toEqual([]);
    workers[0]?.ready();
    await tick();
    workers[0]?.answer('a');
    expect(await job).toBe('done a');
  });

  it('ends a worker past the time limit and gives the next job a fresh one', async () => {
    const { pool, workers } = harness({ maxWorkers: 1 });
    const slow = settled(pool.run({ name: 'slow' }, { timeoutMs: 20 }));
    workers[0]?.ready();
    expect(await slow).toBe('PARSE_TIMEOUT');
    expect(workers[0]?.stopped).toBe(true);
    const next = settled(pool.run({ name: 'next' }, { timeoutMs: 1_000 }));
    expect(workers).toHaveLength(2);
    workers[1]?.ready();
    await tick();
    workers[1]?.answer('next');
    expect(await next).toBe('done next');
    expect(pool.live).toBe(1);
  });

  it("fails a job whose worker dies, and a worker's death during start-up too", async () => {
    const { pool, workers } = harness();
    const running = settled(pool.run({ name: 'a' }, { timeoutMs: 1_000 }));
    workers[0]?.ready();
    await tick();
    workers[0]?.crash();
    expect(await running).toBe('FILE_CORRUPT');
    const starting = settled(pool.run({ name: 'b' }, { timeoutMs: 1_000 }));
    workers[1]?.crash();
    expect(await starting).toBe('FILE_CORRUPT');
    expect(pool.live).toBe(0);
    expect(pool.active).toBe(0);
  });

  it("keeps a key to its share and serves another key's job before that key's queue", async () => {
    const { pool, workers } = harness({ maxWorkers: 3, keyShare: 2 });
    const order: string[] = [];
    const run = (name: string, key: string) =>
      pool.run({ name }, { timeoutMs: 5_000, keys: [key] }).then(() => order.push(name));
    const hog = ['h1', 'h2', 'h3', 'h4'].map((name) => run(name, 'address:hog'));
    await tick();
    expect(workers).toHaveLength(2); // the third worker is not the hog's to take
    const other = run('other', 'address:other');
    expect(workers).toHaveLength(3);
    for (const w of workers) w.ready();
    await tick();
    workers[2]?.answer('other');
    await other;
    expect(order).toEqual(['other']);
    // a worker freed by the hog goes to the hog's next job, in arrival order
    workers[0]?.answer('h1');
    await tick();
    expect(workers[0]?.jobs.map((j) => j.name)).toEqual(['h1', 'h3']);
    workers[1]?.answer('h2');
    workers[0]?.answer('h3');
    await tick();
    expect(workers[1]?.jobs.map((j) => j.name)).toEqual(['h2', 'h4']);
    workers[1]?.answer('h4');
    await Promise.all(hog);
    expect(order).toEqual(['other', 'h1', 'h2', 'h3', 'h4']);
  });

  it('refuses at once past maxQueue, and after queueMs without a worker', async () => {
    const { pool, workers } = harness({ maxWorkers: 1, maxQueue: 1 });
    const first = settled(pool.run({ name: 'a' }, { timeoutMs: 5_000 }));
    const waiting = settled(pool.run({ name: 'b' }, { timeoutMs: 5_000, queueMs: 30 }));
    expect(await settled(pool.run({ name: 'c' }, { timeoutMs: 5_000 }))).toBe('PARSE_BUSY');
    expect(await waiting).toBe('PARSE_BUSY');
    workers[0]?.ready();
    await tick();
    workers[0]?.answer('a');
    expect(await first).toBe('done a');
  });

  it('replaces an idle worker of another variant when the pool is full', async () => {
    const { pool, workers } = harness({ maxWorkers: 1 });
    pool.warm(256);
    const job = settled(pool.run({ name: 'a' }, { timeoutMs: 1_000, variant: 512 }));
    expect(workers.map((w) => [w.variant, w.stopped])).toEqual([
      [256, true],
      [512, false],
    ]);
    workers[1]?.ready();
    await tick();
    workers[1]?.answer('a');
    expect(await job).toBe('done a');
  });

  it('refuses running, waiting and later jobs once closed', async () => {
    const { pool, workers } = harness({ maxWorkers: 1 });
    const running = settled(pool.run({ name: 'a' }, { timeoutMs: 5_000 }));
    const waiting = settled(pool.run({ name: 'b' }, { timeoutMs: 5_000 }));
    workers[0]?.ready();
    await tick();
    await pool.close();
    expect([await running, await waiting]).toEqual(['PARSE_BUSY', 'PARSE_BUSY']);
    expect(workers[0]?.stopped).toBe(true);
    expect(await settled(pool.run({ name: 'c' }, { timeoutMs: 5_000 }))).toBe('PARSE_BUSY');
  });
});
