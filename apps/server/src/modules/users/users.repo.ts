import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { companies } from '../../db/schema/companies.ts';
import { userPreferences, users } from '../../db/schema/users.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'fullName'
    | 'phone'
    | 'waNumber'
    | 'address'
    | 'imageUrl'
    | 'dateOfBirth'
    | 'roles'
    | 'status'
    | 'passwordHash'
  >
>;

export const userSortColumns = {
  created_at: users.createdAt,
  full_name: users.fullName,
  email: users.email,
  last_active_at: users.lastActiveAt,
};

const live = isNull(users.deletedAt);

/** Users by identity, for sign-in and a caller's own account: never a list across companies. */
export function usersRepo(db: Db) {
  const findOne = async (where: SQL | undefined) => {
    const [row] = await db.select().from(users).where(and(live, where));
    return row;
  };
  return {
    /** Sign-in accepts the e-mail address or the username. */
    findByLogin: (identifier: string) =>
      findOne(or(eq(users.email, identifier.toLowerCase()), eq(users.username, identifier.toLowerCase()))),
    findByEmail: (email: string) => findOne(eq(users.email, email.toLowerCase())),
    findById: (id: number) => findOne(eq(users.id, id)),
    findByExternalId: (externalId: string) => findOne(eq(users.externalId, externalId)),

    async emailOrUsernameTaken(email: string, username: string) {
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(and(live, or(eq(users.email, email), eq(users.username, username))));
      return {
        email: rows.some((row) => row.email === email),
        username: rows.some((row) => row.username === username),
      };
    },

    async create(input: NewUser) {
      const [row] = await db.insert(users).values(input).returning();
      return row!;
    },

    async update(id: number, changes: UserChanges) {
      const [row] = await db
        .update(users)
        .set(changes)
        .where(and(live, eq(users.id, id)))
        .returning();
      return row;
    },

    /** Recorded at most once a minute per user, so busy clients do not write on every call. */
    touchLastActive(id: number) {
      return db
        .update(users)
        .set({ lastActiveAt: sql`now()`, updatedAt: users.updatedAt })
        .where(
          and(
            eq(users.id, id),
            sql`(${users.lastActiveAt} is null or ${users.lastActiveAt} < now() - interval '1 minute')`,
          ),
        );
    },

    async company(companyId: number) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row;
    },

    async preferences(userId: number) {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      return row;
    },

    async savePreferences(userId: number, changes: Partial<typeof userPreferences.$inferInsert>) {
      const [row] = await db
        .insert(userPreferences)
        .values({ ...changes, userId })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;

/** The users of one company. Every query is scoped to it: another company's user is not found. */
export function companyUsersRepo(db: Db, companyId: number) {
  const inCompany = and(live, eq(users.companyId, companyId));
  return {
    async list(page: PageRequest, search: string) {
      const where = and(
        inCompany,
        search
          ? or(
              ilike(users.fullName, likePattern(search)),
              ilike(users.email, likePattern(search)),
              ilike(users.phone, likePattern(search)),
            )
          : undefined,
      );
      return pageOfRows(db, users, where, page);
    },

    async find(by: { id: number } | { externalId: string }) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(inCompany, 'id' in by ? eq(users.id, by.id) : eq(users.externalId, by.externalId)));
      return row;
    },

    async update(id: number, changes: UserChanges) {
      const [row] = await db
        .update(users)
        .set(changes)
        .where(and(inCompany, eq(users.id, id)))
        .returning();
      return row;
    },

    /** Soft delete; the e-mail and username become free again. */
    async remove(id: number) {
      const rows = await db
        .update(users)
        .set({ deletedAt: new Date(), status: 'inactive' })
        .where(and(inCompany, eq(users.id, id)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

/** Every user of the platform, for super admins' User Management. */
export function platformUsersRepo(db: Db) {
  return {
    async list(page: PageRequest, search: string, role?: string) {
      const where = and(
        live,
        search
          ? or(ilike(users.fullName, likePattern(search)), ilike(users.email, likePattern(search)))
          : undefined,
        role ? sql`${role} = any(${users.roles})` : undefined,
      );
      return pageOfRows(db, users, where, page);
    },
  };
}
