import { defaultContent } from '@folio/core';

/** One JSON call to a running server, as a client would make it. */
export async function apiCall(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(baseURL + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json') && text !== '';
  // A JSON array comes back as an object with index keys (lists are read by index or serialised).
  return { status: res.status, body: json ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * A new user on the running server publishes a portfolio named `name` (its summary says
 * "`name` writes here.") and waits until the site is live: its label, portfolio id and the
 * owner's session token.
 */
export async function publishSite(
  baseURL: string,
  name: string,
): Promise<{ label: string; id: number; token: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const user = {
    username: `site${stamp}`,
    email: `site${stamp}@example.com`,
    name,
    password: 'correct horse',
  };
  const registered = await apiCall(baseURL, 'POST', '/api/register', user);
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const token = registered.body.token as string;
  const content = defaultContent({ contact: { name }, summary: `${name} writes here.` });
  const created = await apiCall(baseURL, 'POST', '/api/portfolios', { name, content }, token);
  const id = created.body.id as number;
  const published = await apiCall(baseURL, 'POST', `/api/publish/${id}`, {}, token);
  if (published.status !== 202) throw new Error(`publish: ${published.status}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const site = await apiCall(baseURL, 'GET', `/api/portfolios/${id}/site`, undefined, token);
    if (site.body.status === 'live') return { label: site.body.label as string, id, token };
    if (Date.now() > deadline) throw new Error(`the site of "${name}" never went live`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
