import { describe, expect, it } from 'vitest';

describe('runtime', () => {
  it('runs on Node 24 from the npm node package, not the system Node', () => {
    expect(process.version).toMatch(/^v24\./);
  });
});
