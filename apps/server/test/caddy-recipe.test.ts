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
import { testDatabaseUrl } from './helpers.ts';

/*
 * The README's Caddy recipe, run for real: Debian's Caddy (2.6.2) in front of a real Folio
 * process. The Caddyfile is read out of README.md's ```caddyfile block and changed only where a
 * test must differ from production:
 *   - ports: Folio's port instead of 5000; global options http_port / https_port / admin on free
 *     ports (no root, no clash with a Caddy service on 80/443/2019);
 *   - certificates: `local_certs` (the global form of `tls internal`: Caddy's own local CA instead
 *     of Let's Encrypt, which cannot reach this machine), `skip_install_trust` and
 *     `storage file_system` in a temporary folder (nothing written to the system or $HOME).
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

/** Polls `check` until it returns true (hooks cannot use expect.poll). */
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
      fs.existsSync(path.join(dir, 'storage', 'certificates', 'local', host, `${host}.crt`));

    beforeAll(async () => {
      const { caddyfile, appUrl, sitesDomain } = recipe!;
      server = await startServer({
        APP_URL: appUrl,
        SITES_DOMAIN: sitesDomain,
        WEB_DIST: '/nonexistent-web-dist',
      });
      const folioPort = new URL(server.baseURL).port;
      const [httpPort, adminPort] = [await freePort(), await freePort()];
      httpsPort = await freePort();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-caddy-'));

      // The adaptation, and nothing else (see the comment at the top).
      const upstream = '127.0.0.1:5000';
      expect(caddyfile).toContain(upstream);
      expect(caddyfile.startsWith('{\n'), 'the global options block comes first').toBe(true);
      const adapted = caddyfile
        .replaceAll(upstream, `127.0.0.1:${folioPort}`)
        .replace(
          /^\{\n/,
          [
            '{',
            `\thttp_port ${httpPort}`,
            `\thttps_port ${httpsPort}`,
            `\tadmin localhost:${adminPort}`,
            '\tlocal_certs',
            '\tskip_install_trust',
            `\tstorage file_system ${path.join(dir, 'storage')}`,
            '',
          ].join('\n'),
        );
      const file = path.join(dir, 'Caddyfile');
      fs.writeFileSync(file, adapted);

      const child = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
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
      await until(async () => {
        if (child.exitCode !== null) {
          throw new Error(`Caddy exited (${child.exitCode}):\n${caddyOutput}`);
        }
        return handshake(httpsPort, appHost).then(
          () => true,
          () => false,
        );
      }, `Caddy to serve ${appHost}:\n${caddyOutput}`);
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
