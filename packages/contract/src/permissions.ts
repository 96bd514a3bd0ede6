/**
 * Permission keys. Client-area §6 names most of them; the rest (contacts, chat menus, workflows,
 * billing, dashboard, AI character, ticket categories) are ours so that every screen is guarded.
 */
export const FEATURES = {
  users: ['read', 'create', 'update', 'delete'],
  knowledge: ['read', 'create', 'update', 'delete'],
  integration: ['read', 'create', 'update', 'delete'],
  ticket: ['read', 'create', 'update', 'delete'],
  blast: ['read', 'create', 'update', 'delete'],
  message: ['read', 'update'],
  chat: ['read', 'create', 'delete'],
  schedule: ['read', 'create', 'update', 'delete'],
  contact: ['read', 'update', 'delete'],
  chatmenu: ['read', 'create', 'update', 'delete'],
  workflow: ['read', 'create', 'update', 'delete'],
  billing: ['read', 'update'],
  dashboard: ['read'],
  ai: ['read', 'update'],
} as const;

type Features = typeof FEATURES;
export type PermissionKey = {
  [F in keyof Features]: `${F & string}_${Features[F][number]}`;
}[keyof Features];

export const PERMISSION_KEYS = Object.entries(FEATURES).flatMap(([feature, actions]) =>
  actions.map((action) => `${feature}_${action}`),
) as PermissionKey[];

export const ROLE = {
  superAdmin: 'super_admin',
  clientAdmin: 'client_admin',
  clientUser: 'client_user',
} as const;
export type BuiltInRole = (typeof ROLE)[keyof typeof ROLE];

/** client_admin holds every client key; client_user reads, answers chats and works tickets. */
export const DEFAULT_ROLE_PERMISSIONS: Record<'client_admin' | 'client_user', PermissionKey[]> = {
  client_admin: PERMISSION_KEYS,
  client_user: [
    ...PERMISSION_KEYS.filter((key) => key.endsWith('_read')),
    'chat_create',
    'ticket_create',
    'ticket_update',
  ],
};

/** A policy's path is the permission name with underscores turned into slashes (super-admin §6). */
export const policyPath = (action: string) => action.replaceAll('_', '/');

export const isPermissionKey = (value: string): value is PermissionKey =>
  (PERMISSION_KEYS as string[]).includes(value);
