/**
 * A preview link belongs to the session that asked for it: once that session ends (logout, a
 * password reset, any revocation) the link is refused as an invalid one is, on a real server
 * process over HTTP, well within the link's ten minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { mailedLink, newUser, tokenFrom } from '../helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(() => server?.stop());

/** A new user with a portfolio and a preview link made in their session. */
async function previewLink() {
  const user = newUser();
  const registered = await apiCall(server.baseURL, 'POST', '/api/register', user);
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const created = await apiCall(server.baseURL, 'POST', '/api/portfolios', { name: 'P' }, token);
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const made = await apiCall(
    server.baseURL,
    'POST',
    '/api/preview/token',
    { portfolio_id: id },
    token,
  );
  expect(made.status).toBe(200);
  const url = `/api/preview/${id}?token=${encodeURIComponent(made.body.preview_token as string)}`;
  return { user, token, url };
}

async function open(url: string) {
  const res = await fetch(server.baseURL + url);
  return { status: res.status, body: await res.text() };
}

const refused = {
  error: 'UNAUTHENTICATED',
  message: 'This preview link is invalid or has expired.',
};

describe('preview links end with their session', () => {
  it('after logout', async () => {
    const { token, url } = await previewLink();
    expect((await open(url)).status).toBe(200);
    expect((await apiCall(server.baseURL, 'POST', '/api/logout', undefined, token)).status).toBe(
      200,
    );
    const after = await open(url);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toMatchObject(refused);
  });

  it('after a password reset (which signs out every session)', async () => {
    const { user, url } = await previewLink();
    expect((await open(url)).status).toBe(200);
    const asked = await apiCall(server.baseURL, 'POST', '/api/password-reset/request', {
      email: user.email,
    });
    expect(asked.status).toBe(200);
    const link = await mailedLink(server.dataDir, 'reset', user.email);
    const reset = await apiCall(server.baseURL, 'POST', '/api/password-reset/confirm', {
      token: tokenFrom(link),
      new_password: 'another horse battery',
    });
    expect(reset.status).toBe(200);
    const after = await open(url);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toMatchObject(refused);
  });

  it('another session of the same user logging out leaves the link working', async () => {
    const { user, url } = await previewLink();
    const other = await apiCall(server.baseURL, 'POST', '/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(other.status).toBe(200);
    const otherToken = other.body.token as string;
    expect(
      (await apiCall(server.baseURL, 'POST', '/api/logout', undefined, otherToken)).status,
    ).toBe(200);
    expect((await open(url)).status).toBe(200);
  });
});
