import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ordinaryGoldDir } from '../corpus/index.node.ts';

// The ordinary corpus (corpus/ordinary/README.md) is never learned from by the parser: no trainer
// of a parser model may read it. (The review's trainer, train-review, fits the models that judge
// reads on it with folds by repository, ADR 51: they never change what the parser reads.)
const scripts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'scripts');

describe('ordinary corpus', () => {
  it('is read by no trainer of a parser model', () => {
    const trainers = readdirSync(scripts).filter(
      (f) => /^train.*\.node\.ts$/.test(f) && f !== 'train-review.node.ts',
    );
    expect(trainers.length).toBeGreaterThan(0);
    // the trainers and the scripts they import (review-eval, logistic, …)
    const read = new Set<string>();
    const queue = [...trainers];
    while (queue.length) {
      const f = queue.pop() as string;
      if (read.has(f)) continue;
      read.add(f);
      const src = readFileSync(path.join(scripts, f), 'utf8');
      expect(src, f).not.toMatch(/ordinary/i);
      for (const m of src.matchAll(/from '\.\/([\w.-]+\.ts)'/g)) if (m[1]) queue.push(m[1]);
    }
  });
  it('has gold files that name a person', () => {
    const gold = readdirSync(ordinaryGoldDir).filter((f) => f.endsWith('.gold.json'));
    expect(gold.length).toBeGreaterThan(0);
    for (const f of gold) {
      const data = JSON.parse(readFileSync(path.join(ordinaryGoldDir, f), 'utf8')) as {
        contact?: { name?: string };
      };
      expect(data.contact?.name, f).toBeTruthy();
    }
  });
});
