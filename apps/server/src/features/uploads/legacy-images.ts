import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema.ts';
import type { BlobStore } from '../../shared/blob-store.ts';
import { ImageStore, type PreparedImage } from './image-store.ts';

/**
 * Content saved before uploads were files holds its images inline, as `data:image/…;base64,` URLs
 * (profile photo `settings.ogImage`, `settings.faviconUrl`, section icons
 * `styles.sections.*.iconUrl`, project images `data.projects[].image`, and the old simple shape's
 * `projects[].image`). Such content is mostly over the size caps (ADR 15). This start-up job
 * moves each inline image into the blob store exactly as POST /api/upload stores an image
 * (checked, re-encoded, by hash), counts it for the portfolio's owner (so the clean-up keeps it;
 * not checked against the quota: the account had the image already) and puts its address in its
 * place: one transaction per portfolio, version bumped (an editor open on the old version gets
 * STALE_VERSION instead of writing the inline images back), `updatedAt` kept (the user changed
 * nothing). A data URL that is not an image we accept (damaged, SVG, not base64) is left as it is.
 *
 * Idempotent and safe in several processes at once: the content is rewritten only if its version
 * is still the one read; otherwise it is read again.
 */

const dataImageUrl = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+=-]+)*;base64,/i;
/** Cheap pre-filter in SQL; the JSON walk below decides. */
const marker = 'data:image/';
const ATTEMPTS = 3;

export interface LegacyImagesResult {
  /** Portfolios whose content was rewritten. */
  portfolios: number;
  /** Inline images replaced by an upload address. */
  moved: number;
  /** Inline images left as they were (not an image we accept). */
  left: number;
}

/** Every string in `value` (any JSON), depth first. */
function* strings(value: unknown): Generator<string> {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') yield v;
    else if (v && typeof v === 'object') stack.push(...(Object.values(v) as unknown[]));
  }
}

/** `value` with every string that is a key of `to` replaced by its value. */
function replaceStrings(value: unknown, to: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return to.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceStrings(v, to)] as const),
    );
  }
  return value;
}

/** Stored content as JSON (older rows may hold it as a JSON string), or null. */
function parsed(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return null;
  }
}

export async function moveInlineImages(db: Db, blobs: BlobStore): Promise<LegacyImagesResult> {
  const images = new ImageStore(blobs, db);
  const result: LegacyImagesResult = { portfolios: 0, moved: 0, left: 0 };
  const candidates = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(sql`position(${marker} in ${portfolios.content}::text) > 0`)
    .orderBy(portfolios.id);

  for (const { id } of candidates) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [row] = await db
        .select({
          userId: portfolios.userId,
          content: portfolios.content,
          version: portfolios.version,
        })
        .from(portfolios)
        .where(eq(portfolios.id, id));
      const content = parsed(row?.content);
      if (!row || content === null) break;

      // Slow part (decoding, re-encoding) before the transaction: no lock held meanwhile.
      const prepared = new Map<string, PreparedImage>();
      let left = 0;
      for (const s of new Set([...strings(content)].filter((s) => dataImageUrl.test(s)))) {
        const bytes = Buffer.from(s.slice(s.indexOf(',') + 1), 'base64');
        try {
          prepared.set(s, await images.prepare(bytes));
        } catch {
          left += 1; // not an image we accept (or could not read): kept inline, as stored
        }
      }
      if (prepared.size === 0) {
        result.left += left;
        break;
      }

      const done = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ version: portfolios.version })
          .from(portfolios)
          .where(eq(portfolios.id, id))
          .for('update');
        if (current?.version !== row.version) return false; // changed meanwhile: read it again
        const addresses = new Map<string, string>();
        for (const [url, image] of prepared) {
          addresses.set(url, await images.record(tx, row.userId, image));
        }
        await tx
          .update(portfolios)
          .set({
            content: replaceStrings(content, addresses),
            version: sql`${portfolios.version} + 1`,
          })
          .where(eq(portfolios.id, id));
        return true;
      });
      if (done) {
        result.portfolios += 1;
        result.moved += prepared.size;
        result.left += left;
        break;
      }
    }
  }
  return result;
}

/** The move for the scheduler (features/jobs): once, at start-up; nothing to do the next times. */
export function legacyImagesJob(db: Db, blobs: BlobStore) {
  return { name: 'legacy-inline-images', everyMs: 0, run: () => moveInlineImages(db, blobs) };
}
