import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  memoryCounter,
  RECIPIENT_MAIL_LIMITS,
  recipientMailLimit,
} from '../src/shared/rate-limit-store.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('it uses no database');

const MINUTE = 60_000;
const warned: string[] = [];
const log = {
  warn: (_: object, message: string) => warned.push(message),
  error: (_: object, message: string) => warned.push(message),
} as unknown as FastifyBaseLogger;

describe('account mails per recipient', () => {
  it('3 in 15 minutes, 10 a day, counted per address whatever its case', async () => {
    expect(RECIPIENT_MAIL_LIMITS.map((l) => l.max)).toEqual([3, 10]);
    let now = 0;
    const limit = recipientMailLimit(
      memoryCounter(() => now),
      log,
    );
    const sent = async (to: string, times: number) => {
      let n = 0;
      for (let i = 0; i < times; i++) if (await limit.allow(to, 'reset')) n++;
      return n;
    };
    expect(await sent('Ada@Example.com', 2)).toBe(2);
    expect(await sent(' ada@example.com', 5)).toBe(1);
    expect(await sent('grace@example.com', 1)).toBe(1); // someone else has their own budget
    // Every quarter hour three more, until ten in the day.
    const perWindow: number[] = [];
    for (let w = 1; w <= 4; w++) {
      now = w * 15 * MINUTE;
      perWindow.push(await sent('ada@example.com', 5));
    }
    expect(perWindow).toEqual([3, 3, 1, 0]);
    now = 24 * 60 * MINUTE;
    expect(await sent('ada@example.com', 5)).toBe(3);
  });

  it('holds the mail back when the store cannot count', async () => {
    const limit = recipientMailLimit({ hit: () => Promise.reject(new Error('down')) }, log);
    expect(await limit.allow('ada@example.com', 'verify')).toBe(false);
    expect(warned.at(-1)).toMatch(/could not be counted/);
  });
});
