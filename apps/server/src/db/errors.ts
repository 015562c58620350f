/** The constraint a unique violation (SQLSTATE 23505) broke, whatever driver or wrapper raised it. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** An error as the log keeps it. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Fields of an error (and of its causes) that name what failed and never carry a value. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'status',
  'field',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/**
 * A database error's message without the values it may quote: drizzle appends the query's
 * parameters ("params: …", argon2 hashes, e-mail addresses, visitors' messages); PostgreSQL
 * quotes the offending input ('invalid input syntax for type integer: "…"'). Quoted identifiers
 * (relation "users") are kept.
 */
function scrubMessage(message: string): string {
  const withoutParams = message.replace(/\n?params:[\s\S]*$/, '');
  return withoutParams.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    /^[A-Za-z_][A-Za-z0-9_.]*$/.test(inner) ? quoted : '"[redacted]"',
  );
}

/**
 * What the log may keep of an error: its type, message, stack frames and the fields that name
 * what failed, for the error and its causes. Never a query's parameters, a row's values
 * (PostgreSQL's `detail`: "Key (email)=(…) already exists"), a request body or any other
 * property a library attached. Used as the logger's `err` serializer.
 */
export function loggableError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error) || depth > 5) {
    const message = typeof err === 'string' ? scrubMessage(err) : '';
    return { type: typeof err, message, stack: '' };
  }
  const message = scrubMessage(err.message);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = {
    type: err.name || err.constructor.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined) out.cause = loggableError(err.cause, depth + 1);
  return out;
}
