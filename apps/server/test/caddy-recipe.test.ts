import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, publishSite } from '../../../scripts/lib/api.ts';
import {
  freePort,
  startServer,
  until,
  type ServerProcess,
} from '../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';
import { testDatabaseUrl } from './helpers.ts';

embeddedDatabaseOnly('its server process runs on PGlite; Caddy in front of it is what it tries');

/*
 * The README's Caddy recipe, run for real: Debian's Caddy (2.6.2) in front of a real Folio
 * process. The Caddyfile is read out of README.md's ```caddyfile block and adapted only by ports
 * and `tls internal` (see `adapt`):
 *   - ports: Folio's port instead of 5000 (upstreams and the on-demand `ask`); global options
 *     http_port / https_port on free ports (no root needed, no clash with a Caddy on 80/443);
 *   - `tls internal` in each site block (Caddy's own local CA instead of Let's Encrypt, which
 *     cannot reach this machine); the on-demand block's `tls {` becomes `tls internal {`.
 * Two more global options keep a test run from touching the machine, each found needed by
 * running Caddy 2.6.2 (see `testOnly`). Caddy's storage (its CA, certificates, locks) is not
 * set in the file: XDG_DATA_HOME points Caddy's default storage at a temporary folder.
 * Host names stay the README's: Folio runs with the APP_URL and SITES_DOMAIN the README names,
 * and the client asks Caddy on 127.0.0.1 with those names as TLS server name and Host.
 * Runs in the first (PGlite) pass only: the PostgreSQL pass would repeat it unchanged.
 */

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

function caddyInstalled() {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
}

const skipReason = testDatabaseUrl
  ? 'runs in the PGlite pass only'
  : !caddyInstalled()
    ? "Caddy is not installed (npm test installs Debian's caddy when run as root: scripts/ensure-test-tools.mjs; else apt-get install caddy)"
    : '';
if (skipReason && !testDatabaseUrl) console.warn(`caddy-recipe.test.ts skipped: ${skipReason}`);

/** The README's Caddyfile and the settings it names for Folio. */
function readmeRecipe() {
  const blocks = [...readme.matchAll(/```caddyfile\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks, 'one ```caddyfile block in README.md').toHaveLength(1);
  const appUrl = /`APP_URL=(https:\/\/[^`]+)`/.exec(readme)?.[1];
  const sitesDomain = /`SITES_DOMAIN=([^`]+)`/.exec(readme)?.[1];
  expect(appUrl, 'README names APP_URL=https://…').toBeTruthy();
  expect(sitesDomain, 'README names SITES_DOMAIN=…').toBeTruthy();
  return { caddyfile: blocks[0]!, appUrl: appUrl!, sitesDomain: sitesDomain! };
}

/**
 * Global options a test run needs besides the ports, and why (observed on Caddy 2.6.2):
 * - `skip_install_trust`: with `tls internal`, Caddy installs its local root CA into the system
 *   trust store at start-up ("installing root certificate (you might be prompted for password)";
 *   as a non-root user it fails writing the system store and logs "failed to install root
 *   certificate"). Tests run as root here and in CI, where it would succeed and change the
 *   machine's trust store: the test trusts nothing and checks certificates itself instead.
 * - `admin off`: otherwise Caddy opens its admin API on localhost:2019, the address every Caddy
 *   on the machine uses (2.6.2 starts a second one there beside the first without an error), so a
 *   `caddy reload` meant for a real Caddy could land on the test's. Nothing in the test uses it;
 *   the test stops Caddy with SIGTERM.
 */
const testOnly = ['\tskip_install_trust', '\tadmin off'];

/** The README's Caddyfile with Folio's port, free HTTP(S) ports and `tls internal`, nothing else. */
function adapt(caddyfile: string, ports: { folio: string; http: number; https: number }) {
  const upstream = '127.0.0.1:5000';
  expect(caddyfile).toContain(upstream);
  expect(caddyfile.startsWith('{\n'), 'the global options block comes first').toBe(true);
  const lines = caddyfile.replaceAll(upstream, `127.0.0.1:${ports.folio}`).split('\n');
  const out: string[] = [];
  let sites = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i === 0) {
      out.push(line, `\thttp_port ${ports.http}`, `\thttps_port ${ports.https}`, ...testOnly);
      continue;
    }
    // A site block opens at the start of a line: `tls internal` goes into it, once.
    if (/^[^\s#{}].* \{$/.test(line)) {
      sites++;
      const end = lines.indexOf('}', i);
      const tlsLine = lines.slice(i + 1, end).findIndex((l) => /^\ttls\b/.test(l));
      if (tlsLine === -1) {
        out.push(line, '\ttls internal');
        continue;
      }
      expect(lines[i + 1 + tlsLine], "a site block's tls options are a block").toBe('\ttls {');
      lines[i + 1 + tlsLine] = '\ttls internal {';
    }
    out.push(line);
  }
  expect(sites, "the app's site block and the on-demand one").toBe(2);
  return out.join('\n');
}

interface TlsAnswer {
  status: number;
  body: string;
  /** The names on the certificate Caddy presented. */
  names: string;
}

/** GET over HTTPS from Caddy on 127.0.0.1, for `host` (TLS server name and Host header). */
function httpsGet(port: number, host: string, urlPath: string): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        servername: host,
        headers: { host },
        rejectUnauthorized: false, // Caddy's local CA is not trusted here, on purpose
        agent: false,
      },
      (res) => {
        const names = (res.socket as tls.TLSSocket).getPeerCertificate().subjectaltname ?? '';
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, names }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** A bare TLS handshake for `servername`: the certificate's names, or the handshake's error. */
function handshake(port: number, servername: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false });
    socket.setTimeout(30_000, () => socket.destroy(new Error('timed out')));
    socket.once('secureConnect', () => {
      const names = socket.getPeerCertificate().subjectaltname ?? '';
      socket.end();
      resolve(names);
    });
    socket.once('error', reject);
  });
}

describe.skipIf(Boolean(skipReason))(
  `the README's Caddyfile on Debian's Caddy${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const recipe = skipReason ? null : readmeRecipe();
    const appHost = recipe ? new URL(recipe.appUrl).hostname : '';
    let server: ServerProcess;
    let caddy: ChildProcess | undefined;
    let caddyOutput = '';
    let httpsPort = 0;
    let dir = '';
    /** Whether Caddy's local CA issued (and stored) a certificate for `host`. */
    const issued = (host: string) =>
      fs.existsSync(path.join(dir, 'data', 'caddy', 'certificates', 'local', host, `${host}.crt`));

    beforeAll(async () => {
      const { caddyfile, appUrl, sitesDomain } = recipe!;
      server = await startServer({
        APP_URL: appUrl,
        SITES_DOMAIN: sitesDomain,
        WEB_DIST: '/nonexistent-web-dist',
      });
      const [httpPort, folioPort] = [await freePort(), new URL(server.baseURL).port];
      httpsPort = await freePort();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-caddy-'));
      const adapted = adapt(caddyfile, { folio: folioPort, http: httpPort, https: httpsPort });
      const file = path.join(dir, 'Caddyfile');
      fs.writeFileSync(file, adapted);

      const child = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
        // Caddy's storage and autosaved config go to the temporary folder, not the user's.
        env: {
          ...process.env,
          HOME: dir,
          XDG_CONFIG_HOME: path.join(dir, 'config'),
          XDG_DATA_HOME: path.join(dir, 'data'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      caddy = child;
      child.stdout?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
      // Ready once the app's certificate (its own site block, obtained at start-up) is served.
      // Caddy's output is read when the wait fails, not before Caddy has printed anything.
      try {
        await until(async () => {
          if (child.exitCode !== null) throw new Error(`Caddy exited (${child.exitCode})`);
          return handshake(httpsPort, appHost).then(
            () => true,
            () => false,
          );
        }, `Caddy to serve ${appHost}`);
      } catch (err) {
        throw new Error(`${(err as Error).message}; Caddy's output:\n${caddyOutput}`, {
          cause: err,
        });
      }
    }, 240_000);

    afterAll(async () => {
      if (caddy && caddy.exitCode === null && caddy.signalCode === null) {
        const exited = new Promise((r) => caddy!.once('exit', r));
        caddy.kill('SIGTERM');
        await exited;
      }
      await server?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('serves a published site over HTTPS by its label, with a certificate for that label', async () => {
      const label = (await publishSite(server.baseURL, 'Ada Caddy')).label;
      const host = `${label}.${recipe!.sitesDomain}`;
      const answer = await httpsGet(httpsPort, host, '/');
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('Ada Caddy');
      expect(answer.names).toContain(`DNS:${host}`);
      expect(issued(host)).toBe(true);
    }, 120_000);

    it('gives no certificate to an unknown label: the TLS handshake fails', async () => {
      const host = `no-such-site-${Date.now()}.${recipe!.sitesDomain}`;
      await expect(handshake(httpsPort, host)).rejects.toThrow(/alert internal error/i);
      await expect(httpsGet(httpsPort, host, '/')).rejects.toThrow();
      expect(issued(host)).toBe(false);
    });

    it('serves the app on its own host (which the on-demand question refuses), and keeps the question off the public side', async () => {
      // Folio's answer for the app's host is no: only its own site block gives it a certificate.
      const asked = await apiCall(server.baseURL, 'GET', `/internal/tls-allowed?domain=${appHost}`);
      expect(asked.status).toBe(404);

      const health = await httpsGet(httpsPort, appHost, '/healthz');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
      expect(health.names).toContain(`DNS:${appHost}`);

      const label = (await publishSite(server.baseURL, 'Grace Asked')).label;
      const direct = await apiCall(
        server.baseURL,
        'GET',
        `/internal/tls-allowed?domain=${label}.${recipe!.sitesDomain}`,
      );
      expect(direct.status).toBe(200);
      const proxied = await httpsGet(
        httpsPort,
        appHost,
        `/internal/tls-allowed?domain=${label}.${recipe!.sitesDomain}`,
      );
      expect(proxied.status).toBe(404);
      expect(proxied.body).not.toContain('allowed');
    }, 120_000);
  },
);
