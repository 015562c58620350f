import { describe, expect, it } from 'vitest';
import { isNewAccount, NEW_ACCOUNT_MS } from './new-account.ts';

describe('isNewAccount', () => {
  const createdAt = '2026-11-24T10:00:00.000Z';
  const made = Date.parse(createdAt);

  it('is new for its first hour', () => {
    expect(isNewAccount({ createdAt }, made)).toBe(true);
    expect(isNewAccount({ createdAt }, made + NEW_ACCOUNT_MS - 1)).toBe(true);
  });

  it('is no longer new after an hour', () => {
    expect(isNewAccount({ createdAt }, made + NEW_ACCOUNT_MS)).toBe(false);
    expect(isNewAccount({ createdAt }, made + 3 * 24 * NEW_ACCOUNT_MS)).toBe(false);
  });
});
