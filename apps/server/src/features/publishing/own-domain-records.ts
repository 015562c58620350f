/**
 * The DNS records an own domain needs (the TXT record proving control, and what points the host
 * at the sites), and looking them up to say which are there.
 */
import { OWN_DOMAIN_CLAIM_DAYS, type DnsRecord } from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteRow } from '../../db/schema.ts';
import type { PointTo, TxtResolver } from './context.ts';
import { isPrivateAddress } from './public-host.ts';

/** The TXT record proving control of an own domain. */
export const txtRecordName = (host: string) => `_folio-verify.${host}`;
export const txtRecordValue = (token: string) => `folio-verify=${token}`;

const DAY_MS = 86_400_000;

/** Until when an unverified own-domain claim may be verified (null once verified). */
export function claimExpiresAt(site: SiteRow): Date | null {
  if (site.ownDomainVerifiedAt) return null;
  const claimed = site.ownDomainClaimedAt ?? site.updatedAt;
  return new Date(claimed.getTime() + OWN_DOMAIN_CLAIM_DAYS * DAY_MS);
}

/**
 * The DNS records an own domain needs: the TXT record proving it is yours, then what points it
 * at the sites: a CNAME to SITES_HOST for a subdomain (www.example.com), A / AAAA records to
 * SITES_IPV4 / SITES_IPV6 for an apex (example.com, which cannot have a CNAME) when those are
 * set (else the CNAME, which DNS hosts offer as ALIAS / flattening at the apex).
 */
export function ownDomainRecords(pointTo: PointTo, host: string, token: string): DnsRecord[] {
  const base = { state: 'unchecked' as const };
  const { host: target, ipv4, ipv6 } = pointTo;
  const apex = host.split('.').length <= 2;
  const point: DnsRecord[] =
    apex && ipv4.length + ipv6.length > 0
      ? [
          ...ipv4.map((value) => ({ type: 'A' as const, value })),
          ...ipv6.map((value) => ({ type: 'AAAA' as const, value })),
        ].map((r) => ({ ...r, name: host, purpose: 'point' as const, ...base }))
      : [{ type: 'CNAME', name: host, value: target, purpose: 'point', ...base }];
  return [
    {
      type: 'TXT',
      name: txtRecordName(host),
      value: txtRecordValue(token),
      purpose: 'verify',
      ...base,
    },
    ...point,
  ];
}

/**
 * Looks each record up and says only whether the expected one is there: `found`, `missing`, or
 * for a record pointing the host `wrong` (other values are there; which ones is never told: the
 * check is no DNS lookup service). An address inside a private network or this machine (isPrivateAddress) counts as
 * no answer, unless it is one of the sites' own addresses (SITES_IPV4 / SITES_IPV6).
 */
export async function checkRecords(
  { resolver, log, pointTo }: { resolver: TxtResolver; log: FastifyBaseLogger; pointTo: PointTo },
  records: DnsRecord[],
): Promise<DnsRecord[]> {
  const ours = new Set([...pointTo.ipv4, ...pointTo.ipv6].map((a) => a.toLowerCase()));
  const lookup = async (type: DnsRecord['type'], name: string): Promise<string[]> => {
    try {
      if (type === 'TXT') return (await resolver.resolveTxt(name)).map((c) => c.join(''));
      if (type === 'CNAME') {
        const names = await (resolver.resolveCname?.(name) ?? []);
        return names.map((v) => v.toLowerCase().replace(/\.$/, ''));
      }
      const addresses = await ((type === 'A'
        ? resolver.resolve4?.(name)
        : resolver.resolve6?.(name)) ?? []);
      return addresses
        .map((a) => a.toLowerCase())
        .filter((a) => ours.has(a) || !isPrivateAddress(a));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'ENODATA' && code !== 'ENOTFOUND') log.info({ err, name }, 'DNS lookup failed');
      return [];
    }
  };
  return Promise.all(
    records.map(async (record) => {
      let seen = await lookup(record.type, record.name);
      const expected = record.type === 'TXT' ? record.value : record.value.toLowerCase();
      let found = seen.includes(expected);
      if (record.type === 'CNAME' && !found && seen.length === 0 && pointTo.ipv4.length) {
        // No CNAME, but A records naming the sites' addresses point the host at us as well.
        seen = await lookup('A', record.name);
        found = seen.length > 0 && seen.every((a) => pointTo.ipv4.includes(a));
      }
      // A TXT name may lead (through a CNAME the claimant wrote) to any name the resolver
      // knows: of TXT records, only whether the expected one is there is said.
      const other = seen.length > 0 && record.type !== 'TXT';
      const state: DnsRecord['state'] = found ? 'found' : other ? 'wrong' : 'missing';
      return { ...record, state };
    }),
  );
}
