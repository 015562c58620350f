import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Stored upload names (features/uploads): content hash and format, after `/uploads/` (content,
 * absolute addresses) or `uploads/` (a published page's own copy, siteRelativeUploads).
 */
const uploadName = /uploads\/([0-9a-f]{64}\.(?:webp|ico))/g;
/** The same, for PostgreSQL's regexp_matches. */
const uploadNameSql = 'uploads/([0-9a-f]{64}\\.(?:webp|ico))';
/** An attribute naming an upload by its path on the app (`src="/uploads/…"`). */
const uploadAttribute = /(\s(?:src|href)=")\/uploads\/(?=[0-9a-f]{64}\.(?:webp|ico)")/g;

/**
 * A published page's images as its own (product.md, Addresses): `src="/uploads/x.webp"` becomes
 * `src="uploads/x.webp"`, which resolves under the site's own address in every form it is
 * served in (`{label}.SITES_DOMAIN/`, `/s/{label}/`, an own domain), where hosting serves the
 * uploads the live version names (features/hosting). Absolute addresses (og:image) are kept.
 */
export function siteRelativeUploads(html: string): string {
  return html.replace(uploadAttribute, '$1uploads/');
}

/** The uploads a piece of content points at. */
export function uploadsIn(value: unknown): string[] {
  const text = JSON.stringify(value ?? null);
  return [...new Set([...text.matchAll(uploadName)].map((m) => m[1]!))];
}

/**
 * What keeps an uploaded file: every upload something still points at, with the accounts whose
 * portfolios point at it. This is the one place that says it: a portfolio's content (its draft)
 * and its published versions (their pages name the images they show, so a file a live page
 * shows is kept whatever the draft does). `names` narrows the answer to those files.
 */
export async function uploadReferences(
  db: Db,
  names?: readonly string[],
): Promise<Map<string, Set<number>>> {
  if (names?.length === 0) return new Map();
  const only = names
    ? sql`where name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select distinct name, user_id from (
      select m[1] as name, p.user_id
        from portfolios p, regexp_matches(p.content::text, ${uploadNameSql}, 'g') m
      union all
      select m[1] as name, p.user_id
        from site_versions v join portfolios p on p.id = v.portfolio_id,
             regexp_matches(v.html, ${uploadNameSql}, 'g') m
    ) refs ${only}`);
  const refs = new Map<string, Set<number>>();
  const rows = (result as { rows: { name: string; user_id: number }[] }).rows;
  for (const { name, user_id } of rows) {
    const users = refs.get(name) ?? new Set<number>();
    users.add(Number(user_id));
    refs.set(name, users);
  }
  return refs;
}
