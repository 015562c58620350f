import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  port: number;
  /** SMTP_URL for the app (plain SMTP on loopback). */
  url: string;
  messages: CapturedMail[];
  /** Polls until a message to `to` arrives (10 s), then returns it. */
  waitFor(to: string, match?: (m: CapturedMail) => boolean): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Decodes a quoted-printable mail body enough to search it for text. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free loopback port, capturing every message the app sends. */
export function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        messages,
        async waitFor(to, match = () => true) {
          for (let i = 0; i < 200; i++) {
            const hit = messages.find((m) => m.to.includes(to) && match(m));
            if (hit) return hit;
            await new Promise((r) => setTimeout(r, 50));
          }
          throw new Error(`no mail to ${to}`);
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
