import { and, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { companies } from '../../db/schema/companies.ts';
import { integrations, platforms } from '../../db/schema/messaging.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type IntegrationRow = typeof integrations.$inferSelect;
export type PlatformRow = typeof platforms.$inferSelect;
export type IntegrationWithPlatform = { integration: IntegrationRow; platform: PlatformRow };

export const integrationSortColumns = { created_at: integrations.createdAt, title: integrations.title };

const live = isNull(integrations.deletedAt);
const withPlatform = (db: Db) =>
  db
    .select({ integration: integrations, platform: platforms })
    .from(integrations)
    .innerJoin(platforms, eq(platforms.id, integrations.platformId));

/** What a webhook needs first: the integration, its platform, and whether its company may receive. */
export type WebhookIntegration = IntegrationWithPlatform & { companyStatus: string | null };

// Every webhook starts here: prepared once (see db/prepared.ts).
const webhookLookupQuery = preparedQuery((db) =>
  db
    .select({ integration: integrations, platform: platforms, companyStatus: companies.status })
    .from(integrations)
    .innerJoin(platforms, eq(platforms.id, integrations.platformId))
    .leftJoin(companies, and(eq(companies.id, integrations.companyId), isNull(companies.deletedAt)))
    .where(and(live, eq(integrations.externalId, sql.placeholder('externalId'))))
    .prepare('webhook_integration'),
);

/** One company's integrations. */
export function integrationsRepo(db: Db, companyId: number) {
  const mine = and(live, eq(integrations.companyId, companyId));
  return {
    async list(page: PageRequest, search: string, status?: string) {
      const where = and(
        mine,
        search ? ilike(integrations.title, likePattern(search)) : undefined,
        status ? eq(integrations.status, status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        withPlatform(db)
          .where(where)
          .orderBy(page.order, integrations.id)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(integrations).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: number): Promise<IntegrationWithPlatform | undefined> {
      const [row] = await withPlatform(db).where(and(mine, eq(integrations.id, id)));
      return row;
    },

    async active() {
      return withPlatform(db)
        .where(and(mine, eq(integrations.status, 'active')))
        .orderBy(integrations.id);
    },

    async create(input: Omit<typeof integrations.$inferInsert, 'companyId'>) {
      const [row] = await db
        .insert(integrations)
        .values({ ...input, companyId })
        .returning();
      return row!;
    },

    async update(id: number, changes: Partial<typeof integrations.$inferInsert>) {
      const [row] = await db
        .update(integrations)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(mine, eq(integrations.id, id)))
        .returning();
      return row;
    },

    async remove(id: number) {
      const rows = await db
        .update(integrations)
        .set({ deletedAt: new Date(), status: 'inactive' })
        .where(and(mine, eq(integrations.id, id)))
        .returning({ id: integrations.id });
      return rows.length === 1;
    },
  };
}

/** Lookups that come before any tenant is known: a webhook names its integration in the path. */
export function platformIntegrationsRepo(db: Db) {
  return {
    /** `companyStatus` is null when the company was deleted. */
    async findForWebhook(externalId: string): Promise<WebhookIntegration | undefined> {
      const [row] = await webhookLookupQuery(db).execute({ externalId });
      return row;
    },
    async findById(id: number): Promise<IntegrationWithPlatform | undefined> {
      const [row] = await withPlatform(db).where(and(live, eq(integrations.id, id)));
      return row;
    },
    async findActiveByLookup(kind: string, lookup: string): Promise<IntegrationWithPlatform | undefined> {
      const [row] = await withPlatform(db).where(
        and(
          live,
          eq(integrations.status, 'active'),
          eq(integrations.accountLookup, lookup),
          eq(platforms.kind, kind),
        ),
      );
      return row;
    },
    allActive: () =>
      withPlatform(db)
        .where(and(live, eq(integrations.status, 'active')))
        .orderBy(integrations.id),
    async setConnection(
      id: number,
      changes: { connectionState: string; lastError: string | null; accountName?: string | null },
    ) {
      await db
        .update(integrations)
        .set({ ...changes, lastSyncAt: new Date() })
        .where(eq(integrations.id, id));
    },
    platforms: () => db.select().from(platforms).orderBy(platforms.id),
    async platform(id: number) {
      const [row] = await db.select().from(platforms).where(eq(platforms.id, id));
      return row;
    },
    /** The channel catalogue; written on every start, so it is always complete. */
    async ensurePlatforms(list: { platformName: string; kind: string }[]) {
      await db.insert(platforms).values(list).onConflictDoNothing({ target: platforms.platformName });
    },
  };
}
