import {
  normalizeContent,
  resumeDataSchema,
  withoutCaps,
  type PortfolioContent,
} from '@folio/core';
import { toJsonResume } from '@folio/parser/json-resume';
import { eq, inArray, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Db } from '../../db/client.ts';
import {
  contactMessages,
  mailLog,
  payments,
  portfolios,
  resumeOriginals,
  resumes,
  sites,
  uploads,
  users,
  type UserRow,
} from '../../db/schema.ts';
import { toUser } from '../../shared/users.ts';
import type { BlobStore } from '../../shared/blob-store.ts';
import { uploadReferences, uploadsIn } from '../../shared/upload-references.ts';

/** A file-name-safe slug. */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 60) || 'file';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

function contentOf(raw: unknown): PortfolioContent | null {
  try {
    return normalizeContent(raw, { enforceCaps: false });
  } catch {
    return null;
  }
}

export interface DeletedSite {
  portfolioId: number;
  label: string | null;
  host: string | null;
}

const README = `Your data from Folio

account.json                  your account (no password: only its hash is stored, and not exported)
portfolios/<id>-<name>/       one folder per portfolio:
  portfolio.json              the portfolio as stored (name, template, addresses, content, styles)
  resume.json                 its resume data as a JSON Resume (https://jsonresume.org) file
resumes/<id>-<file>.json      each parsed resume upload as a JSON Resume file
resumes/originals/<id>-<file> the original documents kept beside your portfolios
resumes/index.json            every resume upload: file name, size, status, date
uploads/                      the images your portfolios use
sites.json                    your published sites and their addresses
messages.json                 messages visitors sent through your sites' contact forms
payments.json                 your purchases

JSON Resume files can be imported again into Folio or any tool that reads JSON Resume.
`;

/** "Download my data" and "Delete my account". */
export class AccountData {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /** Every portfolio, resume and upload of the user, as one zip archive. */
  async exportArchive(user: UserRow): Promise<Buffer> {
    const [ownPortfolios, ownResumes, ownPayments, ownSites] = await Promise.all([
      this.db
        .select()
        .from(portfolios)
        .where(eq(portfolios.userId, user.id))
        .orderBy(portfolios.id),
      this.db.select().from(resumes).where(eq(resumes.userId, user.id)).orderBy(resumes.id),
      this.db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(payments.id),
      this.db.select().from(sites).where(eq(sites.userId, user.id)),
    ]);
    const portfolioIds = ownPortfolios.map((p) => p.id);
    const messages = portfolioIds.length
      ? await this.db
          .select()
          .from(contactMessages)
          .where(inArray(contactMessages.portfolioId, portfolioIds))
          .orderBy(contactMessages.id)
      : [];

    const zip = new JSZip();
    zip.file('README.txt', README);
    zip.file('account.json', json(toUser(user)));
    const images = new Set<string>();
    for (const p of ownPortfolios) {
      const dir = `portfolios/${p.id}-${slug(p.name)}`;
      const content = contentOf(p.content);
      zip.file(
        `${dir}/portfolio.json`,
        json({
          id: p.id,
          name: p.name,
          template: p.template,
          domain: p.domain,
          customDomain: p.customDomain,
          published: p.published,
          version: p.version,
          createdAt: p.createdAt.toISOString(),
          updatedAt: p.updatedAt.toISOString(),
          content: content ?? p.content,
        }),
      );
      if (content) zip.file(`${dir}/resume.json`, json(toJsonResume(content.data)));
      for (const name of uploadsIn(p.content)) images.add(name);
    }
    zip.file(
      'resumes/index.json',
      json(
        ownResumes.map((r) => ({
          id: r.id,
          filename: r.filename,
          mimeType: r.mimeType,
          sizeBytes: r.sizeBytes,
          sha256: r.sha256,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
      ),
    );
    for (const r of ownResumes) {
      // Stored: read as stored, even over a size cap (parsed before the caps).
      const parsed = withoutCaps(() => resumeDataSchema.safeParse(r.parsedData));
      if (!parsed.success) continue;
      zip.file(
        `resumes/${r.id}-${slug(r.filename.replace(/\.[^.]+$/, ''))}.json`,
        json(toJsonResume(parsed.data)),
      );
    }
    const originals = await this.db
      .select({ id: resumeOriginals.resumeId, bytes: resumeOriginals.bytes })
      .from(resumeOriginals)
      .innerJoin(resumes, eq(resumes.id, resumeOriginals.resumeId))
      .where(eq(resumes.userId, user.id));
    const names = new Map(ownResumes.map((r) => [r.id, r.filename]));
    for (const o of originals) {
      const name = names.get(o.id) ?? 'original';
      const ext = /\.[a-z0-9]{1,5}$/i.exec(name)?.[0] ?? '';
      zip.file(
        `resumes/originals/${o.id}-${slug(name.slice(0, name.length - ext.length))}${ext}`,
        o.bytes,
      );
    }
    for (const name of images) {
      const blob = await this.blobs.get(name);
      if (blob) zip.file(`uploads/${name}`, blob.bytes);
    }
    zip.file(
      'sites.json',
      json(
        ownSites.map((s) => ({
          portfolioId: s.portfolioId,
          status: s.status,
          label: s.label,
          ownDomain: s.ownDomain,
          firstPublishedAt: s.firstPublishedAt?.toISOString() ?? null,
          publishedAt: s.publishedAt?.toISOString() ?? null,
          hostingExpiresAt: s.hostingExpiresAt?.toISOString() ?? null,
        })),
      ),
    );
    zip.file(
      'messages.json',
      json(
        messages.map((m) => ({
          portfolioId: m.portfolioId,
          name: m.name,
          email: m.email,
          subject: m.subject,
          message: m.message,
          createdAt: m.createdAt.toISOString(),
        })),
      ),
    );
    zip.file(
      'payments.json',
      json(
        ownPayments.map((p) => ({
          reference: p.reference,
          plan: p.plan,
          interval: p.interval,
          amount: (p.amountCents / 100).toFixed(2),
          currency: p.currency,
          status: p.status,
          createdAt: p.createdAt.toISOString(),
          completedAt: p.completedAt?.toISOString() ?? null,
        })),
      ),
    );
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  /**
   * Deletes the account in one transaction: the user row goes, and with it (foreign keys cascade)
   * sessions, one-time tokens, portfolios, published sites and their versions, visitor counts,
   * site messages and resumes; payments stay as business records with the user id set to null.
   * The mail log rows to the address go too. Returns the sites that were live (for the hosting
   * cache); image files no one else uses are removed after the commit.
   */
  async deleteAccount(user: UserRow): Promise<{ sites: DeletedSite[]; images: string[] }> {
    const result = await this.db.transaction(async (tx) => {
      const owned = await tx
        .select({ id: portfolios.id, content: portfolios.content, domain: portfolios.domain })
        .from(portfolios)
        .where(eq(portfolios.userId, user.id));
      const liveSites = await tx
        .select({ portfolioId: sites.portfolioId, label: sites.label, host: sites.ownDomain })
        .from(sites)
        .where(eq(sites.userId, user.id));
      await tx.delete(mailLog).where(sql`lower(${mailLog.to}) = ${user.email.toLowerCase()}`);
      const [gone] = await tx
        .delete(users)
        .where(eq(users.id, user.id))
        .returning({ id: users.id });
      if (!gone) return null;
      const known = new Set(liveSites.map((s) => s.portfolioId));
      const allSites: DeletedSite[] = [
        ...liveSites,
        ...owned
          .filter((p) => !known.has(p.id))
          .map((p) => ({ portfolioId: p.id, label: p.domain, host: null })),
      ];
      return { sites: allSites, images: owned.flatMap((p) => uploadsIn(p.content)) };
    });
    if (!result) return { sites: [], images: [] };
    const removed: string[] = [];
    const images = [...new Set(result.images)];
    // Kept while any remaining portfolio or published version points at it, or another account
    // counts it as its upload (shared/upload-references.ts, features/uploads).
    const used = await uploadReferences(this.db, images);
    const counted = images.length
      ? await this.db
          .select({ name: uploads.name })
          .from(uploads)
          .where(inArray(uploads.name, images))
      : [];
    for (const name of images) {
      if (used.has(name) || counted.some((c) => c.name === name)) continue;
      await this.blobs.delete(name);
      removed.push(name);
    }
    return { sites: result.sites, images: removed };
  }
}
