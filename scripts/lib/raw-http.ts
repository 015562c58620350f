import net from 'node:net';

/** What came back on a raw socket: the status line's code (0 if none) and everything read. */
export interface RawAnswer {
  status: number;
  /** The whole answer as text (status line, headers, body). */
  text: string;
  /** True when the server closed or reset the connection without any answer. */
  dropped: boolean;
  /**
   * How the exchange ended: a whole answer was read ('answered'), the server closed the
   * connection ('closed') or reset it ('reset'), or nothing more came for `idleMs` ('idle': the
   * server is still waiting, or hangs).
   */
  end: 'answered' | 'closed' | 'reset' | 'idle';
  /** The first answer's header fields, names in lower case (repeated fields joined by ", "). */
  headers: Record<string, string>;
}

/** The header fields of an answer's head (the text before the first blank line). */
function headerFields(head: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    fields[name] = name in fields ? `${fields[name]}, ${value}` : value;
  }
  return fields;
}

/** Whether `text` holds one whole answer (to a HEAD request when `isHead`). */
function answerComplete(text: string, isHead: boolean): boolean {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) return false;
  if (isHead || /^HTTP\/1\.[01] (1\d\d|204|304)/.test(text)) return true;
  const head = text.slice(0, headEnd);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return text.length - headEnd - 4 >= Number(length[1]);
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) return text.endsWith('\r\n0\r\n\r\n');
  return false;
}

export interface RawOptions {
  /** Give up after this long with nothing more to read (default 2 s). */
  idleMs?: number;
  host?: string;
  /** Close our sending side once the request is written (a client that stops mid-body). */
  halfClose?: boolean;
}

/**
 * Writes `request` (bytes exactly as given: a malformed request line, a bad Host header, junk)
 * to a fresh TCP connection and reads until the server closes it or `idleMs` pass with nothing
 * more to read. The way an outsider speaks to the server: no client library tidies anything up.
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  { idleMs = 2_000, host = '127.0.0.1', halfClose = false }: RawOptions = {},
): Promise<RawAnswer> {
  const start =
    typeof request === 'string' ? request.slice(0, 5) : request.toString('latin1', 0, 5);
  const isHead = start === 'HEAD ';
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (end: RawAnswer['end']) => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const headEnd = text.indexOf('\r\n\r\n');
      resolve({
        status: match ? Number(match[1]) : 0,
        text,
        dropped: text === '',
        end,
        headers: headerFields(headEnd === -1 ? text : text.slice(0, headEnd)),
      });
    };
    socket.setTimeout(idleMs, () => finish('idle'));
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // One answer is enough when the server keeps the connection open: stop at its end.
      if (answerComplete(Buffer.concat(chunks).toString('latin1'), isHead)) finish('answered');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    // ECONNRESET / EPIPE: the server reset the connection (e.g. it stopped reading a body).
    socket.on('error', () => finish('reset'));
    socket.write(request);
    if (halfClose) socket.end();
  });
}

/** A minimal HTTP/1.1 request with the given request line target and Host. */
export function httpRequest(
  method: string,
  target: string,
  host: string,
  extra: string[] = [],
  body = '',
): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...extra];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * A request written byte for byte: `head` lines after the request line exactly as given (any
 * Host, duplicates, none), then `body`. No field is added, not even Content-Length.
 */
export function rawHttp(requestLine: string, head: string[], body: string | Buffer = ''): Buffer {
  const text = `${[requestLine, ...head].join('\r\n')}\r\n\r\n`;
  return Buffer.concat([
    Buffer.from(text, 'utf8'),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
  ]);
}
