import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { loggableError } from '../../db/errors.ts';

/**
 * Query parameters whose values are credentials: the mailed links' `token` (verify email, reset
 * password), the preview pages' `token`, PayPal's return `token`, and the usual OAuth names.
 */
const SECRET_PARAM = /token|secret|password|signature|^code$|^key$/i;

export const REDACTED = '[redacted]';

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The request URL with the values of credential query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !SECRET_PARAM.test(decodeName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${REDACTED}`;
    });
  return `${url.slice(0, q + 1)}${query.join('&')}`;
}

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * Keeps credentials out of the log, whatever the logger options: request lines carry the URL with
 * its token values redacted (Fastify's own fields otherwise), and headers that carry credentials
 * are censored should anything log them; errors go through `loggableError` (no query parameters,
 * no row values). Request bodies are never logged.
 */
export function withLogRedaction(logger: LoggerOptions): LoggerOptions {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      // Errors keep their type, message and frames, never a query's parameters or row values.
      err: loggableError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: base.redact ?? {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'request.headers.authorization',
        'request.headers.cookie',
      ],
      censor: REDACTED,
    },
  };
}
