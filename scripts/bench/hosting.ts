/**
 * Hosting: requests per second for a published page from our server (host routing, in-memory
 * cache, ETag) against nginx (Debian package) serving the same HTML file, both measured with wrk
 * on loopback in the same run; and the 99th percentile latency of our server at a steady 1,000
 * requests per second (open-loop: latency counts from when each request was due, so a stall is
 * not hidden). Skipped, with a note, when nginx or wrk is not installed
 * (`apt-get install -y nginx wrk`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '../lib/server-process.ts';
import type { BenchRow } from './types.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));
const DURATION_S = 10;
const CONNECTIONS = 50;
const RATE = 1000;
const tempDirs: string[] = [];

function wrk(url: string, host?: string): number {
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${DURATION_S}s`,
    ...(host ? ['-H', `Host: ${host}`] : []),
    url,
  ];
  const out = spawnSync(WRK!, args, { encoding: 'utf8' });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout);
  if (!m) throw new Error(`wrk failed: ${out.stdout}${out.stderr}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out.stdout);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses from ${url}`);
  return Number(m[1]);
}

/** One paced wrk run: each of `connections` waits `delayMs` after every answer. */
function pacedRun(
  url: string,
  host: string,
  connections: number,
  delayMs: number,
  seconds: number,
) {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-wrk-')), 'pace.lua');
  tempDirs.push(path.dirname(script));
  fs.writeFileSync(
    script,
    `wrk.headers["Host"] = "${host}"\nwrk.headers["Accept-Encoding"] = "br"\nfunction delay() return ${delayMs} end\n`,
  );
  const out = spawnSync(
    WRK!,
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url],
    { encoding: 'utf8' },
  );
  const m = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out.stdout);
  const reached = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout);
  if (!m || !reached) throw new Error(`wrk failed: ${out.stdout}${out.stderr}`);
  const scale = m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1;
  return { p99: Number(m[1]) * scale, rate: Number(reached[1]) };
}

/**
 * p99 latency in ms at about `rate` requests per second: wrk with a Lua `delay()` pacing 40
 * connections. Each connection's cycle is its delay plus the answer's latency, so a short first
 * run measures that latency and the delay is set to make the cycles add up to `rate`. Returns the
 * p99 and the rate actually reached.
 */
function p99AtRate(url: string, host: string, rate: number) {
  const connections = 40;
  const nominal = Math.round((1000 * connections) / rate);
  const probe = pacedRun(url, host, connections, nominal, 3);
  const latencyMs = Math.max(0, (1000 * connections) / probe.rate - nominal);
  const delayMs = Math.max(1, Math.round((1000 * connections) / rate - latencyMs));
  return pacedRun(url, host, connections, delayMs, DURATION_S);
}

async function startNginx(root: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-nginx-'));
  tempDirs.push(prefix);
  fs.mkdirSync(path.join(prefix, 'logs'));
  const conf = path.join(prefix, 'nginx.conf');
  // One worker, like our one Node process; static file with ETag, no access log.
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  types { text/html html; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
  }
}
`,
  );
  const child = spawn(NGINX!, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { port, child };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('nginx did not start');
}

export async function hostingBench(): Promise<BenchRow[]> {
  if (!NGINX || !WRK) {
    process.stderr.write(
      `hosting: skipped, ${!NGINX ? 'nginx' : 'wrk'} is not installed (apt-get install -y nginx wrk)\n`,
    );
    return [];
  }
  const server = await startServer({ JOB_POLL_MS: '100', LOG_LEVEL: 'warn' });
  let nginx: ChildProcess | null = null;
  try {
    const { baseURL } = server;
    const id = Date.now().toString(36);
    const reg = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench${id}`,
        email: `bench${id}@example.com`,
        name: 'Bench',
        password: 'secret-pass-1',
      }),
    });
    const { token } = (await reg.json()) as { token: string };
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${baseURL}/api/portfolios`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: `Hosting Bench ${id}`,
        content: {
          name: 'Ada Bench',
          title: 'Staff Engineer',
          about: 'Builds fast, reliable systems and measures them. '.repeat(8),
          experience: Array.from({ length: 6 }, (_, i) => ({
            title: 'Engineer',
            company: `Company ${i}`,
            startDate: '2018',
            endDate: '2020',
            description: 'Led the team that rebuilt the storage layer. '.repeat(4),
          })),
          skills: ['TypeScript', 'PostgreSQL', 'Networking', 'Performance', 'Testing'],
        },
      }),
    });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id: portfolioId } = (await created.json()) as { id: number };
    const published = await fetch(`${baseURL}/api/publish/${portfolioId}`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    if (published.status !== 202) {
      throw new Error(`publish: ${published.status} ${await published.text()}`);
    }
    let label = '';
    for (let i = 0; i < 200 && !label; i++) {
      const site = (await (
        await fetch(`${baseURL}/api/portfolios/${portfolioId}/site`, { headers: auth })
      ).json()) as { status: string; label: string };
      if (site.status === 'live') label = site.label;
      else await new Promise((r) => setTimeout(r, 100));
    }
    if (!label) throw new Error(`the bench portfolio was not published: ${server.output()}`);
    const host = `${label}.folio.localhost`;
    const port = Number(new URL(baseURL).port);
    const html = await (await fetch(`${baseURL}/s/${label}/`)).text();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-nginx-root-'));
    tempDirs.push(root);
    fs.writeFileSync(path.join(root, 'index.html'), html, { mode: 0o644 });
    fs.chmodSync(root, 0o755); // nginx's workers run as an unprivileged user
    const started = await startNginx(root);
    nginx = started.child;

    // Warm both, then measure one after the other (never at the same time).
    wrk(`http://127.0.0.1:${port}/`, host);
    const ours = wrk(`http://127.0.0.1:${port}/`, host);
    wrk(`http://127.0.0.1:${started.port}/`);
    const theirs = wrk(`http://127.0.0.1:${started.port}/`);
    const paced = p99AtRate(`http://127.0.0.1:${port}/`, host, RATE);
    const kb = (Buffer.byteLength(html) / 1024).toFixed(0);
    return [
      {
        section: 'hosting',
        name: `published page (${kb} KiB), ${CONNECTIONS} connections`,
        value: ours,
        unit: 'req/s',
        reference: { name: 'nginx, same file, 1 worker', value: theirs },
        goal: '≥ 0.5× nginx',
        met: ours >= theirs * 0.5,
      },
      {
        section: 'hosting',
        name: `p99 latency at ${paced.rate.toFixed(0)} req/s (brotli)`,
        value: paced.p99,
        unit: 'ms',
        goal: '< 10 ms',
        met: paced.p99 < 10,
      },
    ];
  } finally {
    nginx?.kill();
    await server.stop();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
