import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResumeWithConfidence, withAiPass, type AiOptions } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';
import { docx } from './testing.node.ts';

let server: Server;
let baseUrl = '';
let reply: (body: unknown) => { status: number; json?: unknown; delayMs?: number } = () => ({
  status: 500,
});
const seen: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body: unknown = JSON.parse(raw);
      seen.push({ url: req.url, auth: req.headers.authorization, body });
      const r = reply(body);
      setTimeout(() => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.json ?? {}));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const doc = () =>
  docx([
    'Ada Lovelace',
    'ada@example.com',
    'Analytical engine enthusiast',
    '# Skills',
    'Python, Rust',
  ]);
/** A parse of `doc()` followed by the AI pass, as the server runs them. */
const parseWithAi = async (ai: AiOptions, signal?: AbortSignal) =>
  (await withAiPass(await parseResumeWithConfidence(await doc(), nodePdfAssets()), ai, signal))
    .data;
const completion = (content: unknown) => ({
  choices: [{ message: { content: JSON.stringify(content) } }],
});

describe('AI pass', () => {
  it('sends json_schema, validates, merges and drops values not in the document', async () => {
    reply = () => ({
      status: 200,
      json: completion({
        contact: {
          name: 'Ada Lovelace',
          title: 'Analytical engine enthusiast',
          phone: '+44 20 7946 0000',
        },
        skills: { technical: ['Rust', 'Haskell'] },
        awards: ['Invented award'],
      }),
    });
    const data = await parseWithAi({ baseUrl, apiKey: 'k', model: 'm', timeoutMs: 2000 });
    const last = seen.at(-1) as {
      url: string;
      auth: string;
      body: { model: string; response_format: { type: string } };
    };
    expect(last.url).toBe('/v1/chat/completions');
    expect(last.auth).toBe('Bearer k');
    expect(last.body.response_format.type).toBe('json_schema');
    expect(data.contact?.title).toBe('Analytical engine enthusiast');
    expect(data.contact?.phone).toBeUndefined();
    expect(data.skills?.technical).toEqual(['Python', 'Rust']);
    expect(data.awards).toBeUndefined();
  });
  it('falls back to the built-in result on errors, bad JSON and timeouts', async () => {
    const base = (await parseResumeWithConfidence(await doc(), nodePdfAssets())).data;
    for (const r of [
      { status: 500 },
      { status: 200, json: { choices: [{ message: { content: 'not json' } }] } },
      { status: 200, json: completion({ contact: 'wrong shape' }) },
      { status: 200, json: completion({}), delayMs: 500 },
    ]) {
      reply = () => r;
      const data = await parseWithAi({ baseUrl, model: 'm', timeoutMs: 200 });
      expect(data).toEqual(base);
    }
  });
  it('stops waiting when the caller cancels, and keeps the built-in result', async () => {
    const base = (await parseResumeWithConfidence(await doc(), nodePdfAssets())).data;
    reply = () => ({ status: 200, json: completion({ summary: 'Analytical' }), delayMs: 5_000 });
    const ctrl = new AbortController();
    const started = performance.now();
    const parsing = parseWithAi({ baseUrl, model: 'm', timeoutMs: 20_000 }, ctrl.signal);
    setTimeout(() => ctrl.abort(), 100);
    expect(await parsing).toEqual(base);
    // well before the endpoint's 5 s answer (a generous margin for a busy machine)
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
