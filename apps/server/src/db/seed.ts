import { randomBytes } from 'node:crypto';
import { MENU_ACTION_CODES } from '@app/contract/chat-menus';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS, ROLE } from '@app/contract/permissions';
import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedAiCharacter } from '../modules/ai-characters/ai-characters.seed.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { seedBilling } from '../modules/billing/billing.seed.ts';
import { companiesRepo } from '../modules/companies/companies.repo.ts';
import { platformIntegrationsRepo } from '../modules/integrations/integrations.repo.ts';
import { seedMessaging } from '../modules/integrations/integrations.seed.ts';
import { PLATFORMS } from '../modules/integrations/integrations.service.ts';
import { seedKnowledge } from '../modules/knowledge/knowledge.seed.ts';
import { rbacRepo } from '../modules/rbac/rbac.repo.ts';
import { usersRepo } from '../modules/users/users.repo.ts';
import type { Db } from './client.ts';
import { menuActions } from './schema/platform.ts';
import { users } from './schema/users.ts';

const ROLE_DESCRIPTIONS = {
  [ROLE.superAdmin]: 'Platform operator: manages companies, roles, packages and payments',
  [ROLE.clientAdmin]: 'Company administrator: every client permission',
  [ROLE.clientUser]: 'Company agent: reads everything, answers chats and works tickets',
};

/**
 * What every installation needs, on every start: the permission catalogue and the three built-in
 * roles. A role's default policies are written only when the role is created, so a super admin's
 * later changes stay.
 */
export async function ensureBaseData(db: Db) {
  const rbac = rbacRepo(db);
  await rbac.createPermissions(PERMISSION_KEYS);
  await platformIntegrationsRepo(db).ensurePlatforms(PLATFORMS);
  for (const [name, description] of Object.entries(ROLE_DESCRIPTIONS)) {
    const id = await rbac.createRole({ name, description });
    if (id && name !== ROLE.superAdmin) {
      await rbac.setPolicies(
        id,
        DEFAULT_ROLE_PERMISSIONS[name as 'client_admin' | 'client_user'].map((action) => ({ action })),
      );
    }
  }
  // The actions the bot menu knows how to carry out; the super admin may add more names for them.
  await db
    .insert(menuActions)
    .values(BUILT_IN_MENU_ACTIONS.map(([actionCode, actionName]) => ({ actionCode, actionName })))
    .onConflictDoNothing({ target: menuActions.actionCode });
}

const BUILT_IN_MENU_ACTIONS = [
  [MENU_ACTION_CODES.reply, 'Reply with the description'],
  [MENU_ACTION_CODES.workflow, 'Run the workflow'],
  [MENU_ACTION_CODES.handOver, 'Hand over to a person'],
  [MENU_ACTION_CODES.ticket, 'Create a ticket'],
] as const;

export interface SeededAccount {
  role: string;
  email: string;
  password: string;
}

/** Demo accounts for a first start: a super admin and one company with an admin and an agent. */
export async function seedDemo(db: Db, config: Config): Promise<SeededAccount[] | null> {
  const accounts = config.seedAccounts;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const password = (given?: string) => given ?? randomBytes(9).toString('base64url');
  const repo = usersRepo(db);
  const company = await companiesRepo(db).create({
    companyName: 'Demo Company',
    industry: 'Technology',
    city: 'Jakarta',
    status: 'active',
    contactEmail: 'hello@demo.example.com',
    contactPhone: '6281234567890',
    website: 'https://demo.example.com',
    address: 'Jl. Jend. Sudirman No. 1, Jakarta',
  });
  await seedBilling(db, company.id);
  await seedMessaging(db, config, company.id);
  await seedKnowledge(db, company.id);
  await seedAiCharacter(db, company.id);
  const plan = [
    { role: ROLE.superAdmin, companyId: null, fullName: 'Super Admin', ...accounts.superAdmin },
    { role: ROLE.clientAdmin, companyId: company.id, fullName: 'Demo Admin', ...accounts.clientAdmin },
    { role: ROLE.clientUser, companyId: company.id, fullName: 'Demo Agent', ...accounts.clientUser },
  ];
  const seeded: SeededAccount[] = [];
  for (const account of plan) {
    const secret = password(account.password);
    const email = account.email.toLowerCase();
    await repo.create({
      companyId: account.companyId,
      email,
      username: email.split('@')[0]!,
      passwordHash: await hashPassword(secret),
      fullName: account.fullName,
      phone: '628123456789',
      waNumber: '628123456789',
      address: account.companyId ? 'Jakarta' : null,
      roles: [account.role],
    });
    seeded.push({ role: account.role, email, password: secret });
  }
  return seeded;
}
