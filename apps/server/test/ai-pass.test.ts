/**
 * The optional AI pass runs in the server, after the parser's worker has answered, with its own
 * timeout and cancellation. Before, it ran inside the worker's 10 s parse limit with a 20 s wait
 * of its own: a slow endpoint turned into PARSE_TIMEOUT and the built-in result was lost, and the
 * endpoint's key travelled to the worker in every job. A real server process, and a local
 * endpoint that speaks the chat-completions protocol: slow, broken, hanging, and working.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resumeDataSchema } from '@folio/core';
import {
  planLinkedInExports,
  zipOf,
} from '../../../packages/parser/corpus/generator/linkedin-zip.ts';
import { textPdf } from '../../../packages/parser/src/testing.node.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../scripts/lib/api.ts';
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';
import { newUser } from './helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

type Behaviour = 'slow' | 'broken' | 'garbage' | 'hang' | 'answer';

/** What the endpoint saw: its requests' authorization header and whether the caller hung up. */
const seen: { auth?: string; aborted: boolean }[] = [];
let behaviour: Behaviour = 'answer';
let model: http.Server;
let server: ServerProcess;

const PERSON = ['Grace Hopper', 'grace@example.com', 'Compiler pioneer and teacher'];
const completion = (content: unknown) =>
  JSON.stringify({ choices: [{ message: { content: JSON.stringify(content) } }] });

beforeAll(async () => {
  model = http.createServer((req, res) => {
    const visit = { auth: req.headers.authorization, aborted: false };
    seen.push(visit);
    req.resume();
    res.on('close', () => (visit.aborted = !res.writableFinished));
    req.on('end', () => {
      const json = { 'content-type': 'application/json' };
      if (behaviour === 'hang') return; // never answers
      if (behaviour === 'broken') return void res.writeHead(500, json).end('{"error":"down"}');
      if (behaviour === 'garbage') return void res.writeHead(200, json).end('{"choices": "no"');
      // the answer adds a title the built-in reader does not take from this document
      const answer = completion({ contact: { title: PERSON[2] } });
      if (behaviour === 'slow') setTimeout(() => res.writeHead(200, json).end(answer), 15_000);
      else res.writeHead(200, json).end(answer);
    });
  });
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  server = await startServer({
    AI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    AI_MODEL: 'fake',
    AI_API_KEY: 'secret-key',
    PARSE_RATE_LIMIT: '1000',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  model?.closeAllConnections();
  await new Promise((r) => model?.close(r));
});

async function importDocument(): Promise<{ status: number; body: Record<string, unknown> }> {
  const registered = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
  const token = registered.body.token as string;
  const fileContent = Buffer.from(textPdf(PERSON)).toString('base64');
  return apiCall(
    server.baseURL,
    'POST',
    '/api/parse-resume',
    { filename: 'cv.pdf', fileContent },
    token,
  );
}

const contactOf = (body: Record<string, unknown>) =>
  (body.parsedData as { contact?: Record<string, string> }).contact ?? {};

describe('the AI pass, in the server', () => {
  it('merges a working endpoint’s grounded answer, sent from the server with the key', async () => {
    behaviour = 'answer';
    const res = await importDocument();
    expect(res.status).toBe(200);
    expect(contactOf(res.body)).toMatchObject({ email: PERSON[1], title: PERSON[2] });
    expect(seen.at(-1)?.auth).toBe('Bearer secret-key');
  });

  it('answers the built-in result when the endpoint is slower than its limit (not PARSE_TIMEOUT)', async () => {
    // 15 s: past the parse's 10 s limit, where the pass used to run, and past AI_TIMEOUT_MS (8 s)
    behaviour = 'slow';
    const res = await importDocument();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(contactOf(res.body).email).toBe(PERSON[1]);
    expect(contactOf(res.body).title).toBeUndefined(); // the late answer is not waited for
  }, 60_000);

  it.each(['broken', 'garbage'] as const)(
    'answers the built-in result when the endpoint is %s',
    async (kind) => {
      behaviour = kind;
      const res = await importDocument();
      expect(res.status).toBe(200);
      expect(contactOf(res.body).email).toBe(PERSON[1]);
    },
  );

  it('stops asking the endpoint when the user hangs up', async () => {
    behaviour = 'hang';
    const registered = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
    const body = JSON.stringify({
      filename: 'cv.pdf',
      fileContent: Buffer.from(textPdf(PERSON)).toString('base64'),
    });
    const before = seen.length;
    const { port } = new URL(server.baseURL);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/parse-resume',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${registered.body.token as string}`,
      },
    });
    req.on('error', () => undefined);
    req.end(body);
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(before + 1);
    req.destroy(); // the user closes the tab
    // within 4 s: well before AI_TIMEOUT_MS (8 s) would end the wait anyway
    await expect.poll(() => seen.at(-1)?.aborted, { timeout: 4_000 }).toBe(true);
  }, 60_000);
});

describe('a LinkedIn data export', () => {
  it('gets no AI pass: the endpoint is not called and the data is the export’s (ADR 33)', async () => {
    behaviour = 'answer';
    const [doc] = planLinkedInExports('ai-pass', 1);
    const registered = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
    const before = seen.length;
    const res = await apiCall(
      server.baseURL,
      'POST',
      '/api/parse-resume',
      {
        filename: 'export.zip',
        fileContent: Buffer.from(await zipOf(doc!.files)).toString('base64'),
      },
      registered.body.token as string,
    );
    expect(res.status).toBe(200);
    expect(res.body.parsedData).toEqual(resumeDataSchema.parse(doc!.gold));
    expect(seen.length).toBe(before);
  }, 60_000);
});
