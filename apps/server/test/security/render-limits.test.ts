import { MAX_CONTENT_BYTES } from '@folio/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderPool } from '../../src/shared/render-pool.node.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

/**
 * ADR 15: an 8 MB portfolio used to stall the whole server, because previews and publishes were
 * built on the main thread from content of any size. Content now has a size cap, and pages are
 * built in worker threads with a time limit.
 */

let ctx: TestContext;
let token: string | null;
beforeAll(async () => {
  ctx = await createTestContext();
});
// A Free account has one portfolio: each test signs up its own.
beforeEach(async () => {
  ({ token } = await register(ctx.app));
});
afterAll(() => ctx.close());

/** Canonical content of about `bytes` bytes of JSON, every field within its own cap. */
function contentOf(bytes: number, marker = 'LAST-ENTRY') {
  const experience: { company: string; position: string; dates: string; description: string[] }[] =
    [];
  let size = 0;
  while (size < bytes) {
    const entry = {
      company: `Company ${experience.length} <b>&</b>`,
      position: 'Engineer',
      dates: '2020 – 2021',
      description: Array.from(
        { length: 10 },
        (_, i) => `Built thing ${i} for the team, ${'with care and tests '.repeat(6)}`,
      ),
    };
    size += JSON.stringify(entry).length + 1;
    experience.push(entry);
  }
  experience.push({ company: marker, position: 'x', dates: 'y', description: [] });
  return {
    data: { contact: { name: 'Big Portfolio' }, experience },
    settings: { sectionOrder: ['contact', 'experience'] },
  };
}

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as object });

async function create(name: string, content: unknown) {
  const res = await call('POST', '/api/portfolios', { name, template: 'modern', content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Yields to the event loop until `done()` holds (a state, not a clock). */
async function until(done: () => boolean) {
  while (!done()) await new Promise((r) => setImmediate(r));
}

describe('content size', () => {
  it('an oversize content PATCH is refused with 400 "Content too large" and nothing is stored', async () => {
    const id = await create('Size Limits', contentOf(1_000));
    const before = (await call('GET', `/api/portfolios/${id}`)).json<{ version: number }>();

    // ~8 MB: what used to stall the server (just under the request body limit).
    for (const bytes of [MAX_CONTENT_BYTES + 10_000, 7.5 * 1024 * 1024]) {
      const res = await call('PATCH', `/api/portfolios/${id}`, {
        content: contentOf(bytes, 'HUGE'),
        version: before.version,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION', field: 'content' });
      expect(res.json<{ message: string }>().message).toMatch(/^Content too large: .* 512 KB/);
    }
    // the same as a JSON string (product.md, Content allows it)
    const asString = await call('PATCH', `/api/portfolios/${id}`, {
      content: JSON.stringify(contentOf(MAX_CONTENT_BYTES + 10_000, 'HUGE')),
    });
    expect(asString.statusCode).toBe(400);
    expect(asString.json<{ message: string }>().message).toMatch(/^Content too large/);

    const after = await call('GET', `/api/portfolios/${id}`);
    expect(after.json<{ version: number }>().version).toBe(before.version);
    expect(after.body).not.toContain('HUGE');

    // and no portfolio is created from oversize content
    ({ token } = await register(ctx.app));
    const created = await call('POST', '/api/portfolios', {
      name: 'Too Big',
      content: contentOf(MAX_CONTENT_BYTES + 10_000),
    });
    expect(created.statusCode).toBe(400);
    const list = (await call('GET', '/api/portfolios')).json<{ name: string }[]>();
    expect(list.map((p) => p.name)).not.toContain('Too Big');
  });

  it('single fields have caps of their own: a 30,000-character summary is refused, a normal one kept', async () => {
    const id = await create('Field Limits', { data: { summary: 'ok' } });
    const res = await call('PATCH', `/api/portfolios/${id}`, {
      content: { data: { summary: 'x'.repeat(30_000) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/data\.summary.*at most 20,000/);
    const name = await call('PATCH', `/api/portfolios/${id}`, {
      content: { data: { contact: { name: 'n'.repeat(5_000) } } },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json<{ message: string }>().message).toMatch(/data\.contact\.name/);
    const kept = await call('GET', `/api/portfolios/${id}`);
    expect(kept.json<{ content: { data: { summary: string } } }>().content.data.summary).toBe('ok');
  });
});

describe('rendering off the main thread', () => {
  it('while a large (allowed) portfolio is built for a preview, /healthz is answered first', async () => {
    const content = contentOf(MAX_CONTENT_BYTES - 20_000);
    const id = await create('Big Preview', content);
    const { preview_token } = (
      await call('POST', '/api/preview/token', { portfolio_id: id })
    ).json<{ preview_token: string }>();

    // Four at once: two are built while two wait for a worker (the pool has two).
    let done = 0;
    const previews = Array.from({ length: 4 }, () =>
      ctx.app
        .inject({ url: `/api/preview/${id}?token=${encodeURIComponent(preview_token)}` })
        .finally(() => {
          done += 1;
        }),
    );
    // Once pages are being built, the server must still answer other requests.
    await until(() => ctx.app.renderPool.active > 0 || done > 0);
    expect(done, 'a preview was built before anything else could run').toBe(0);
    const health = await ctx.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(done, 'healthz waited for the pages').toBeLessThan(4);

    for (const page of await Promise.all(previews)) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('LAST-ENTRY');
    }
  });

  it('while a large portfolio is published, /healthz is answered before its page is built', async () => {
    const id = await create('Big Publish', contentOf(MAX_CONTENT_BYTES - 20_000));
    const pool = ctx.app.renderPool;
    const render = pool.render.bind(pool);
    // The built page is handed back only when the test says so: whatever the machine's load, the
    // publish job is still waiting for its page while /healthz is asked (a clock-free ordering).
    let release!: () => void;
    const handBack = new Promise<void>((resolve) => (release = resolve));
    const spy = vi
      .spyOn(pool, 'render')
      .mockImplementation((content, options) => handBack.then(() => render(content, options)));
    try {
      const res = await call('POST', `/api/publish/${id}`);
      expect(res.statusCode, res.body).toBe(202);
      const status = async () =>
        (await call('GET', `/api/portfolios/${id}/site`)).json<{ status: string }>().status;
      // The publish job hands the page to the pool; a site going live without it fails here.
      let live = false;
      while (!live && spy.mock.calls.length === 0) live = (await status()) === 'live';
      expect(live, 'the page was not built by the render pool').toBe(false);
      const health = await ctx.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(await status(), 'healthz waited for the page').toBe('publishing');
      release();
      while ((await status()) === 'publishing') await new Promise((r) => setImmediate(r));
      expect(await status()).toBe('live');
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('a render past its time limit is cut off with a clear 503, and the pool goes on', async () => {
    const pool = new RenderPool({ timeoutMs: 1 });
    try {
      const err = await pool
        .render(contentOf(MAX_CONTENT_BYTES - 20_000), { template: 'modern', mode: 'preview' })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toMatchObject({ code: 'RENDER_BUSY', status: 503 });
      expect(pool.active).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
