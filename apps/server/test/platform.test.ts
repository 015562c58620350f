import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { loadSettings, SettingsError } from '../src/settings.ts';
import { createTestContext, newUser, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '3' });
});
afterAll(() => ctx.close());

describe('settings', () => {
  it('lists every bad setting at once', () => {
    let error: unknown;
    try {
      loadSettings({ PORT: 'abc', DATABASE_URL: 'not a url', JWT_SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/JWT_SECRET/);
  });

  it('defaults to port 5000, ./data and no email verification without SMTP', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(5000);
    expect(s.DATA_DIR).toBe(path.resolve('data'));
    expect(s.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(s.APP_URL).toBe('http://localhost:5000');
  });
});

describe('embedded database', () => {
  it('refuses a second process on the same data folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lock-'));
    const first = await openPglite(dir);
    // A lock held by another live process (our parent stands in for it).
    fs.writeFileSync(path.join(dir, 'folio.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'folio.lock'), String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'folio.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('HTTP platform', () => {
  it('answers /healthz', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('publishes an OpenAPI document listing the account routes', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/user', '/api/auth/google']),
    );
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with a JSON 404 and bad JSON with a 400', async () => {
    const missing = await ctx.app.inject({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('NOT_FOUND');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('BAD_REQUEST');
  });

  it('rate-limits login attempts', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.7',
        payload: { username: newUser().username, password: 'whatever1' },
      });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes[4]).toBe(429);
    expect((await attempt()).json().error).toBe('RATE_LIMITED');
  });

  it('refuses to add a route that does not say who may call it', async () => {
    const database = await openPglite(null);
    const app = await buildApp(ctx.settings, database, { logger: false });
    try {
      expect(() => app.get('/api/undeclared', () => 'x')).toThrow(/does not declare config.access/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('templates', () => {
  it('lists the ten templates of the one catalogue with a live sample page each', async () => {
    const res = await ctx.app.inject({ url: '/api/templates' });
    const list =
      res.json<
        { id: string; premium: boolean; thumbnail_url: string; sample_url: string; name: string }[]
      >();
    expect(list.map((t) => t.id)).toEqual([
      'modern',
      'neumorphic',
      'splitscreen',
      'darkmode',
      'modular',
      'new',
      'galactic',
      'developer',
      'cardflip',
      'terminal',
    ]);
    expect(list.filter((t) => !t.premium).map((t) => t.id)).toEqual([
      'modern',
      'neumorphic',
      'splitscreen',
    ]);
    expect(list.find((t) => t.id === 'new')?.name).toBe('Space Adventures');
    expect(list[0]!.thumbnail_url).toBe('/thumbnails/modern.webp');
    const sample = await ctx.app.inject({ url: list[0]!.sample_url });
    expect(sample.headers['content-type']).toContain('text/html');
    expect(sample.body).toContain('<h1');
    expect((await ctx.app.inject({ url: '/api/templates/nope/sample' })).statusCode).toBe(404);
  });
});

describe('web app hosting', () => {
  it('answers every app route with the single-page app, and missing files with 404', async () => {
    const fs = await import('node:fs');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Folio</title>');
    const local = await createTestContext({ WEB_DIST: dist });
    try {
      for (const url of ['/', '/dashboard', '/blog/some-post?x=1']) {
        const res = await local.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<title>Folio</title>');
      }
      expect((await local.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await local.app.inject({ url: '/api/missing' })).statusCode).toBe(404);
    } finally {
      await local.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
