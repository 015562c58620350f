import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../../packages/parser/src/testing.node.ts';
import { apiCall, publishSite } from '../../../scripts/lib/api.ts';
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';
import { newUser } from './helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

describe('runtime', () => {
  it('runs on Node 24 from the npm node package, not the system Node', () => {
    expect(process.version).toMatch(/^v24\./);
  });
});

/** Process ids whose parent is `pid` (Linux /proc). */
const childrenOf = (pid: number) =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return (
          fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
        );
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);

describe('the compiled server (npm start: plain node, no tsx)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    server = await startServer({}, { compiled: true });
  }, 120_000);
  afterAll(() => server?.stop());

  it('reads a resume in its parser process and publishes a site built by its page workers', async () => {
    const registered = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
    const fileContent = Buffer.from(textPdf(['Grace Hopper', 'grace@example.com'])).toString(
      'base64',
    );
    const parsed = await apiCall(
      server.baseURL,
      'POST',
      '/api/parse-resume',
      { filename: 'cv.pdf', fileContent },
      registered.body.token as string,
    );
    expect(parsed.status).toBe(200);
    expect(parsed.body.parsedData).toMatchObject({ contact: { email: 'grace@example.com' } });

    const site = await publishSite(server.baseURL, 'Compiled Person');
    const page = await fetch(`${server.baseURL}/s/${site.label}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Compiled Person');
    // the server and its parser processes run compiled bundles, with no TypeScript loader
    const commands = [server.pid, ...childrenOf(server.pid)].map((pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '),
    );
    expect(commands.some((c) => c.includes('worker-entry.node.mjs'))).toBe(true);
    expect(commands.filter((c) => c.includes('tsx'))).toEqual([]);
  }, 60_000);
});
