import { deniedMessage, MSG } from '@app/contract/messages';
import type { PermissionKey } from '@app/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors.ts';

/**
 * What every route under /api must declare: who may call it. `signedIn` is for a caller's own
 * things (profile, preferences, sign-out); `permission` routes are tenant-scoped and need a company.
 */
export type Access =
  | { public: true }
  | { signedIn: true }
  | { superAdmin: true }
  | { permission: PermissionKey };

export interface Principal {
  userId: number;
  externalId: string;
  email: string;
  fullName: string;
  companyId: number | null;
  companyExternalId: string | null;
  role: string;
  roles: string[];
  permissions: ReadonlySet<string>;
  isSuperAdmin: boolean;
  actingSuperAdmin: { id: number; externalId: string; email: string } | null;
  sessionId: string;
}

/** The context tenant repositories are created with. */
export interface Tenant {
  companyId: number;
  userId: number;
  actingSuperAdminId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type PrincipalLoader = (request: FastifyRequest) => Promise<Principal | null>;

export const describeAccess = (access: Access) =>
  'public' in access
    ? 'public'
    : 'signedIn' in access
      ? 'signed-in'
      : 'superAdmin' in access
        ? 'super-admin'
        : `tenant:${access.permission}`;

export const DOCS_PREFIX = '/api/docs';

/** Refuses to register an /api route without an access declaration, so none can be forgotten. */
export function requireAccessDeclarations(app: FastifyInstance, routeMap: Map<string, string>) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    // The OpenAPI pages come from a plugin that cannot declare; they are public documentation.
    if (route.url.startsWith(DOCS_PREFIX))
      route.config = { ...(route.config as object), access: { public: true } };
    const access = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access (public, signedIn, superAdmin or permission)`,
      );
    }
    for (const method of methods) routeMap.set(`${method} ${route.url}`, describeAccess(access));
  });
}

/** Resolves the caller once per request and enforces the route's declaration. */
export function enforceAccess(
  app: FastifyInstance,
  loadPrincipal: PrincipalLoader,
  maintenance: { active: () => Promise<boolean>; message: string },
) {
  app.decorateRequest('principal', null);
  // Before validation, so an anonymous caller learns nothing about the body it should send.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const principal = await loadPrincipal(request);
    if (!principal) throw unauthorized(MSG.unauthenticated);
    request.principal = principal;
    if ('superAdmin' in access && !principal.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
    if ('permission' in access) {
      if (principal.companyId === null || !principal.permissions.has(access.permission)) {
        throw forbidden(deniedMessage(access.permission), 'permission_denied');
      }
      // Maintenance mode makes the client area read-only.
      if (request.method !== 'GET' && (await maintenance.active())) {
        throw new AppError(503, 'maintenance', maintenance.message);
      }
    }
  });
}

/** The signed-in caller of a non-public route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(MSG.unauthenticated);
  return request.principal;
}

/** The tenant of a permission route; the guard has already made sure there is one. */
export function tenantOf(request: FastifyRequest): Tenant {
  return tenantFromPrincipal(principalOf(request));
}

/** The tenant a signed-in caller acts for (also for callers outside HTTP, such as a WebSocket). */
export function tenantFromPrincipal(principal: Principal): Tenant {
  if (principal.companyId === null) throw forbidden(MSG.permissionDenied);
  return {
    companyId: principal.companyId,
    userId: principal.userId,
    actingSuperAdminId: principal.actingSuperAdmin?.id ?? null,
  };
}
