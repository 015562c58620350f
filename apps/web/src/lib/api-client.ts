import type { QueryFunction } from '@tanstack/react-query';
import { getToken } from './token-storage.ts';

/**
 * The one API module (product.md, API). Same origin as the app (product.md, Addresses).
 * A non-OK response throws an ApiError whose message is `${status}: ${bodyText || statusText}`.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body (an `ErrorBody` from our server), or null when it was not JSON. */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseJson(bodyText);
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toPath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

function headers(hasBody: boolean): Headers {
  const h = new Headers({ Accept: 'application/json' });
  if (hasBody) h.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request; returns the raw response after the OK check. A FormData body goes as
 * multipart (the browser sets its content type); any other body as JSON.
 */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<Response> {
  const hasBody = body !== undefined;
  const isForm = body instanceof FormData;
  const res = await fetch(toPath(path), {
    method,
    headers: headers(hasBody && !isForm),
    body: isForm ? body : hasBody ? JSON.stringify(body) : null,
    credentials: 'include',
    signal: init?.signal ?? null,
  });
  await throwIfNotOk(res);
  return res;
}

/** Sends a request and reads the JSON answer. */
export async function apiJson<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, path, body);
  return readJson<T>(res);
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Default read for TanStack Query: GET the query key (joined with '/') as the path.
 * With `on401: 'returnNull'` an unauthenticated answer yields null instead of an error.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.map(String).join('/');
    try {
      const res = await apiRequest('GET', path, undefined, { signal });
      return await readJson<T>(res);
    } catch (err) {
      if (options.on401 === 'returnNull' && err instanceof ApiError && err.status === 401) {
        return null;
      }
      throw err;
    }
  };
}
