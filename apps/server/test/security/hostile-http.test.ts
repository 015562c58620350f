import zlib from 'node:zlib';
import { defaultContent } from '@folio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { rawHttp, rawRequest, type RawAnswer } from '../../../../scripts/lib/raw-http.ts';
import {
  isAlive,
  listeningWorkersOf,
  portOf,
  startServer,
  until,
  workersOf,
  type ServerProcess,
} from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser, testDatabaseUrl } from '../helpers.ts';
import { fieldNames, listRoutes, type RouteEntry } from './route-table.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

/*
 * A hostile-HTTP suite: raw bytes on TCP sockets (no client library, no `inject`) sent to real
 * server processes, the way an outsider sends them, for every route of the route table and for
 * published sites' hosts: malformed escapes, bad Host headers, absolute-URI request lines, huge
 * headers, junk and mismatched bodies, bad methods, HTTP/1.0 without Host, header injection.
 * Every attempt is answered below 500 (a close with no answer is accepted only for CONNECT, and
 * for a head or body past a limit, see Attack.mayClose), no field of the attacker's making comes
 * back, and after each batch the server answers /healthz, its processes are the same ones and
 * its log holds no error. On one PGlite server and, when PostgreSQL answers, side by side on a
 * WORKERS=2 supervisor on PostgreSQL (first pass only: the second pass would repeat it).
 */

const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));

/** Requests in flight at once against one server. */
const CONCURRENCY = 8;

type Where = 'app host' | 'site host';

interface Attack {
  /** The attack class (one batch). */
  kind: string;
  where: Where;
  /** What is tried, for failure messages. */
  label: string;
  request: Buffer;
  /**
   * Why a close with no answer is acceptable, for the few requests where it is: CONNECT (Node
   * has no tunnel to offer), and a head or body past a limit, which Node or Fastify refuse with
   * 431 or 413 without reading the rest, so the connection may be reset before the answer is read.
   */
  mayClose?: string;
  halfClose?: boolean;
}

/** A server under attack and what was made on it. */
interface Target {
  server: ServerProcess;
  port: number;
  /** The app's own host, as clients name it. */
  appHost: string;
  /** A published site's label, its page cached by every answering process. */
  label: string;
  /** A session of the site's owner, and of two users whose sessions/accounts may end. */
  token: string;
  logoutToken: string;
  deleteToken: string;
  /** A portfolio of the owner (not the published one) for `:id`. */
  portfolioId: number;
  /** The server's process ids (the supervisor's workers with WORKERS=2). */
  pids: () => number[];
}

/** Registers a user on the running server; its session token. */
async function registered(server: ServerProcess): Promise<string> {
  const answer = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
  if (answer.status !== 201) throw new Error(`register: ${answer.status}`);
  return answer.body.token as string;
}

/** Users, a published site (cache warmed on every process) and a spare portfolio. */
async function prepare(server: ServerProcess, pids: () => number[]): Promise<Target> {
  const [token, logoutToken, deleteToken] = await Promise.all([
    registered(server),
    registered(server),
    registered(server),
  ]);
  const content = defaultContent({ contact: { name: 'Ada Hostile' }, summary: 'Sturdy.' });
  const call = (method: string, path: string, body?: unknown) =>
    apiCall(server.baseURL, method, path, body, token);
  const site = await call('POST', '/api/portfolios', { name: 'Ada Hostile', content });
  const spare = await call('POST', '/api/portfolios', { name: 'Spare', content });
  const siteId = site.body.id as number;
  expect((await call('POST', `/api/publish/${siteId}`, {})).status).toBe(202);
  await until(
    async () => (await call('GET', `/api/portfolios/${siteId}/site`)).body.status === 'live',
    'the site to go live',
    90_000,
  );
  const label = (await call('GET', `/api/portfolios/${siteId}/site`)).body.label as string;
  const port = portOf(server);
  // Every process caches the page on its first visit: several visits reach each worker.
  for (let i = 0; i < 6; i++) {
    const page = await rawRequest(
      port,
      rawHttp('GET / HTTP/1.1', [`Host: ${label}.folio.localhost`, 'Connection: close']),
    );
    expect(page.status).toBe(200);
  }
  return {
    server,
    port,
    appHost: `localhost:${port}`,
    label,
    token,
    logoutToken,
    deleteToken,
    portfolioId: spare.body.id as number,
    pids,
  };
}

// ---------------------------------------------------------------------------------------------
// The attacks.

/** A request line and fields, Connection: close added, nothing else tidied. */
function req(
  method: string,
  target: string,
  fields: string[],
  body: string | Buffer = '',
  version = 'HTTP/1.1',
): Buffer {
  return rawHttp(`${method} ${target} ${version}`, [...fields, 'Connection: close'], body);
}

const lengthOf = (body: string | Buffer) => `Content-Length: ${Buffer.byteLength(body)}`;

/** JSON nested `depth` levels deep: arrays in objects in arrays. */
function nested(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 'a');
const tenMegabytesChunked = Buffer.concat([
  Buffer.from(`${tenMegabytes.length.toString(16)}\r\n`),
  tenMegabytes,
  Buffer.from('\r\n0\r\n\r\n'),
]);
// Deeper than any recursive walk's call stack (about 10,000 frames), yet 240 KB: below the
// smallest route body limit (the PayPal webhook's 256 KB), so every route reads it whole and
// must answer; a larger body may be refused before it is read (a reset, not an answer).
const deeplyNested = nested(30_000);
const gzipBomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, '{'));

/** Malformed percent-escapes (and escapes of characters with a meaning) in a path segment. */
const badEscapes = ['%', '%E0', '%ZZ', '%C0%AF', '%00', '%E0%A4%A', '%uD800', '%%32%65', '%0d%0a'];

/** A concrete path for a route of the table. */
function concrete(route: RouteEntry, t: Target): string {
  return route.url
    .replace(/:id\b/g, route.url.startsWith('/api/templates') ? 'classic' : String(t.portfolioId))
    .replace(/:file\b/g, 'x.png')
    .replace(/:[A-Za-z_]+/g, '1')
    .replace(/\*$/, 'index.html');
}

/** The Authorization field a route gets (sessions that may end get their own users). */
function authFor(route: RouteEntry, t: Target): string[] {
  if (route.access !== 'user') return [];
  if (route.url === '/api/logout') return [`Authorization: Bearer ${t.logoutToken}`];
  if (route.url === '/api/account') return [`Authorization: Bearer ${t.deleteToken}`];
  return [`Authorization: Bearer ${t.token}`];
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Host field values no client should send. */
function badHosts(port: number, siteHost: string): { label: string; fields: string[] }[] {
  return [
    { label: 'empty Host', fields: ['Host: '] },
    { label: 'Host with spaces', fields: ['Host: local host'] },
    { label: 'Host with a space before the port', fields: [`Host: localhost :${port}`] },
    { label: 'unicode Host', fields: ['Host: exämple.ü.folio.localhost'] },
    { label: 'unicode site Host', fields: [`Host: ${siteHost.replace('.', 'ö.')}`] },
    { label: '1000-character Host', fields: [`Host: ${'a'.repeat(1000)}`] },
    { label: '1000-character site Host', fields: [`Host: ${'a'.repeat(1000)}.folio.localhost`] },
    { label: 'Host port 99999', fields: ['Host: localhost:99999'] },
    { label: 'site Host port 99999', fields: [`Host: ${siteHost}:99999`] },
    { label: 'Host port not a number', fields: [`Host: ${siteHost}:abc`] },
    { label: 'IPv6 Host', fields: ['Host: [::1]'] },
    { label: 'IPv6 Host with port', fields: [`Host: [::1]:${port}`] },
    { label: 'unclosed IPv6 Host', fields: ['Host: [::1'] },
    { label: 'bogus IPv6 Host', fields: ['Host: [zz::g]:x'] },
    { label: 'IPv6 zone Host', fields: ['Host: [fe80::1%25eth0]'] },
    { label: 'port-only Host', fields: [':80'].map((h) => `Host: ${h}`) },
    { label: 'dots Host', fields: ['Host: ..'] },
    { label: 'trailing-dot site Host', fields: [`Host: ${siteHost}.`] },
    { label: 'empty-label site Host', fields: ['Host: .folio.localhost'] },
    { label: 'missing Host (HTTP/1.1)', fields: [] },
    { label: 'two Hosts', fields: [`Host: localhost:${port}`, 'Host: evil.example'] },
    { label: 'two Hosts, site first', fields: [`Host: ${siteHost}`, `Host: localhost:${port}`] },
    { label: 'Host with a path', fields: [`Host: ${siteHost}/x`] },
    { label: 'Host with userinfo', fields: [`Host: user@${siteHost}`] },
  ];
}

/** Header fields that try to inject or to break field parsing. */
const injections: { label: string; fields: string[] }[] = [
  { label: 'bare CR in a value', fields: ['X-Test: a\rX-Injected: yes'] },
  { label: 'bare LF in a value', fields: ['X-Test: a\nX-Injected: yes'] },
  { label: 'NUL in a value', fields: ['X-Test: a\u0000b'] },
  { label: 'folded line', fields: ['X-Test: a', ' X-Injected: folded'] },
  { label: 'space in a field name', fields: ['Bad Name: x'] },
  { label: 'no colon', fields: ['X-Injected'] },
  { label: 'encoded CRLF in Referer', fields: ['Referer: http://a/%0d%0aX-Injected:%20yes'] },
  { label: 'bad Referer', fields: ['Referer: http://['] },
  { label: 'huge Authorization', fields: [`Authorization: Bearer ${'a'.repeat(8000)}`] },
  { label: 'junk Authorization', fields: ['Authorization: Bearer \u00ff\u00fe.%E0.x'] },
  { label: 'scheme-only Authorization', fields: ['Authorization: Bearer'] },
  { label: 'junk Cookie', fields: ['Cookie: =;;; a=%E0; b="'] },
  { label: 'junk Accept-Encoding', fields: ['Accept-Encoding: br;q=x, *;q=-1, gzip;q=1e999'] },
  { label: 'junk If-None-Match', fields: ['If-None-Match: ,,,"', 'If-Modified-Since: never'] },
  { label: 'junk Accept', fields: [`Accept: ${'text/html;q=0.'.repeat(200)}`] },
  { label: 'junk X-Forwarded-*', fields: ['X-Forwarded-Host: [', 'X-Forwarded-For: ::::,%E0'] },
  { label: 'junk Range', fields: ['Range: bytes=99999999999999999999-1'] },
  { label: 'Expect junk', fields: ['Expect: 200-ok'] },
  { label: 'Upgrade request', fields: ['Upgrade: websocket, h2c', 'Sec-WebSocket-Key: %E0'] },
];

/** Bodies that do not match what a JSON route reads. */
function junkBodies(
  route: RouteEntry,
): { label: string; fields: string[]; body: string | Buffer }[] {
  const json = 'Content-Type: application/json';
  const fields = fieldNames(route.body);
  const deepField = fields[0] ?? 'a';
  const withLength = (label: string, type: string, body: string | Buffer) => ({
    label,
    fields: [type, lengthOf(body)],
    body,
  });
  return [
    withLength('text/plain body', 'Content-Type: text/plain', 'name=x'),
    withLength('XML body', 'Content-Type: application/xml', '<a><b>&xxe;</b></a>'),
    withLength('form body', 'Content-Type: application/x-www-form-urlencoded', 'a=%E0&b'),
    withLength('multipart without boundary', 'Content-Type: multipart/form-data', '--x\r\n'),
    withLength(
      'multipart junk',
      'Content-Type: multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    ),
    withLength('bad content-type', 'Content-Type: ;;;/', '{}'),
    withLength('truncated JSON', json, '{"name":'),
    withLength('JSON null', json, 'null'),
    withLength('JSON array', json, '[]'),
    withLength('JSON string', json, '"x"'),
    withLength('JSON 1e999', json, '1e999'),
    withLength('JSON with prototype keys', json, '{"__proto__":{"x":1},"constructor":{}}'),
    withLength('JSON in UTF-16', `${json}; charset=utf-16`, '{}'),
    withLength('invalid UTF-8 in JSON', json, Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x7d])),
    withLength('JSON nested 30000 deep', json, deeplyNested),
    withLength(`JSON nested 3000 deep in ${deepField}`, json, `{"${deepField}":${nested(3000)}}`),
    withLength('empty JSON body', json, ''),
    withLength('gzip junk', `${json}\r\nContent-Encoding: gzip`, 'not gzip'),
    withLength('unknown Content-Encoding', `${json}\r\nContent-Encoding: zstd, x`, '{}'),
    withLength('gzip bomb (64 MB inflated)', `${json}\r\nContent-Encoding: gzip`, gzipBomb),
    {
      label: 'Content-Length shorter than the body',
      fields: [json, 'Content-Length: 3'],
      body: '{"name":"x"} GARBAGE / HTTP/1.1\r\n\r\n',
    },
    { label: 'negative Content-Length', fields: [json, 'Content-Length: -1'], body: '{}' },
    {
      label: 'two Content-Lengths',
      fields: [json, 'Content-Length: 2', 'Content-Length: 5'],
      body: '{}',
    },
    {
      label: 'Content-Length and chunked',
      fields: [json, 'Content-Length: 2', 'Transfer-Encoding: chunked'],
      body: '2\r\n{}\r\n0\r\n\r\n',
    },
    {
      label: 'chunked garbage',
      fields: [json, 'Transfer-Encoding: chunked'],
      body: 'zz\r\nabc\r\n0\r\n\r\n',
    },
    {
      label: 'chunk size overflow',
      fields: [json, 'Transfer-Encoding: chunked'],
      body: 'ffffffffffffffffffff\r\nabc\r\n',
    },
    {
      label: 'chunked JSON, truncated',
      fields: [json, 'Transfer-Encoding: chunked'],
      body: '8\r\n{"name":\r\n0\r\n\r\n',
    },
    {
      label: 'unknown Transfer-Encoding',
      fields: [json, 'Transfer-Encoding: gzip, x'],
      body: '{}',
    },
  ];
}

/**
 * Why Node may close the connection on a request with this method, with no answer: CONNECT asks
 * for a tunnel, and a Node server without a 'connect' listener closes such connections.
 */
function methodMayClose(method: string): string | undefined {
  return method === 'CONNECT' ? 'CONNECT: Node closes the connection (no tunnel here)' : undefined;
}

/** The attacks on one route of the table, on the app host. */
function routeAttacks(route: RouteEntry, t: Target): Attack[] {
  const path = concrete(route, t);
  const host = `Host: ${t.appHost}`;
  const auth = authFor(route, t);
  const m = route.method;
  const out: Attack[] = [];
  const add = (kind: string, label: string, request: Buffer, extra: Partial<Attack> = {}) =>
    out.push({ kind, where: 'app host', label: `${m} ${route.url}: ${label}`, request, ...extra });
  /** The route's own method, with an empty JSON object when it takes a body. */
  const bodyless = (target: string, fields: string[] = [host, ...auth], version = 'HTTP/1.1') =>
    hasBody(m)
      ? req(
          m,
          target,
          [...fields, 'Content-Type: application/json', 'Content-Length: 2'],
          '{}',
          version,
        )
      : req(m, target, fields, '', version);

  // Malformed escapes: in the path (after it, in place of a parameter, in a segment) and query.
  const segments = path.split('/');
  for (const e of badEscapes) {
    add('malformed escapes', `path ${path}${e}`, bodyless(`${path}${e}`));
    add(
      'malformed escapes',
      `segment ${e}`,
      bodyless([...segments.slice(0, -1), `${e}${segments.at(-1)}`].join('/')),
    );
    if (route.url.includes(':')) {
      add('malformed escapes', `parameter ${e}`, bodyless(route.url.replace(/:[A-Za-z_]+/g, e)));
    }
  }
  const queryFields = [...fieldNames(route.querystring), '%E0', 'a[b]'];
  add('malformed escapes', 'query', bodyless(`${path}?%E0=%ZZ&%=%&x=%C0%AF&&=&${'%'.repeat(50)}`));
  for (const f of queryFields) {
    for (const e of ['%', '%E0', '%00', '%uD800'])
      add('malformed escapes', `query ${f}=${e}`, bodyless(`${path}?${f}=${e}`));
    add('malformed escapes', `query ${f} repeated`, bodyless(`${path}?${f}=1&${f}=2&${f}[]=3`));
  }

  // Bad Host fields.
  for (const bad of badHosts(t.port, `${t.label}.folio.localhost`)) {
    add('bad Host headers', bad.label, bodyless(path, [...bad.fields, ...auth]));
  }

  // Absolute-URI and other request-target forms.
  for (const target of [
    `http://evil.example${path}`,
    `http://${t.appHost}${path}`,
    `https://${t.label}.folio.localhost${path}`,
    `http://user:pass@evil.example:99999${path}?%E0`,
    `//evil.example${path}`,
    `*`,
    `evil.example:443`,
    `${path}#fragment`,
    `/..${path}`,
    `/.%2e${path}`,
  ]) {
    add('absolute-URI request lines', target, bodyless(target));
  }

  // Huge headers: past Node's 16 KB limit, and many fields.
  const huge = 'Node refuses a head past 16 KB with 431 and may reset before it is read';
  add(
    'huge headers',
    'one 20 KB field',
    bodyless(path, [host, ...auth, `X-Big: ${'a'.repeat(20_000)}`]),
    { mayClose: huge },
  );
  add(
    'huge headers',
    '300 fields of 64 bytes',
    bodyless(path, [
      host,
      ...auth,
      ...Array.from({ length: 300 }, (_, i) => `X-F${i}: ${'b'.repeat(58)}`),
    ]),
    { mayClose: huge },
  );
  add(
    'huge headers',
    '1900 small fields',
    bodyless(path, [host, ...auth, ...Array.from({ length: 1900 }, (_, i) => `X${i}: 1`)]),
  );
  add(
    'huge headers',
    '3000 tiny fields',
    bodyless(path, [host, ...auth, ...Array.from({ length: 3000 }, () => 'X: 1')]),
    { mayClose: huge },
  );
  add('huge headers', '20 KB URL', bodyless(`${path}?q=${'a'.repeat(20_000)}`), { mayClose: huge });
  add('huge headers', '8 KB URL', bodyless(`${path}?q=${'%E0'.repeat(2700)}`));

  // Junk and mismatched bodies, to every route with its own method (another method finds no
  // route and reads nothing). Fastify reads no GET body: the costly ones go to body routes only.
  for (const junk of junkBodies(route)) {
    if (!hasBody(m) && /nested|bomb/.test(junk.label)) continue;
    add(
      'junk and mismatched bodies',
      junk.label,
      req(m, path, [host, ...auth, ...junk.fields], junk.body),
    );
  }
  add(
    'junk and mismatched bodies',
    'Content-Length longer than the body, then the client stops',
    req(m, path, [host, ...auth, 'Content-Type: application/json', 'Content-Length: 100'], '{"a":'),
    { halfClose: true },
  );
  if (hasBody(m)) {
    add(
      '10 MB bodies',
      '10 MB JSON',
      req(
        m,
        path,
        [host, ...auth, 'Content-Type: application/json', lengthOf(tenMegabytes)],
        tenMegabytes,
      ),
      { mayClose: 'the server stops reading a body past its limit' },
    );
    add(
      '10 MB bodies',
      '10 MB chunked',
      req(
        m,
        path,
        [host, ...auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
        tenMegabytesChunked,
      ),
      { mayClose: 'the server stops reading a body past its limit' },
    );
  }

  // Bad methods.
  for (const method of [
    'FOO',
    'PROPFIND',
    'TRACE',
    'M-SEARCH',
    'PURGE',
    'CONNECT',
    'get',
    'G\u00c9T',
    'A'.repeat(1000),
    '',
  ]) {
    add('bad methods', method.slice(0, 20) || '(none)', req(method, path, [host, ...auth]), {
      mayClose: methodMayClose(method),
    });
  }
  add(
    'bad methods',
    `${m} with HTTP/1.1 in lower case`,
    req(m, path, [host, ...auth], '', 'http/1.1'),
  );

  // HTTP/1.0 (no Host), HTTP/0.9 and other versions.
  add('HTTP/1.0 without Host', 'HTTP/1.0', bodyless(path, auth, 'HTTP/1.0'));
  add(
    'HTTP/1.0 without Host',
    'HTTP/1.0, nothing else',
    Buffer.from(`${m} ${path} HTTP/1.0\r\n\r\n`),
  );
  add('HTTP/1.0 without Host', 'HTTP/0.9', Buffer.from(`${m} ${path}\r\n\r\n`));
  add('HTTP/1.0 without Host', 'HTTP/2.0 line', req(m, path, [host, ...auth], '', 'HTTP/2.0'));
  add('HTTP/1.0 without Host', 'HTTP/9.9 line', req(m, path, [host, ...auth], '', 'HTTP/9.9'));

  // Header injection.
  for (const inj of injections) {
    add('header injection', inj.label, bodyless(path, [host, ...auth, ...inj.fields]));
  }
  add('header injection', 'encoded CRLF in the path', bodyless(`${path}%0d%0aX-Injected:%20yes`));
  add(
    'header injection',
    'encoded CRLF in the query',
    bodyless(`${path}?q=%0d%0aX-Injected:%20yes&next=%0d%0aLocation:%20http://evil.example`),
  );
  return out;
}

/** Attacks on a published site's addresses: its host, and the path form on the app host. */
function siteAttacks(t: Target): Attack[] {
  const siteHost = `${t.label}.folio.localhost`;
  const out: Attack[] = [];
  const forms = [
    { host: siteHost, base: '' },
    { host: siteHost.toUpperCase(), base: '' },
    { host: t.appHost, base: `/s/${t.label}` },
  ];
  const add = (kind: string, label: string, request: Buffer, extra: Partial<Attack> = {}) =>
    out.push({ kind, where: 'site host', label, request, ...extra });
  for (const { host, base } of forms) {
    const h = `Host: ${host}`;
    const at = (label: string) => `${host}${base}: ${label}`;
    const paths = ['/', '/index.html', '/robots.txt', '/contact', '/nope'].map(
      (p) => `${base}${p}`,
    );
    for (const p of paths) {
      for (const e of badEscapes) {
        add('malformed escapes', at(`${p}${e}`), req('GET', `${p}${e}`, [h]));
        add('malformed escapes', at(`HEAD ${p}${e}`), req('HEAD', `${p}${e}`, [h]));
        add('malformed escapes', at(`${p}?${e}`), req('GET', `${p}?${e}=${e}`, [h]));
      }
      add(
        'malformed escapes',
        at(`${p} %E0 segment`),
        req('GET', `${base}/%E0${p.slice(base.length)}`, [h]),
      );
      for (const bad of badHosts(t.port, siteHost)) {
        add('bad Host headers', at(`${p} ${bad.label}`), req('GET', p, bad.fields));
      }
      for (const target of [
        `http://${siteHost}${p}`,
        `http://evil.example${p}`,
        `//${siteHost}${p}`,
      ]) {
        add('absolute-URI request lines', at(target), req('GET', target, [h]));
        add(
          'absolute-URI request lines',
          at(`${target}, Host evil`),
          req('GET', target, ['Host: evil.example']),
        );
      }
      for (const inj of injections) {
        add('header injection', at(`${p} ${inj.label}`), req('GET', p, [h, ...inj.fields]));
      }
      add(
        'header injection',
        at(`${p} encoded CRLF`),
        req('GET', `${p}%0d%0aX-Injected:%20yes?r=%0d%0aX-Injected:%20yes`, [h]),
      );
      for (const method of [
        'FOO',
        'PUT',
        'DELETE',
        'PATCH',
        'OPTIONS',
        'TRACE',
        'CONNECT',
        'get',
      ]) {
        add('bad methods', at(`${method} ${p}`), req(method, p, [h]), {
          mayClose: methodMayClose(method),
        });
      }
      add('HTTP/1.0 without Host', at(`${p} HTTP/1.0`), Buffer.from(`GET ${p} HTTP/1.0\r\n\r\n`));
      add(
        'HTTP/1.0 without Host',
        at(`${p} HTTP/1.0 with Host`),
        Buffer.from(`GET ${p} HTTP/1.0\r\n${h}\r\n\r\n`),
      );
      add(
        'huge headers',
        at(`${p} 20 KB field`),
        req('GET', p, [h, `X-Big: ${'a'.repeat(20_000)}`]),
        { mayClose: 'Node refuses a head past 16 KB with 431' },
      );
      add(
        'huge headers',
        at(`${p} 20 KB Referer`),
        req('GET', p, [h, `Referer: http://${'a'.repeat(20_000)}`]),
        { mayClose: 'Node refuses a head past 16 KB with 431' },
      );
      add(
        'huge headers',
        at(`${p} 10 KB Referer and User-Agent`),
        req('GET', p, [
          h,
          `Referer: http://${'a'.repeat(5000)}.x/`,
          `User-Agent: ${'Mozilla/5.0 '.repeat(400)}`,
        ]),
      );
      add(
        'huge headers',
        at(`${p} 1900 fields`),
        req('GET', p, [h, ...Array.from({ length: 1900 }, (_, i) => `X${i}: 1`)]),
      );
    }
    // The contact form: junk and mismatched bodies, and oversized ones.
    const contact = `${base}/contact`;
    for (const junk of junkBodies({ method: 'POST', url: contact, access: 'public' })) {
      add(
        'junk and mismatched bodies',
        at(`contact ${junk.label}`),
        req('POST', contact, [h, ...junk.fields], junk.body),
      );
      add(
        'junk and mismatched bodies',
        at(`home page ${junk.label}`),
        req('POST', `${base}/`, [h, ...junk.fields], junk.body),
      );
    }
    const form = 'Content-Type: application/x-www-form-urlencoded';
    add(
      'junk and mismatched bodies',
      at('contact form, bad escapes'),
      req(
        'POST',
        contact,
        [h, form, lengthOf('name=%E0&email=%&message=%ZZ')],
        'name=%E0&email=%&message=%ZZ',
      ),
    );
    add(
      'junk and mismatched bodies',
      at('contact, body cut off'),
      req('POST', contact, [h, form, 'Content-Length: 500'], 'name=a'),
      { halfClose: true },
    );
    add(
      '10 MB bodies',
      at('contact 10 MB'),
      req('POST', contact, [h, form, lengthOf(tenMegabytes)], tenMegabytes),
      { mayClose: 'the server stops reading a body past its limit' },
    );
    add(
      '10 MB bodies',
      at('contact 10 MB chunked'),
      req('POST', contact, [h, form, 'Transfer-Encoding: chunked'], tenMegabytesChunked),
      { mayClose: 'the server stops reading a body past its limit' },
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running a batch and judging it.

interface Outcome {
  attack: Attack;
  answer: RawAnswer;
  problem: string | null;
}

/**
 * Whether the request line is absolute-form naming evil.example itself: Fastify routes on the
 * path but keeps the absolute URL as request.url, so a redirect built from it (the API docs'
 * `/api/docs/static/index.html` → `http://evil.example/api/docs/`) sends the client to the origin
 * it named. Browsers send absolute-form only to proxies, so nobody else gets that redirect.
 */
function namesEvilOrigin(attack: Attack): boolean {
  const line = attack.request.toString('latin1', 0, 200).split('\r\n')[0] ?? '';
  return /^\S+ (https?:)?\/\/([^/@]*@)?evil\.example[:/]/.test(line);
}

function judge(attack: Attack, answer: RawAnswer): string | null {
  if (answer.status >= 500)
    return `answered ${answer.text.split('\r\n')[0]} ${answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4, answer.text.indexOf('\r\n\r\n') + 200)}`;
  if (
    // A field of the attacker's making, or a redirect to another site (not an escaped query)
    // that the request line did not itself name (see "absolute-URI request lines" below).
    'x-injected' in answer.headers ||
    (/^(https?:)?\/\/evil/.test(answer.headers.location ?? '') && !namesEvilOrigin(attack))
  ) {
    return `an injected field came back: ${JSON.stringify(answer.headers)}`;
  }
  if (answer.status === 0) {
    if (answer.end === 'idle') return 'no answer and the connection left open (the server hangs)';
    if (!attack.mayClose) return `connection ${answer.end} with no answer`;
  }
  return null;
}

async function runBatch(t: Target, attacks: Attack[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < attacks.length) {
      const attack = attacks[next++]!;
      const answer = await rawRequest(t.port, attack.request, {
        idleMs: 15_000,
        halfClose: attack.halfClose,
      });
      outcomes.push({ attack, answer, problem: judge(attack, answer) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

/**
 * Errors the server logged while serving requests (pino levels error and fatal; the request by
 * its id, and its URL when the log has it), and any sign of an uncaught exception or a process
 * that ended. The servers log at warn level, as in production with a quiet log: at info level,
 * logging each request reads the client's address early, which hides one failure (see below).
 */
function errorLines(log: string): string[] {
  const urls = new Map<string, string>();
  const found: string[] = [];
  for (const line of log.split('\n')) {
    if (/uncaught|unhandled rejection|exited \(/i.test(line)) found.push(line.slice(0, 600));
    if (!line.startsWith('{')) continue;
    let entry: {
      level?: number;
      reqId?: string;
      req?: { method?: string; url?: string };
      msg?: string;
      err?: { stack?: string };
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.reqId && entry.req?.url)
      urls.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    // Errors of requests only: a periodic job's error is no answer to an attacker.
    if ((entry.level ?? 0) >= 50 && (entry.reqId || /before routing/.test(entry.msg ?? ''))) {
      // Where it failed: the message and the first frames of the stack.
      const where = (entry.err?.stack ?? '').split('\n').slice(0, 3).join(' | ');
      found.push(
        `${urls.get(entry.reqId ?? '') ?? entry.reqId ?? ''} ${entry.msg}: ${where}`.slice(0, 600),
      );
    }
  }
  return found;
}

const kinds = [
  'malformed escapes',
  'bad Host headers',
  'absolute-URI request lines',
  'huge headers',
  'junk and mismatched bodies',
  '10 MB bodies',
  'bad methods',
  'HTTP/1.0 without Host',
  'header injection',
] as const;

/** Results per attack class, where and server, for the summary printed at the end. */
const summary: string[] = [];

/** The route table, collected from Fastify itself in a throwaway in-process build, once. */
let table: Promise<RouteEntry[]> | undefined;
function routeTable(): Promise<RouteEntry[]> {
  table ??= listRoutes();
  return table;
}

interface Started {
  name: string;
  server: ServerProcess;
  pids: () => number[];
  cleanup?: () => Promise<void>;
}

/** The real server processes under attack. */
const starters: (() => Promise<Started>)[] = [
  async () => {
    const server = await startServer({
      WEB_DIST: '/nonexistent-web-dist',
      PARSE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    });
    return { name: 'PGlite', server, pids: () => [server.pid] };
  },
];
if (postgresAnswers) {
  starters.push(async () => {
    const db = await throwawayDatabase();
    const server = await startServer({
      DATABASE_URL: db.url,
      WORKERS: '2',
      WEB_DIST: '/nonexistent-web-dist',
      PARSE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    });
    await until(() => listeningWorkersOf(server).length === 2, 'two listening workers', 90_000);
    return {
      name: 'PG WORKERS=2',
      server,
      pids: () => workersOf(server.pid),
      cleanup: () => db.drop(),
    };
  });
}

interface Running extends Target {
  name: string;
  pidsAtStart: number[];
  cleanup?: () => Promise<void>;
}

describe('hostile HTTP on real server processes', () => {
  const running: Running[] = [];
  let routes: RouteEntry[] = [];
  beforeAll(async () => {
    // All at once: the in-process build only lists the routes (every request goes to the real
    // processes), and the servers start and get their users and site side by side.
    const [listed, ...servers] = await Promise.all([
      routeTable(),
      ...starters.map(async (start) => {
        const started = await start();
        const target = await prepare(started.server, started.pids);
        return {
          ...target,
          name: started.name,
          cleanup: started.cleanup,
          pidsAtStart: target.pids(),
        };
      }),
    ]);
    routes = listed;
    running.push(...servers);
  }, 240_000);
  afterAll(async () => {
    await Promise.all(
      running.map(async (r) => {
        await r.server.stop();
        await r.cleanup?.();
      }),
    );
    if (process.env.HOSTILE_SUMMARY) console.log(summary.join('\n'));
  });

  it('attacks every route of the table, on every server', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(running.map((r) => r.name)).toEqual(
      postgresAnswers ? ['PGlite', 'PG WORKERS=2'] : ['PGlite'],
    );
    for (const r of running) expect(r.pidsAtStart).toHaveLength(r.name === 'PGlite' ? 1 : 2);
  });

  // Shown as skipped, with the reason, when the WORKERS=2 PostgreSQL server is not attacked.
  it.skipIf(!postgresAnswers)(
    `WORKERS=2 on PostgreSQL${testDatabaseUrl ? ' (second pass: the first pass tries it)' : ' (skipped when nothing answers on 127.0.0.1:5432)'}`,
    () => {
      expect(running.some((r) => r.name === 'PG WORKERS=2')).toBe(true);
    },
  );

  /** Every attack on `t`, made once. */
  const made = new Map<Target, Attack[]>();
  const attacksOn = (t: Target) => {
    let attacks = made.get(t);
    if (!attacks) {
      // The same bytes twice (e.g. one bad Host on a site's two host forms) are sent once.
      const seen = new Set<string>();
      attacks = [...routes.flatMap((r) => routeAttacks(r, t)), ...siteAttacks(t)].filter((a) => {
        if (a.request.length > 65_536) return true;
        const bytes = a.request.toString('latin1');
        if (seen.has(bytes)) return false;
        seen.add(bytes);
        return true;
      });
      made.set(t, attacks);
    }
    return attacks;
  };

  /** A request on the app host of `t`. */
  const send = (t: Target, line: string, fields: string[], body: string | Buffer = '') =>
    rawRequest(t.port, rawHttp(line, [`Host: ${t.appHost}`, 'Connection: close', ...fields], body));

  // Each hole the batches found, on its own (each answered 5xx or logged an error before).
  it('a NUL byte in the TLS proxy question is refused (400), not sent to the database (500)', async () => {
    for (const t of running) {
      const ask = async (domain: string) =>
        (await send(t, `GET /internal/tls-allowed?domain=${domain} HTTP/1.1`, [])).status;
      expect(await ask('%00'), t.name).toBe(400);
      expect(await ask('x%00.example'), t.name).toBe(400);
      expect(await ask(`${t.label}.folio.localhost`), t.name).toBe(200);
    }
  });

  it('a malformed multipart upload is refused (400) with a message, not a 500', async () => {
    const cases: [string, string][] = [
      ['multipart/form-data', '--x\r\n'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      ],
    ];
    for (const t of running) {
      for (const [type, body] of cases) {
        const answer = await send(
          t,
          'POST /api/upload HTTP/1.1',
          [`Authorization: Bearer ${t.token}`, `Content-Type: ${type}`, lengthOf(body)],
          body,
        );
        expect(answer.status, `${t.name} ${type}`).toBe(400);
        expect(answer.text).toContain('"error":"BAD_REQUEST"');
      }
    }
  });

  it('a chunked body Node refuses mid-request answers 400 and logs no error', async () => {
    for (const t of running) {
      const logBefore = t.server.output().length;
      // Node answers 400 and closes the connection while the request already runs its hooks;
      // the rate limit then read the address of a closed socket (undefined) and threw.
      for (const path of ['/api/login', '/api/register', '/api/contact']) {
        for (const chunks of ['zz\r\nabc\r\n0\r\n\r\n', 'ffffffffffffffffffff\r\nabc\r\n']) {
          const answer = await send(
            t,
            `POST ${path} HTTP/1.1`,
            ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
            chunks,
          );
          expect(answer.status, `${t.name} ${path}`).toBe(400);
        }
      }
      // Those hooks run right after the answer: a request of our own answered after them
      // shows they are done.
      expect((await send(t, 'GET /healthz HTTP/1.1', [])).status).toBe(200);
      expect(errorLines(t.server.output().slice(logBefore)), t.name).toEqual([]);
    }
  });

  for (const kind of kinds) {
    it(`${kind}: every answer below 500, and every server stays up`, async () => {
      const results = await Promise.all(
        running.map(async (t) => {
          const attacks = attacksOn(t).filter((a) => a.kind === kind);
          const logBefore = t.server.output().length;
          const started = Date.now();
          const outcomes = await runBatch(t, attacks);
          const statuses = new Map<string, number>();
          for (const o of outcomes) {
            const key = o.answer.status ? String(o.answer.status) : `closed (${o.attack.mayClose})`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
          const wheres = [...new Set(attacks.map((a) => a.where))].join(' + ');
          summary.push(
            `${t.name} | ${kind} | ${wheres} | ${attacks.length} requests | ${[...statuses].map(([st, n]) => `${st}×${n}`).join(', ')} | ${Date.now() - started} ms`,
          );
          // Still up: /healthz answers, the same processes serve, the log holds no error.
          const health = await send(t, 'GET /healthz HTTP/1.1', []);
          return {
            server: t.name,
            onAppHost: attacks.some((a) => a.where === 'app host'),
            problems: outcomes
              .filter((o) => o.problem)
              .map((o) => `${o.attack.where} ${o.attack.label.slice(0, 160)}: ${o.problem}`),
            logged: errorLines(t.server.output().slice(logBefore)),
            healthz: health.status,
            alive: isAlive(t.server.pid),
            processes: t.pids(),
          };
        }),
      );
      expect(results).toEqual(
        running.map((t) => ({
          server: t.name,
          onAppHost: true,
          problems: [],
          logged: [],
          healthz: 200,
          alive: true,
          processes: t.pidsAtStart,
        })),
      );
    }, 120_000);
  }
});
