import { formServiceError, type ContactInput, type FormServiceCode } from '@folio/core';

export type ForwardResult =
  | { ok: true }
  | { ok: false; code: FormServiceCode | null; message: string; status: number | null };

/**
 * Forwards a contact message to a form service speaking the Formspree-style JSON protocol:
 * POST {url} with Accept: application/json; 2xx `{ ok: true }` on success, otherwise
 * `{ errors: [{ code, message }] }` with one of the form service codes.
 */
export async function forwardToFormService(
  url: string,
  input: ContactInput,
  timeoutMs = 10_000,
): Promise<ForwardResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: input.name,
        email: input.email,
        _replyto: input.email,
        _subject: input.subject,
        subject: input.subject,
        message: input.message,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return {
      ok: false,
      code: null,
      status: null,
      message: `Form service unreachable: ${(err as Error).message}`,
    };
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok && (body as { ok?: unknown } | null)?.ok !== false) return { ok: true };
  const { code, message } = formServiceError(body);
  return { ok: false, code, message, status: res.status };
}
