import { isIP } from 'node:net';
import { parse } from 'tldts';

/**
 * Top-level names the public suffix list knows but that name no host on the public internet
 * (RFC 6761 and successors): reverse lookups, Tor, home networks.
 */
const SPECIAL_USE = new Set(['arpa', 'onion']);

/**
 * Whether `host` (lower case, no final dot) is a name on the public internet: under a suffix of
 * the public suffix list's ICANN section, with a registered name in it. Refused: single labels,
 * IP addresses, `.internal`, `.local`, `.localhost`, `.lan`, `.test`, `.example`, `.arpa`, … and
 * public suffixes themselves (`co.uk`). Own domains must be such names: the own-domain check
 * asks the DNS about them, and must not become a lookup service for a private network's names.
 */
export function isPublicHostName(host: string): boolean {
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp || parsed.isIcann !== true || !parsed.domain || !parsed.publicSuffix) {
    return false;
  }
  const tld = parsed.publicSuffix.slice(parsed.publicSuffix.lastIndexOf('.') + 1);
  return !SPECIAL_USE.has(tld);
}

/** IPv4 ranges no public site is served from: private, shared, loopback, link-local, unspecified. */
const privateV4: [number, number][] = [
  [0x0a000000, 8], // 10/8
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
  [0x00000000, 8], // 0/8
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/**
 * Whether a DNS answer is an address inside a private network or this machine (the ranges above;
 * IPv6 loopback, unspecified, unique-local fc00::/7, link-local fe80::/10, and IPv4-mapped ones).
 */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (isIP(a) === 4) {
    const n = v4Number(a);
    return privateV4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  }
  if (isIP(a) !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (a === '::1' || a === '::') return true;
  const first = parseInt(a.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}
