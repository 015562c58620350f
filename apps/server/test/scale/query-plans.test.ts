import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, portfolios, sessions, sites, users } from '../../src/db/schema.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/*
 * The hot queries must be answered from an index, whatever the table sizes. With sequential scans
 * switched off, the planner still picks one when no index can answer (at a huge cost), so a
 * "Seq Scan" node in the plan means a missing index. The queries are the ones the request paths
 * run (host lookup, dashboard list, session check, sign-in, job claim).
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | SQL) {
  const db = ctx.database.db;
  const statement = 'toSQL' in query ? sql.raw(inline(query.toSQL())) : query;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (format json) ${statement}`);
    const { rows } = result as { rows: { 'QUERY PLAN': unknown }[] };
    const raw = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return parsed[0]!.Plan;
  });
}

/** EXPLAIN takes no bind parameters: inline them as literals (test values only). */
function inline({ sql: text, params }: { sql: string; params: unknown[] }) {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe('hot queries use indexes', () => {
  const cases: [string, () => Parameters<typeof planOf>[0]][] = [
    [
      'published site by label',
      () => ctx.database.db.select().from(sites).where(eq(sites.label, 'ada')),
    ],
    [
      'published site by own domain',
      () => ctx.database.db.select().from(sites).where(eq(sites.ownDomain, 'ada.example.com')),
    ],
    [
      'dashboard list',
      () =>
        ctx.database.db
          .select()
          .from(portfolios)
          .where(eq(portfolios.userId, 42))
          .orderBy(desc(portfolios.updatedAt)),
    ],
    [
      'address taken (domain or custom domain)',
      () =>
        ctx.database.db
          .select({ id: portfolios.id })
          .from(portfolios)
          .where(sql`${portfolios.domain} = ${'ada'} or ${portfolios.customDomain} = ${'ada'}`),
    ],
    [
      'session check',
      () =>
        ctx.database.db
          .select()
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.id, 'abc'), eq(sessions.userId, 42), isNull(sessions.revokedAt))),
    ],
    [
      'sign-in by username',
      () =>
        ctx.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = lower(${'Ada'})`),
    ],
    [
      'job claim',
      () =>
        sql`select id from ${jobs} where status = 'queued' and run_at <= now()
            order by run_at, id limit 1 for update skip locked`,
    ],
  ];

  for (const [name, query] of cases) {
    it(name, async () => {
      const plan = await planOf(query());
      expect(seqScans(plan), JSON.stringify(plan)).toEqual([]);
    });
  }
});
