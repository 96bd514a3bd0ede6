import type { SessionUser, Tokens } from '@app/contract/auth';
import { MSG } from '@app/contract/messages';
import { ROLE } from '@app/contract/permissions';
import { hash, verify } from '@node-rs/argon2';
import type { Deps } from '../../deps.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { auditRepo } from '../audit/audit.repo.ts';
import { companiesRepo } from '../companies/companies.repo.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import { rbacRepo } from '../rbac/rbac.repo.ts';
import { type UserRow, usersRepo } from '../users/users.repo.ts';
import { authRepo } from './auth.repo.ts';
import { hashToken, newSecretToken } from './auth.tokens.ts';

export const hashPassword = (password: string) => hash(password);

// Verifying against this when the account does not exist keeps the answer time the same.
const DUMMY_HASH = hash('not-a-real-password-0000');

const RESET_TTL_MINUTES = 60;
const BLOCKED_COMPANY_STATUSES = ['suspended', 'inactive'];

export interface RequestMeta {
  ip: string;
}

/** Sign-in, sessions, password reset and entering a client account. */
export function authService(deps: Deps, platform: PlatformService) {
  const { db, config } = deps;
  const auth = authRepo(db);
  const users = usersRepo(db);
  const rbac = rbacRepo(db);
  const audit = auditRepo(db);

  const primaryRole = (row: UserRow) => row.roles[0] ?? ROLE.clientUser;

  /** The role's permissions, narrowed to the company's custom access level when it has one. */
  function narrowToCompany(
    granted: string[],
    company?: { accessLevel: string; customPermissions: string[] } | null,
  ) {
    if (company?.accessLevel !== 'custom') return granted;
    return granted.filter((key) => company.customPermissions.includes(key));
  }
  const effectivePermissions = async (
    role: string,
    company?: { accessLevel: string; customPermissions: string[] } | null,
  ) => narrowToCompany(await rbac.permissionsOfRole(role), company);

  async function sessionUser(row: UserRow, acting: Principal['actingSuperAdmin']): Promise<SessionUser> {
    const company = row.companyId ? await users.company(row.companyId) : undefined;
    const role = primaryRole(row);
    return {
      id: row.id,
      external_id: row.externalId,
      email: row.email,
      full_name: row.fullName,
      role,
      roles: row.roles,
      company_id: row.companyId,
      company_external_id: company?.externalId ?? null,
      permissions: await effectivePermissions(role, company),
      acting_super_admin: acting ? { external_id: acting.externalId, email: acting.email } : null,
    };
  }

  async function issueTokens(
    sessionId: string,
    row: UserRow,
    acting: Principal['actingSuperAdmin'],
  ): Promise<Tokens> {
    const refresh = newSecretToken();
    const expiresAt = new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000);
    await auth.addRefreshToken(sessionId, hashToken(refresh), expiresAt);
    return {
      access_token: await deps.tokens.sign({ uid: row.id, sid: sessionId }, row.externalId),
      refresh_token: refresh,
      expires_in: deps.tokens.ttlSeconds,
      user: await sessionUser(row, acting),
    };
  }

  async function assertCompanyOpen(row: UserRow) {
    if (row.status === 'inactive') throw forbidden(MSG.accountInactive, 'account_inactive');
    if (!row.companyId) return;
    const company = await users.company(row.companyId);
    if (!company || company.deletedAt || BLOCKED_COMPANY_STATUSES.includes(company.status)) {
      throw forbidden(MSG.accountSuspended, 'company_suspended');
    }
  }

  async function throttle(identifier: string, ip: string) {
    const { perAccount, perAddress, minutes } = config.loginThrottle;
    const windowStart = new Date(Date.now() - minutes * 60_000);
    const [byAccount, byAddress] = await Promise.all([
      audit.countSince('auth.sign_in_failed', { subject: identifier }, windowStart),
      audit.countSince('auth.sign_in_failed', { ip }, windowStart),
    ]);
    if (byAccount >= perAccount || byAddress >= perAddress) {
      throw tooManyRequests(MSG.tooManyAttempts(minutes), minutes * 60);
    }
  }

  /** When this process last moved each user's Last Active. */
  const touched = new Map<number, number>();

  // Who each session is, remembered for a moment (db/remembered.ts): reading it for every request
  // was half the cost of a page.
  const principals = deps.remembered.cache<string, Principal | null>();

  return {
    async login(body: { username?: string; email?: string; password: string }, meta: RequestMeta) {
      const identifier = (body.username || body.email || '').trim().toLowerCase();
      await throttle(identifier, meta.ip);
      const row = await users.findByLogin(identifier);
      const valid = await verify(row?.passwordHash ?? (await DUMMY_HASH), body.password).catch(() => false);
      if (!row || !valid) {
        await audit.record({
          action: 'auth.sign_in_failed',
          subject: identifier,
          ip: meta.ip,
          companyId: row?.companyId ?? null,
        });
        throw unauthorized(MSG.invalidCredentials, 'invalid_credentials');
      }
      await assertCompanyOpen(row);
      const sessionId = await auth.createSession(row.id, null);
      await audit.record({
        action: 'auth.sign_in',
        actorUserId: row.id,
        companyId: row.companyId,
        subject: identifier,
        ip: meta.ip,
      });
      await users.touchLastActive(row.id);
      return issueTokens(sessionId, row, null);
    },

    /**
     * Rotation: each refresh token works once. Presenting a used one means it was stolen or
     * replayed, so the whole session (every token of the family) is revoked.
     */
    async refresh(refreshToken: string, meta: RequestMeta) {
      const token = await auth.findRefreshToken(hashToken(refreshToken));
      if (!token || token.sessionRevokedAt || token.expiresAt < new Date()) {
        throw unauthorized(MSG.refreshInvalid, 'refresh_invalid');
      }
      if (token.usedAt || !(await auth.useRefreshToken(token.id))) {
        await auth.revokeSession(token.sessionId, 'refresh_reused');
        await audit.record({ action: 'auth.refresh_reused', actorUserId: token.userId, ip: meta.ip });
        throw unauthorized(MSG.refreshReused, 'refresh_reused');
      }
      const row = await users.findById(token.userId);
      if (!row) throw unauthorized(MSG.refreshInvalid, 'refresh_invalid');
      const session = await auth.findSessionUser(token.sessionId, row.id);
      const acting = session?.actor?.id ? session.actor : null;
      if (!acting) await assertCompanyOpen(row);
      return issueTokens(token.sessionId, row, acting);
    },

    async logout(principal: Principal, meta: RequestMeta) {
      await auth.revokeSession(principal.sessionId, 'logout');
      await audit.record({
        action: 'auth.sign_out',
        actorUserId: principal.userId,
        companyId: principal.companyId,
        ip: meta.ip,
      });
    },

    /** Always the same answer, so nobody learns which addresses have accounts. */
    async forgotPassword(email: string, meta: RequestMeta) {
      const row = await users.findByEmail(email);
      const recent = await audit.countSince(
        'auth.password_reset_requested',
        { subject: email },
        new Date(Date.now() - 3_600_000),
      );
      await audit.record({
        action: 'auth.password_reset_requested',
        subject: email,
        ip: meta.ip,
        actorUserId: row?.id ?? null,
      });
      if (!row || recent >= 5) return;
      const token = newSecretToken();
      await auth.addResetToken(row.id, hashToken(token), new Date(Date.now() + RESET_TTL_MINUTES * 60_000));
      const link = `${config.publicUrl}/reset-password?token=${token}`;
      await deps.mailer.send({
        to: row.email,
        subject: 'Reset your AI Admin password',
        text: `Hello ${row.fullName},\n\nSomeone asked to reset the password of your AI Admin account. Open this link within ${RESET_TTL_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
      });
    },

    async completeReset(token: string, newPassword: string, meta: RequestMeta) {
      await platform.assertPassword(newPassword, 'new_password');
      const userId = await auth.useResetToken(hashToken(token));
      if (!userId)
        throw badRequest(MSG.resetTokenInvalid, [{ field: 'token', message: MSG.resetTokenInvalid }]);
      await users.update(userId, { passwordHash: await hashPassword(newPassword) });
      await auth.revokeUserSessions(userId, 'password_reset');
      await audit.record({ action: 'auth.password_reset', actorUserId: userId, ip: meta.ip });
    },

    async changePassword(principal: Principal, oldPassword: string, newPassword: string, meta: RequestMeta) {
      const row = await users.findById(principal.userId);
      if (!row) throw unauthorized(MSG.unauthenticated);
      if (!(await verify(row.passwordHash, oldPassword).catch(() => false))) {
        throw badRequest(MSG.currentPasswordWrong, [
          { field: 'old_password', message: MSG.currentPasswordWrong },
        ]);
      }
      await platform.assertPassword(newPassword, 'new_password');
      await users.update(row.id, { passwordHash: await hashPassword(newPassword) });
      await audit.record({
        action: 'auth.password_changed',
        actorUserId: row.id,
        companyId: row.companyId,
        ip: meta.ip,
      });
    },

    /** A super admin works inside a company as its first active client admin; the session records who really acts. */
    async enterClient(principal: Principal, companyExternalId: string, meta: RequestMeta) {
      if (principal.actingSuperAdmin) throw badRequest(MSG.superAdminOnly);
      const companies = companiesRepo(db);
      const company = await companies.findByExternalId(companyExternalId);
      if (!company) throw notFound(MSG.notFound('Company'));
      const admin = await companies.firstActiveAdmin(company.id);
      if (!admin) throw badRequest(MSG.companyHasNoAdmin);
      const acting = { id: principal.userId, externalId: principal.externalId, email: principal.email };
      const sessionId = await auth.createSession(admin.id, principal.userId);
      await audit.record({
        action: 'auth.enter_client',
        actorUserId: principal.userId,
        actingSuperAdminId: principal.userId,
        companyId: company.id,
        subject: company.externalId,
        ip: meta.ip,
      });
      return issueTokens(sessionId, admin, acting);
    },

    async leaveClient(principal: Principal, meta: RequestMeta) {
      if (!principal.actingSuperAdmin) throw badRequest(MSG.notInClientAccount);
      await auth.revokeSession(principal.sessionId, 'left_client');
      await audit.record({
        action: 'auth.leave_client',
        actorUserId: principal.actingSuperAdmin.id,
        actingSuperAdminId: principal.actingSuperAdmin.id,
        companyId: principal.companyId,
        subject: principal.companyExternalId,
        ip: meta.ip,
      });
    },

    /** The guard's view of a bearer token: null when the token, session, user or company is no longer good. */
    async principalOf(token: string): Promise<Principal | null> {
      const claims = await deps.tokens.verify(token);
      if (!claims) return null;
      const principal = await principals.get(claims.sid, () => loadPrincipal(claims.sid, claims.uid));
      return principal?.userId === claims.uid ? principal : null;
    },

    /** The same caller read again, for a long-lived connection whose token may have expired meanwhile. */
    principalOfSession: (principal: Principal) => loadPrincipal(principal.sessionId, principal.userId),

    /** The signed-in user as the web keeps it: role, company and permissions. */
    async me(principal: Principal) {
      const row = await users.findById(principal.userId);
      if (!row) throw unauthorized(MSG.unauthenticated);
      return sessionUser(row, principal.actingSuperAdmin);
    },
  };

  async function loadPrincipal(sessionId: string, userId: number): Promise<Principal | null> {
    const found = await auth.findSessionUser(sessionId, userId);
    if (!found || found.sessionRevokedAt || found.user.deletedAt || found.user.status === 'inactive')
      return null;
    const acting = found.actor?.id ? found.actor : null;
    const company = found.company?.externalId ? found.company : null;
    if (found.user.companyId && !acting) {
      if (!company || company.deletedAt || BLOCKED_COMPANY_STATUSES.includes(company.status)) return null;
    }
    const role = primaryRole(found.user);
    // Last Active moves at most once a minute; remembering our own last touch saves the write.
    const now = Date.now();
    if ((touched.get(found.user.id) ?? 0) < now - 60_000) {
      touched.set(found.user.id, now);
      await users.touchLastActive(found.user.id);
    }
    return {
      userId: found.user.id,
      externalId: found.user.externalId,
      email: found.user.email,
      fullName: found.user.fullName,
      companyId: found.user.companyId,
      companyExternalId: company?.externalId ?? null,
      role,
      roles: found.user.roles,
      permissions: new Set(narrowToCompany(found.rolePermissions, company)),
      isSuperAdmin: found.user.roles.includes(ROLE.superAdmin),
      actingSuperAdmin: acting ? { id: acting.id, externalId: acting.externalId, email: acting.email } : null,
      sessionId,
    };
  }
}
export type AuthService = ReturnType<typeof authService>;
