import { ROLE } from '@app/contract/permissions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { passwordResetTokens, refreshTokens, sessions } from '../../db/schema/auth.ts';
import { companies } from '../../db/schema/companies.ts';
import { rolePolicies, roles } from '../../db/schema/rbac.ts';
import { users } from '../../db/schema/users.ts';

/** Every request's access check: one statement, prepared once. */
const sessionUserQuery = preparedQuery((db) => {
  const actor = alias(users, 'actor');
  return db
    .select({
      user: users,
      sessionRevokedAt: sessions.revokedAt,
      company: {
        externalId: companies.externalId,
        status: companies.status,
        deletedAt: companies.deletedAt,
        accessLevel: companies.accessLevel,
        customPermissions: companies.customPermissions,
      },
      actor: { id: actor.id, externalId: actor.externalId, email: actor.email },
      // The policies of the user's primary role (the first), in the same round trip.
      rolePermissions: sql<
        string[]
      >`coalesce((select array_agg(${rolePolicies.action}) from ${rolePolicies} inner join ${roles} on ${roles.id} = ${rolePolicies.roleId} where ${roles.name} = coalesce(${users.roles}[1], ${ROLE.clientUser})), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(actor, eq(actor.id, sessions.actingSuperAdminId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .prepare('session_user');
});

/** Sessions, refresh tokens and reset tokens: the only code that touches those tables. */
export function authRepo(db: Db) {
  return {
    async createSession(userId: number, actingSuperAdminId: number | null) {
      const [session] = await db
        .insert(sessions)
        .values({ userId, actingSuperAdminId })
        .returning({ id: sessions.id });
      return session!.id;
    },

    /** The signed-in user behind an access token, with what the guard needs to decide. */
    async findSessionUser(sessionId: string, userId: number) {
      const [row] = await sessionUserQuery(db).execute({ sessionId, userId });
      return row;
    },

    revokeSession(id: string, reason: string) {
      return db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    revokeUserSessions(userId: number, reason: string) {
      return db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of a company's users (suspension, deletion). */
    revokeCompanySessions(companyId: number, reason: string) {
      return db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            isNull(sessions.revokedAt),
            inArray(
              sessions.userId,
              db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)),
            ),
          ),
        );
    },

    addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date) {
      return db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          userId: sessions.userId,
          sessionRevokedAt: sessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** Marks a refresh token used; false when another request used it first. */
    async useRefreshToken(id: number) {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    addResetToken(userId: number, tokenHash: string, expiresAt: Date) {
      return db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },

    /** Consumes a reset token once; the user's id when it was valid. */
    async useResetToken(tokenHash: string) {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
        .returning({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt });
      return row && row.expiresAt > new Date() ? row.userId : null;
    },
  };
}
