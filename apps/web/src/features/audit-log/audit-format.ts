import dayjs from 'dayjs';

/** Every action the server records today (apps/server/src/modules/audit/audit.repo.ts). */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.refresh_reused',
  'auth.enter_client',
  'auth.leave_client',
  'rbac.role_created',
  'rbac.role_updated',
  'rbac.role_deleted',
  'rbac.permission_created',
  'rbac.permission_updated',
  'rbac.permission_deleted',
  'users.created',
  'users.updated',
  'users.deleted',
  'companies.updated',
  'companies.status_changed',
  'companies.deleted',
  'companies.access_changed',
  'settings.updated',
] as const;
export type KnownAuditAction = (typeof AUDIT_ACTIONS)[number];

/** The action-group filter: the server matches `action` as a prefix. */
export const AUDIT_GROUPS = [
  { value: '', labelKey: 'auditLog.groups.all' },
  { value: 'auth.', labelKey: 'auditLog.groups.auth' },
  { value: 'rbac.', labelKey: 'auditLog.groups.rbac' },
  { value: 'users.', labelKey: 'auditLog.groups.users' },
  { value: 'companies.', labelKey: 'auditLog.groups.companies' },
  { value: 'settings.', labelKey: 'auditLog.groups.settings' },
] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number]['value'];

export const isKnownAction = (action: string): action is KnownAuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The catalogue key of a known action's label (`auth.sign_in` → `auditLog.actions.auth.sign_in`). */
export const actionLabelKey = (action: string): string | null =>
  isKnownAction(action) ? `auditLog.actions.${action}` : null;

/** An action the web does not know yet, still readable: `billing.invoice_paid` → `Billing: invoice paid`. */
export function humanizeAction(action: string): string {
  const [group = '', ...rest] = action.split('.');
  const words = (text: string) => text.replace(/[_-]+/g, ' ').trim();
  const head = words(group);
  const tail = words(rest.join(' '));
  const title = head ? head.charAt(0).toUpperCase() + head.slice(1) : '';
  return tail ? `${title}: ${tail}` : title || action;
}

/** The label people read for an action: the catalogue's for known ones, the code humanized otherwise. */
export function actionLabel(action: string, t: (key: string) => string): string {
  const key = actionLabelKey(action);
  return key ? t(key) : humanizeAction(action);
}

/** dd-MM-yyyy HH:mm:ss in the browser's time zone (client-area §9); a dash when there is none. */
export const AUDIT_DATE_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export function formatAuditDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(AUDIT_DATE_FORMAT) : '-';
}

/** The entry's details as indented JSON; null when there are none worth showing. */
export function formatAuditDetails(details: Record<string, unknown> | null | undefined): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  return JSON.stringify(details, null, 2);
}

/** The super admin's e-mail to show as "as …": only when someone else's account was used. */
export function actingAs(actor: string | null, acting: string | null): string | null {
  if (!acting) return null;
  return actor && actor.toLowerCase() === acting.toLowerCase() ? null : acting;
}
