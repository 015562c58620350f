import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Stored upload names (features/uploads): content hash and format. */
const uploadName = /\/uploads\/([0-9a-f]{64}\.(?:webp|ico))/g;
/** The same, for PostgreSQL's regexp_matches. */
const uploadNameSql = '/uploads/([0-9a-f]{64}\\.(?:webp|ico))';

/** The uploads a piece of content points at. */
export function uploadsIn(value: unknown): string[] {
  const text = JSON.stringify(value ?? null);
  return [...new Set([...text.matchAll(uploadName)].map((m) => m[1]!))];
}

/**
 * What keeps an uploaded file: every upload something still points at, with the accounts whose
 * portfolios point at it. This is the one place that says it: a portfolio's content (its draft)
 * and its published versions. (Published versions that keep their own copies of images, when
 * they do, are added here.) `names` narrows the answer to those files.
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
