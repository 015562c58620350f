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
