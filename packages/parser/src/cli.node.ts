/**
 * CLI: `npm run -s parse -- FILE` prints the JSON; `npm run -s parse -- --out DIR FILE...` writes
 * DIR/<name>.json per file. Each JSON holds the data and, next to it, `_review`: the parser's
 * review of the read (document confidence, marks, sources; review.ts). Flags: --in-process (no
 * worker; faster for batches).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@folio/core';
import { parseResumeWithConfidence, withAiPass, type AiOptions } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { parseInWorkerWithConfidence } from './worker.node.ts';

/** The server's AI settings, when all are present in the environment. */
function aiFromEnv(): AiOptions | undefined {
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL } = process.env;
  return AI_BASE_URL && AI_MODEL
    ? { baseUrl: AI_BASE_URL, apiKey: AI_API_KEY ?? '', model: AI_MODEL }
    : undefined;
}

/** A parse in a worker, then the AI pass here (as the server runs them). */
async function parseWithLimits(bytes: Uint8Array) {
  const result = await parseInWorkerWithConfidence(bytes);
  const ai = aiFromEnv();
  return ai ? await withAiPass(result, ai) : result;
}

async function main(argv: string[]): Promise<number> {
  let out: string | undefined;
  let inProcess = false;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--out') out = argv[++i];
    else if (a === '--in-process') inProcess = true;
    else files.push(a);
  }
  if (!files.length) {
    process.stderr.write('usage: parse [--out DIR] [--in-process] FILE...\n');
    return 2;
  }
  if (out) mkdirSync(out, { recursive: true });
  let failed = 0;
  for (const f of files) {
    try {
      const bytes = new Uint8Array(readFileSync(f));
      const result = inProcess
        ? await parseResumeWithConfidence(bytes, nodePdfAssets())
        : await parseWithLimits(bytes);
      const json = JSON.stringify(
        result.review ? { ...result.data, _review: result.review } : result.data,
        null,
        2,
      );
      if (out)
        writeFileSync(
          path.join(out, `${path.basename(f).replace(/\.[^.]+$/, '')}.json`),
          `${json}\n`,
        );
      else process.stdout.write(`${json}\n`);
    } catch (err) {
      failed++;
      const code = err instanceof AppError ? err.code : 'PARSE_FAILED';
      process.stderr.write(`${f}: ${code}: ${(err as Error).message}\n`);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
