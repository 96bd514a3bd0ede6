import { ROLE } from '@app/contract/permissions';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type CompanyRow = typeof companies.$inferSelect;

export interface CompanyFilter {
  search: string;
  status?: string;
  industry?: string;
  city?: string;
  packageId?: number;
}

// Read for every AI reply and many other paths: prepared once (see db/prepared.ts).
const byIdQuery = preparedQuery((db) =>
  db
    .select()
    .from(companies)
    .where(and(isNull(companies.deletedAt), eq(companies.id, sql.placeholder('id'))))
    .prepare('company_by_id'),
);

/** Companies as the platform (super admin) sees them; soft-deleted ones are invisible. */
export function companiesRepo(db: Db) {
  const live = isNull(companies.deletedAt);
  return {
    async list(page: PageRequest, filter: CompanyFilter) {
      const pattern = likePattern(filter.search);
      const where = and(
        live,
        filter.search
          ? or(
              ilike(companies.companyName, pattern),
              ilike(companies.industry, pattern),
              ilike(companies.city, pattern),
            )
          : undefined,
        filter.status ? eq(companies.status, filter.status) : undefined,
        filter.industry ? eq(companies.industry, filter.industry) : undefined,
        filter.city ? ilike(companies.city, likePattern(filter.city)) : undefined,
        filter.packageId ? eq(companies.packageId, filter.packageId) : undefined,
      );
      return pageOfRows(db, companies, where, page);
    },

    async update(id: number, changes: Partial<typeof companies.$inferInsert>) {
      const [row] = await db
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(live, eq(companies.id, id)))
        .returning();
      return row;
    },

    /** Soft delete: the rows stay for the record; the company is hidden and its users locked out. */
    async remove(id: number) {
      const rows = await db
        .update(companies)
        .set({ deletedAt: new Date(), status: 'inactive' })
        .where(and(live, eq(companies.id, id)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },

    async activeUserCount(companyId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.status, 'active')));
      return row?.n ?? 0;
    },

    async findById(id: number) {
      const [row] = await byIdQuery(db).execute({ id });
      return row;
    },

    async findByExternalId(externalId: string) {
      const [row] = await db
        .select()
        .from(companies)
        .where(and(live, eq(companies.externalId, externalId)));
      return row;
    },

    async create(input: typeof companies.$inferInsert) {
      const [row] = await db.insert(companies).values(input).returning();
      return row!;
    },

    async firstActiveAdmin(companyId: number) {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            isNull(users.deletedAt),
            eq(users.status, 'active'),
            sql`${ROLE.clientAdmin} = any(${users.roles})`,
          ),
        )
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1);
      return row;
    },
  };
}
