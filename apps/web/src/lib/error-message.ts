import type { ErrorCode } from '@folio/core';
import { ApiError } from './api-client.ts';

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

function messageFromBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (typeof message === 'string' && message.trim()) return message;
  return null;
}

/**
 * The one place that turns any error into a message a user can read (product.md, Messages): the server's
 * `detail` (or `message`) from the JSON body or JSON tail, numeric status prefix stripped,
 * default 'An unexpected error occurred'.
 */
export function getErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const fromBody = messageFromBody(err.body);
    if (fromBody) return fromBody;
  }
  const raw =
    err instanceof Error ? err.message : typeof err === 'string' ? err : DEFAULT_ERROR_MESSAGE;
  const stripped = raw.replace(/^\s*\d{3}\s*:\s*/, '').trim();
  const jsonStart = stripped.indexOf('{');
  if (jsonStart >= 0) {
    try {
      const fromTail = messageFromBody(JSON.parse(stripped.slice(jsonStart)));
      if (fromTail) return fromTail;
    } catch {
      // Not a JSON tail: use the text as it is.
    }
  }
  return stripped || DEFAULT_ERROR_MESSAGE;
}

/** The server's error code of a failed API call (e.g. PAYMENT_RESTART), or null. */
export function getErrorCode(err: unknown): ErrorCode | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return null;
  const { error } = err.body as { error?: unknown };
  return typeof error === 'string' ? (error as ErrorCode) : null;
}

/** The form field a server refusal points at (`field` in the error body), or null. */
export function getErrorField(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return null;
  const field = (err.body as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}
