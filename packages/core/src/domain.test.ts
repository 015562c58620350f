import { describe, expect, it } from 'vitest';
import { domainLabelSchema, domainMessages, labelFromName } from './domain.ts';
import { idParamSchema, idSchema, MAX_ID } from './ids.ts';
import { labelInputSchema, ownDomainSchema } from './publishing.ts';

const problem = (label: string) => {
  const parsed = labelInputSchema.safeParse(label);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('subdomain labels', () => {
  it('refuses Punycode look-alikes and every other label with hyphens in places 3 and 4', () => {
    // xn--pple-43d is "аpple" with a Cyrillic а: a browser would show it as "apple".
    expect(problem('xn--pple-43d')).toBe(domainMessages.encoded);
    expect(problem('XN--PPLE-43D')).toBe(domainMessages.encoded);
    expect(problem('ab--cd')).toBe(domainMessages.encoded);
    expect(domainLabelSchema.safeParse('xn--80ak6aa92e').success).toBe(false);
  });

  it('accepts plain letters, digits and hyphens, lowercased', () => {
    expect(labelInputSchema.parse('  Jane-Doe ')).toBe('jane-doe');
    expect(labelInputSchema.parse('a-b--c')).toBe('a-b--c');
    expect(problem('jané')).toBe(domainMessages.chars);
    expect(problem('jane_doe')).toBe(domainMessages.chars);
    expect(problem('www')).toBe(domainMessages.reserved);
  });

  it('never derives an encoded label from a portfolio name', () => {
    for (const name of ['xn--pple-43d', 'XN -- pple', 'ab  --  cd', 'Аpple Pie', 'x n--y']) {
      const label = labelFromName(name);
      expect(labelInputSchema.safeParse(label).success, `${name} → ${label}`).toBe(true);
    }
  });
});

describe('own host names', () => {
  it('accept Punycode labels: the DNS record proves who controls the name', () => {
    expect(ownDomainSchema.parse('www.xn--jan-epa.dev')).toBe('www.xn--jan-epa.dev');
    expect(ownDomainSchema.parse('WWW.JaneDoe.dev.')).toBe('www.janedoe.dev');
  });

  it('refuse host names typed in another script (the ASCII form is what DNS holds)', () => {
    expect(ownDomainSchema.safeParse('www.jané.dev').success).toBe(false);
  });
});

describe('ids', () => {
  it('are whole numbers from 1 to the database integer maximum', () => {
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(idParamSchema.parse('42')).toBe(42);
    for (const bad of ['2147483648', '99999999999999999999', 'abc', '', '1e309']) {
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
