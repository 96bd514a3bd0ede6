import type { Role } from '@app/contract/rbac';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { setPermissions, useSession } from '../auth/session.ts';

/**
 * Loads, in the background, the policies of the role whose name matches the user's role and keeps
 * their actions as the session's permissions (client-area §6, super-admin §6).
 */
export function useRolePolicies() {
  const session = useSession();
  const role = session?.role ?? '';
  const query = useQuery({
    queryKey: ['role-policies', role],
    queryFn: async () => (await api.get<Role[]>('/rbac/roles', { query: { search: role, limit: 100 } })).data,
    enabled: Boolean(role),
    staleTime: 5 * 60_000,
  });
  const actions = query.data
    ?.find((candidate) => candidate.name === role)
    ?.policies.map((policy) => policy.action);
  const current = session?.permissions.join(',');
  useEffect(() => {
    if (actions && actions.join(',') !== current) setPermissions(actions);
  }, [actions, current]);
}
