import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ZodType } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE } from '@folio/core';
import { apiCall, publishSite } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { rawHttp, rawRequest, type RawAnswer } from '../../../../scripts/lib/raw-http.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser } from '../helpers.ts';
import { startFakePayPal, type FakePayPal } from '../paypal-fake.ts';
import { isApiRoute, listRoutes, type RouteEntry } from './route-table.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

/**
 * Text PostgreSQL cannot store, sent to a real server process over raw sockets: a NUL character
 * answered 500 on nine routes (four of them anonymous) and the failure logged the query's
 * parameters (argon2 hashes, e-mail addresses, visitors' messages). Now such text is refused with
 * 400 before any schema or query runs, and no database failure logs a parameter value.
 */

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
/** Process tests on PostgreSQL run in the PGlite pass only (the PostgreSQL pass would repeat them). */
const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));

const MARK = 'Zq7unstorable';
const port = (server: ServerProcess) => Number(new URL(server.baseURL).port);

/** A JSON request written byte for byte; `body` may hold bytes no JSON encoder writes. */
function send(
  server: ServerProcess,
  method: string,
  target: string,
  body?: Buffer,
  token?: string,
): Promise<RawAnswer> {
  const head = [`Host: 127.0.0.1:${port(server)}`, 'Connection: close'];
  if (token) head.push(`Authorization: Bearer ${token}`);
  if (body) head.push('Content-Type: application/json', `Content-Length: ${body.length}`);
  return rawRequest(port(server), rawHttp(`${method} ${target} HTTP/1.1`, head, body ?? ''), {
    idleMs: 15_000,
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const bodyOf = (answer: RawAnswer) => answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4);

/**
 * Hostile text: what JSON can carry (NUL, lone surrogates, C0 and C1 controls, DEL) and bytes no
 * encoder writes (overlong UTF-8 for NUL and "/", a byte that is never UTF-8), spliced in raw.
 */
const variants: { name: string; text?: string; bytes?: Buffer }[] = [
  { name: 'NUL', text: `a${MARK}\u0000b` },
  { name: 'NUL alone', text: '\u0000' },
  { name: 'lone high surrogate', text: `a${MARK}\ud800b` },
  { name: 'lone low surrogate', text: `\udc00${MARK}` },
  { name: 'control characters', text: `a\u0001\u0008\u001b\u007f\u0085\u009f${MARK}` },
  { name: 'overlong NUL', bytes: Buffer.from([0x61, 0xc0, 0x80, 0x62]) },
  { name: 'overlong slash', bytes: Buffer.from([0xe0, 0x80, 0xaf, 0x2e, 0x2e]) },
  { name: 'invalid byte', bytes: Buffer.from([0x61, 0xff, 0xfe, 0x62]) },
];

/** Values that pass many fields' schemas, so that the hostile one is what reaches the handler. */
const plausible: unknown[] = [
  'ada@example.com',
  'Ada Lovelace',
  'correct horse battery staple',
  'ada',
  'ada-lovelace',
  'example.com',
  'https://example.com/',
  'A message long enough for any minimum length: hello there.',
  'modern',
  'pro',
  'monthly',
  1,
  true,
  [],
  {},
];

/** A body whose every field holds a value its schema accepts, where one of `plausible` does. */
function plausibleBody(schema: ZodType | undefined): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, ZodType> } | undefined)?.shape;
  if (!shape) return {};
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = plausible.find((v) => field.safeParse(v).success);
    if (value !== undefined) body[key] = value;
  }
  return body;
}

/** `body` as JSON with `field` set to the variant (raw bytes spliced in where the marker was). */
function withVariant(
  body: Record<string, unknown>,
  field: string,
  variant: (typeof variants)[number],
): Buffer {
  if (variant.text !== undefined) return json({ ...body, [field]: variant.text });
  const placeholder = `@@${MARK}@@`;
  const [before, after] = JSON.stringify({ ...body, [field]: placeholder }).split(placeholder);
  return Buffer.concat([Buffer.from(before!), variant.bytes!, Buffer.from(after!)]);
}

async function registerOver(server: ServerProcess) {
  const user = newUser();
  const res = await apiCall(server.baseURL, 'POST', '/api/register', user);
  expect(res.status).toBe(201);
  return { ...user, token: res.body.token as string };
}

const backends = [
  { kind: 'PGlite', run: true },
  { kind: 'PostgreSQL', run: postgresAnswers },
] as const;

describe.each(backends)(
  'text no database can store, on a real server process ($kind)',
  ({ kind, run }) => {
    let server: ServerProcess;
    let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
    let routes: RouteEntry[];
    let paypal: FakePayPal;

    beforeAll(async () => {
      if (!run) return;
      routes = await listRoutes();
      // PayPal and Google configured, so their routes do their work instead of answering 503.
      paypal = await startFakePayPal();
      if (kind === 'PostgreSQL') database = await throwawayDatabase('folio_text');
      server = await startServer({
        ...(database ? { DATABASE_URL: database.url } : {}),
        PAYPAL_API_BASE: paypal.baseUrl,
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        GOOGLE_CLIENT_ID: 'folio-test.apps.googleusercontent.com',
        GOOGLE_JWKS_URL: `${paypal.baseUrl}/no-google-keys-here`,
        AUTH_RATE_LIMIT: '100000',
        PARSE_RATE_LIMIT: '100000',
        LOG_LEVEL: 'info',
        REQUIRE_EMAIL_VERIFICATION: 'false',
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await paypal?.close();
      await database?.drop();
    });

    it.skipIf(!run)(
      'a NUL is refused with 400 on each route that answered 500, and nothing of it is logged',
      async () => {
        const owner = await registerOver(server);
        const site = await publishSite(server.baseURL, 'Nul Target');
        const created = await apiCall(
          server.baseURL,
          'POST',
          '/api/portfolios',
          { name: 'Mine', content: {} },
          owner.token,
        );
        const id = created.body.id as number;
        const nul = `${MARK}\u0000x`;
        const attempts: [string, string, unknown, string?][] = [
          ['POST', '/api/register', { ...newUser(), name: nul }],
          ['POST', '/api/login', { username: nul, password: 'correct horse' }],
          [
            'POST',
            '/api/contact',
            { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: nul },
          ],
          ['POST', '/api/portfolios', { name: nul, content: {} }, owner.token],
          ['PATCH', `/api/portfolios/${id}`, { name: nul }, owner.token],
          ['POST', '/api/portfolios/check-name', { name: nul }, owner.token],
          [
            'POST',
            '/api/parse-resume',
            { filename: `${nul}.pdf`, fileContent: Buffer.from('%PDF-1.4').toString('base64') },
            owner.token,
          ],
          ['POST', '/api/paypal/complete-order', { orderId: nul }, owner.token],
        ];
        for (const [method, target, body, token] of attempts) {
          const answer = await send(server, method, target, body ? json(body) : undefined, token);
          expect(answer.status, `${method} ${target}: ${answer.text.slice(0, 400)}`).toBe(400);
          expect(JSON.parse(bodyOf(answer)).message, `${method} ${target}`).toBe(
            UNSTORABLE_TEXT_MESSAGE,
          );
        }
        // A published site's contact form (form-encoded, as a browser posts it).
        const form = `name=Ada&email=ada%40example.com&subject=Hi&message=${MARK}%00x`;
        const siteAnswer = await rawRequest(
          port(server),
          rawHttp(
            `POST /s/${site.label}/contact HTTP/1.1`,
            [
              `Host: 127.0.0.1:${port(server)}`,
              'Connection: close',
              'Content-Type: application/x-www-form-urlencoded',
              `Content-Length: ${form.length}`,
            ],
            form,
          ),
          { idleMs: 15_000 },
        );
        expect(siteAnswer.status, siteAnswer.text.slice(0, 400)).toBe(400);
        expect(server.output()).not.toContain(MARK);
        expect(server.output()).not.toMatch(/\$argon2/);
      },
    );

    it.skipIf(!run)(
      'a fuzz of every route and field with NUL, lone surrogates, overlong UTF-8 and controls never answers 5xx',
      async () => {
        const owner = await registerOver(server);
        const created = await apiCall(
          server.baseURL,
          'POST',
          '/api/portfolios',
          { name: 'Fuzzed', content: {} },
          owner.token,
        );
        const id = String(created.body.id);
        // Routes that end the session or the account are sent a fresh session each time.
        let token = owner.token;
        const fresh = async () => {
          const res = await apiCall(server.baseURL, 'POST', '/api/login', {
            username: owner.username,
            password: owner.password,
          });
          token = res.body.token as string;
        };
        const failures: string[] = [];
        let sent = 0;
        const api = routes.filter((r) => isApiRoute(r.url) && r.url !== '/api/upload');
        expect(api.length).toBeGreaterThan(30);
        for (const route of api) {
          const hasBody = !['GET', 'DELETE'].includes(route.method) || route.body !== undefined;
          const base = plausibleBody(route.body);
          const bodyFields = route.body ? Object.keys(base).concat(fieldsOf(route.body)) : [];
          const queryFields = fieldsOf(route.querystring);
          const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
          const cases: { target: string; body?: Buffer; what: string }[] = [];
          const path = (hostile?: { name: string; value: string }) =>
            route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
              hostile && hostile.name === name ? hostile.value : id,
            );
          for (const variant of variants) {
            const encoded = variant.text
              ? encodeURIComponent(variant.text.toWellFormed()).replace('%EF%BF%BD', '%ED%A0%80')
              : [...variant.bytes!].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
            for (const field of new Set(bodyFields)) {
              cases.push({
                target: path(),
                body: withVariant(base, field, variant),
                what: `${field}=${variant.name}`,
              });
            }
            for (const field of queryFields) {
              cases.push({
                target: `${path()}?${field}=${encoded}`,
                body: hasBody ? json(base) : undefined,
                what: `?${field}=${variant.name}`,
              });
            }
            for (const name of paramNames) {
              cases.push({
                target: path({ name, value: encoded }),
                body: hasBody ? json(base) : undefined,
                what: `:${name}=${variant.name}`,
              });
            }
          }
          for (const c of cases) {
            if (route.method === 'DELETE' || route.url === '/api/logout') await fresh();
            const answer = await send(server, route.method, c.target, c.body, token);
            sent += 1;
            if (answer.status >= 500 || answer.status === 0) {
              failures.push(
                `${route.method} ${route.url} ${c.what} → ${answer.text.slice(0, 200)}`,
              );
            }
            if (answer.status === 401) await fresh();
          }
        }
        expect(failures).toEqual([]);
        expect(sent).toBeGreaterThan(300);
        // Request lines name the URL (paths and query strings carried the marker); nothing else may.
        const logged = server
          .output()
          .split('\n')
          .filter((line) => !line.includes('"msg":"incoming request"'));
        expect(logged.filter((line) => line.includes(MARK))).toEqual([]);
      },
      600_000,
    );
  },
);

/** Field names of an object schema. */
function fieldsOf(schema: ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

describe.skipIf(!postgresAnswers)('a database failure on PostgreSQL logs no values', () => {
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;

  beforeAll(async () => {
    database = await throwawayDatabase('folio_logs');
    server = await startServer({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    // The forced failure: every insert of a user or a contact message fails in the database.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`
      create function folio_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'forced failure for a test'; end $$;
      create trigger refuse_users before insert on users
        for each row execute function folio_test_refuse();
      create trigger refuse_messages before insert on contact_messages
        for each row execute function folio_test_refuse();`);
    await client.end();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('a failed insert answers 500 and prints neither the password hash, the address nor the message', async () => {
    const user = newUser({ name: `Name${MARK}` });
    const registered = await apiCall(server.baseURL, 'POST', '/api/register', user);
    expect(registered.status).toBe(500);
    const sent = await apiCall(server.baseURL, 'POST', '/api/contact', {
      name: 'Visitor',
      email: `visitor${MARK}@example.com`.toLowerCase(),
      subject: 'Hello',
      message: `Private message ${MARK}`,
    });
    expect(sent.status).toBe(500);
    const log = server.output();
    // The failures were logged, so the absence of values below is not the absence of a log.
    expect(log).toContain('forced failure for a test');
    expect(log).not.toContain(MARK);
    expect(log.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(log).not.toContain(user.email);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain('params:');
  });
});
