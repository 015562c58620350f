import { z } from 'zod';

/** Domain label messages (product.md, Validation). */
export const domainMessages = {
  min: 'Domain must be at least 3 characters',
  max: 'Domain must be at most 30 characters',
  chars: 'Domain can only contain letters, numbers, and hyphens',
  hyphen: 'Domain cannot start or end with a hyphen',
  reserved: 'This domain is reserved',
  /** Ours: "xn--" (Punycode) and the other prefixes DNS keeps for encodings (RFC 5891 §4.2.3.1). */
  encoded: 'Domain cannot have hyphens as its 3rd and 4th characters (as in "xn--")',
} as const;

/**
 * Days a freed label (portfolio deleted, custom subdomain changed) stays held for its former owner:
 * others get "This domain is already taken" until then, so nobody takes over an address people
 * still visit.
 */
export const LABEL_HOLD_DAYS = 30;

export const reservedLabels = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'static',
  'assets',
  'cdn',
  'blog',
  'help',
  'support',
  'status',
  'docs',
  'dashboard',
  'auth',
  'login',
  'billing',
  'internal',
  'root',
  'test',
]);

/**
 * A subdomain label (product.md, Validation; Addresses): plain letters, digits and hyphens. A label
 * with hyphens in its 3rd and 4th places is refused: "xn--…" is Punycode, which browsers show as
 * another script, so `xn--pple-43d` would display as a look-alike of "apple" under our domain.
 */
export const domainLabelSchema = z
  .string()
  .min(3, domainMessages.min)
  .max(30, domainMessages.max)
  .regex(/^[A-Za-z0-9-]+$/, domainMessages.chars)
  .refine((s) => !s.startsWith('-') && !s.endsWith('-'), domainMessages.hyphen)
  .refine((s) => s.slice(2, 4) !== '--', domainMessages.encoded);

/**
 * The automatic subdomain of a portfolio name: lowercased, whitespace runs to hyphens (product.md, API),
 * then made a valid label (other characters dropped, length clamped, padded if short).
 */
export function labelFromName(name: string): string {
  let label = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  if (label.length < 3) label = `${label || 'site'}-site`.replace(/^-/, '');
  return label;
}
